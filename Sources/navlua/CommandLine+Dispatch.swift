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
    /// Runs the command named by the first argument; returns the exit code.
    static func dispatch(_ args: [String]) -> Int32 {
        guard let first = args.first else {
            if isatty(0) != 0 { return Repl.main(RunOptions(), script: nil) }
            return RunCommand.main(["-"])
        }
        switch first {
        case "run": return RunCommand.main(Array(args.dropFirst()))
        case "test": return TestCommand.main(Array(args.dropFirst()))
        case "repl": return ReplCommand.main(Array(args.dropFirst()))
        case "--version", "-v":
            print(NavLuaHost.version)
            return 0
        case "--help", "-h", "help":
            print(Usage.text)
            return 0
        default:
            // `navlua -e CODE`, `navlua -`, `navlua -i FILE`, `navlua FILE`: as `navlua run`.
            return RunCommand.main(args)
        }
    }
}

enum Usage {
    static let text = """
    usage: navlua run [options] FILE [ARGS...]   run a scenario ('-' reads standard input)
           navlua [options] -e CODE             run CODE
           navlua -i FILE                        run a scenario, then stay in the REPL
           navlua test [options] [PATH...]       run busted spec files (default: ./spec or .)
           navlua repl                           interactive REPL (also: navlua alone on a terminal)
           navlua --version | --help

    run options:
      --timeout SECONDS     end the script with an error after this much wall time
      --memory-limit MB     end the script with an error past this much Lua memory
      --trace FILE          write the trace: .json (Chrome Trace Event format) or .jsonl
      --timeline FILE.svg   write a chart of the run over time
      --filmstrip FILE.svg  write evenly spaced frames of the run

    test options: busted's (its flags and ./.busted; `navlua test --help` lists them all), and
      -o text|tap|NAME      output: navlua's text (default) or TAP, or busted's handler NAME
      --output FILE         with -o: write the report to FILE
      --jobs N              files run in parallel (default: the number of cores)
      --shard K/N           run the K-th of N stable shares of the files
      --update-snapshots    rewrite stored snapshots
      --coverage            write LCOV line coverage (--coverage-output FILE, default lcov.info)
      --timeout SECONDS     per file;  --memory-limit MB  per file

    exit status: 0 success, 1 script error or failed test, 2 usage error
    """
}
