#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaBridge
import NavLuaEngine
import NavLuaTestRunner

/// `navlua repl [options] [FILE [ARGS...]]`: with a FILE, as `navlua -i FILE`.
enum ReplCommand {
    static func main(_ args: [String]) -> Int32 {
        var options = RunOptions()
        var i = 0
        do {
            while i < args.count {
                let used = try options.consume(args, at: i)
                if used > 0 { i += used; continue }
                if args[i] == "--" { i += 1; break }
                if args[i].hasPrefix("-") { throw UsageError("unknown option '\(args[i])'") }
                break
            }
        } catch let e as UsageError {
            return e.report()
        } catch {
            return 2
        }
        let rest = Array(args[i...])
        return Repl.main(options, script: rest.first, arguments: Array(rest.dropFirst()))
    }
}

/// The interactive REPL (SPEC section 8, issue 5).
enum Repl {
    /// Runs `script` first when given, then reads inputs until Ctrl-D.
    /// `--timeout` limits each input, not the session.
    static func main(_ options: RunOptions, script: String?, arguments: [String] = []) -> Int32 {
        setlocale(LC_CTYPE, "")
        var hostOptions = options
        hostOptions.timeout = nil
        let host = hostOptions.makeHost()
        let session = ReplSession(host: host, timeout: options.timeout)
        session.start(script: script, arguments: arguments)
        session.loop()
        fflush(nil)
        return Outputs.write(host, options) ? 0 : 1
    }

    /// $NAVLUA_HISTORY, else ~/.navlua_history; an empty $NAVLUA_HISTORY keeps none.
    static var historyPath: String? {
        if let p = getenv("NAVLUA_HISTORY") { let s = String(cString: p); return s.isEmpty ? nil : s }
        guard let home = getenv("HOME") else { return nil }
        return String(cString: home) + "/.navlua_history"
    }
}
