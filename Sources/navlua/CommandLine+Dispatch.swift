#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaBridge
import NavLuaEngine
import NavLuaVisuals
import NavLuaTestRunner

extension CommandLine {
    /// argv as the bytes the shell passed: CommandLine.arguments would
    /// replace what is not UTF-8 with U+FFFD. (Not in main.swift, whose
    /// top-level closures are main-actor code that links Swift's
    /// concurrency runtime into every start.)
    static var rawArguments: [[UInt8]] {
        var argv: [[UInt8]] = []
        argv.reserveCapacity(Int(argc))
        for i in 0..<Int(argc) {
            guard let p = unsafeArgv[i] else { argv.append([]); continue }
            argv.append(Array(UnsafeRawBufferPointer(start: p, count: strlen(p))))
        }
        return argv
    }

    /// Runs the command named by argv[1]; returns the exit code. Anything
    /// that is not a navlua command is lua.c's command line (`navlua -e
    /// CODE`, `navlua FILE`, `navlua -i`, ...), as `navlua run` takes it.
    static func dispatch(_ argv: [[UInt8]]) -> Int32 {
        guard argv.count > 1 else { return RunCommand.main(argv, from: 1, explicit: false) }
        switch String(decoding: argv[1], as: UTF8.self) {
        case "run": return RunCommand.main(argv, from: 2, explicit: true)
        case "test": return TestCommand.main(arguments: Array(argv.dropFirst(2)))
        case "repl": return ReplCommand.main(argv)
        case "touches": return TouchesCommand.main(argv)
        case "explore": return ExploreCommand.main(argv)
        case "--version":
            print(NavLuaHost.version)
            return 0
        case "--help", "help":
            print(Usage.text)
            return 0
        case "--cpath":
            print(ModulePath.cpathEntry)
            return 0
        default:
            if let problem = mistypedCommand(argv[1]) { return problem.report() }
            return RunCommand.main(argv, from: 1, explicit: false)
        }
    }

    /// `navlua rum x.lua`: a first word that is no file and one or two
    /// edits from a command is a usage error that names the command,
    /// where lua would say only "cannot open rum". A file of that name
    /// runs, as before.
    private static func mistypedCommand(_ word: [UInt8]) -> CommandLineError? {
        let name = String(decoding: word, as: UTF8.self)
        guard word.first != UInt8(ascii: "-"), !name.contains("/"), !name.contains("."),
              let command = NameSuggestion.nearest(name, among: Usage.commands),
              access(name, F_OK) != 0 else { return nil }
        return CommandLineError("'\(name)' is no command and no file (did you mean 'navlua \(command)'?)")
    }
}

enum Usage {
    /// The commands `dispatch` knows, for "did you mean".
    static let commands = ["run", "test", "repl", "touches", "explore", "help"]
    /// The options of `navlua` alone.
    static let globalOptions = ["--version", "--help", "--cpath"]

    static let text = """
    usage: navlua run [options] [script [args]]   run a scenario, as lua does ('-' reads standard input)
           navlua [options] [script [args]]       the same without 'run' (alone on a terminal: the REPL)
           navlua test [options] [PATH...]         run busted spec files (default: ./spec or .)
           navlua repl [options] [FILE [ARGS]]     interactive REPL
           navlua touches import --from getevent|cdp FILE [--screen WxH] [--axes XMAX,YMAX]
                                                  a device's touch log as navlua's records (JSON Lines)
           navlua explore FILE [--runs N] [--seed N] [--steps N] [--html OUT.html] [--shard K/N]
                                                  search random gestures for one that breaks a rule
           navlua --version | --help | --cpath    (--cpath: the LUA_CPATH entry for require "navlua")

    lua's options, in any order, as lua5.4 takes them:
      -e stat   execute string 'stat'           -l mod    require library 'mod' into global 'mod'
      -i        enter the REPL after 'script'   -l g=mod  require library 'mod' into global 'g'
      -v        show version information        -E        ignore environment variables
      -W        turn warnings on                --        stop handling options
      -         stop handling options and execute stdin
    and LUA_INIT_5_4 / LUA_INIT (code, or @file) runs first unless -E.

    run options:
      --timeout SECONDS     end the script with an error after this much wall time
      --memory-limit MB     end the script with an error past this much Lua memory
      --trace FILE          write the trace: .json (Chrome Trace Event format) or .jsonl
      --timeline FILE.svg   write a chart of the run over time
      --filmstrip FILE.svg  write the run's moments (touch down, pan begin, lift, finish) side by side
      --html FILE.html      write a replay of the run to watch in a browser
      --preset NAME         preset of navigations made without one (also for test)

    test options: busted's (its flags and ./.busted; `navlua test --help` lists them all), and
      -o text|tap|NAME      output: navlua's text (default) or TAP, or busted's handler NAME
      --output FILE         with -o: write the report to FILE
      --jobs N              files run in parallel (default: the number of cores)
      --shard K/N           run the K-th of N stable shares of the files
      --update-snapshots    rewrite stored snapshots
      --strict-hooks        a misspelled screen hook (will_go_bak) fails its test
      --coverage            write LCOV line coverage (--coverage-output FILE, default lcov.info)
      --html DIR            write an HTML replay of each failing test into DIR
      --timeout SECONDS     per file;  --memory-limit MB  per file

    exit status: 0 success, 1 script error or failed test, 2 usage error
    """
}
