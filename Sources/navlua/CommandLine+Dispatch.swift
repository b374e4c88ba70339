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
        case "run" where argv.count == 3 && isHelp(argv[2]), "repl" where argv.count == 3 && isHelp(argv[2]):
            print(Usage.text)
            return 0
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
        case "--declared-options":
            return DeclaredOptions.main(argv)
        case "--cpath":
            print(ModulePath.cpathEntry)
            return 0
        default:
            if let problem = mistypedCommand(argv[1]) { return problem.report() }
            return RunCommand.main(argv, from: 1, explicit: false)
        }
    }

    /// `navlua run --help`, `navlua repl -h`: the usage, as `navlua --help`.
    private static func isHelp(_ word: [UInt8]) -> Bool {
        word == Array("--help".utf8) || word == Array("-h".utf8)
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

    /// `navlua --help`: the synopsis, lua.c's options (lua.c's own usage
    /// words), and navlua's run options from their declarations (`RunOption`).
    /// `navlua test --help`, `navlua explore --help` and `navlua touches
    /// import --help` print their commands' options, each from its own
    /// declarations.
    static var text: String {
        """
        usage: navlua run [options] [script [args]]   run a scenario, as lua does ('-' reads standard input)
               navlua [options] [script [args]]       the same without 'run' (alone on a terminal: the REPL)
               navlua test [options] [PATH...]        run busted spec files (default: ./spec or .)
               navlua repl [options] [FILE [ARGS]]    interactive REPL
               navlua explore FILE [options]          search random gestures for one that breaks a rule
               navlua touches import --from getevent|cdp FILE [options]
                                                      a device's touch log as navlua's records (JSON Lines)
               navlua --version | --help | --cpath    (--cpath: the LUA_CPATH entry for require "navlua")

        lua's options, in any order, as lua5.4 takes them:
          -e stat   execute string 'stat'           -l mod    require library 'mod' into global 'mod'
          -i        enter the REPL after 'script'   -l g=mod  require library 'mod' into global 'g'
          -v        show version information        -E        ignore environment variables
          -W        turn warnings on                --        stop handling options
          -         stop handling options and execute stdin
        and LUA_INIT_5_4 / LUA_INIT (code, or @file) runs first unless -E.

        run options (the REPL takes them too):
        \(RunOption.allCases.map(\.declaration).usageLines())

        The other commands' options: navlua test --help, navlua explore --help,
        navlua touches import --help.

        exit status: 0 success, 1 script error or failed test, 2 usage error
        """
    }
}
