#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaBridge
import NavLuaEngine

/// `navlua repl [options] [FILE [ARGS...]]`: `navlua -i [options] [FILE [ARGS...]]`,
/// lua.c's command line with the REPL entered whatever else it holds.
enum ReplCommand {
    static func main(_ argv: [[UInt8]]) -> Int32 {
        RunCommand.main(argv, from: 2, explicit: false, interactive: true)
    }
}

/// The interactive REPL (manual §10.6).
enum Repl {
    /// Goes on in `host`, which RunCommand prepared as lua.c's pmain does
    /// before its REPL (arg, LUA_INIT, -e, -l, -W): runs `script` first when
    /// given, then reads inputs until Ctrl-D. `--timeout` limits each input,
    /// not the session.
    static func main(_ host: NavLuaHost, _ options: RunOptions, script: ScriptFile?) -> Int32 {
        setlocale(LC_CTYPE, "")
        let session = ReplSession(host: host, timeout: options.timeout)
        session.start(script: script)
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
