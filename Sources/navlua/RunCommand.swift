#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaBridge
import NavLuaSystem

/// `navlua run [options] [FILE [ARGS...]]`, and `navlua [options] ...`
/// without `run`: lua.c's command line (see `Invocation`) run as lua.c's
/// pmain runs it, with navlua's limits and output files.
enum RunCommand {
    /// `argv` is the whole command line; options start at `first`. With
    /// `explicit` (`navlua run`), a command line with nothing to run is a
    /// usage error rather than the REPL or standard input.
    /// `interactive` (`navlua repl`) enters the REPL as -i does.
    static func main(_ argv: [[UInt8]], from first: Int, explicit: Bool, interactive: Bool = false) -> Int32 {
        var invocation: Invocation
        do {
            invocation = try Invocation(argv, from: first, runWord: !explicit && !interactive)
        } catch {
            return error.report()
        }
        let explicit = explicit || invocation.namedRun
        if interactive { invocation.interactive = true }
        let nothingToRun = invocation.script == argv.count && invocation.steps.isEmpty
            && !invocation.interactive && !invocation.showVersion
        if explicit && nothingToRun {
            return CommandLineError("run needs a FILE, '-' or -e CODE").report()
        }
        return run(invocation, argv)
    }

    /// lua.c's pmain.
    static func run(_ invocation: Invocation, _ argv: [[UInt8]]) -> Int32 {
        if invocation.showVersion { print(NavLuaHost.version + ", " + NavLuaHost.luaCopyright) }
        let options = invocation.options
        // The preset of navigations made without one, for this process and
        // any it starts.
        if let preset = options.preset { NavLuaHost.usePreset(preset) }
        let repl = invocation.interactive
            || (invocation.script == argv.count && !invocation.hasCode && !invocation.showVersion && isatty(0) != 0)
        var hostOptions = options
        if repl { hostOptions.timeout = nil }   // the REPL's --timeout limits each input
        let host = hostOptions.makeHost(ignoreEnvironment: invocation.ignoreEnvironment)
        host.setArgumentTable(argv, script: invocation.script)
        if !repl {
            // SIGTERM, SIGHUP, SIGPIPE: the script stops, the files are
            // written, and the process ends by the signal (see `exit`)
            host.catchStopSignals()
            Outputs.watch(host, options)
        }
        // With -i the REPL opens whatever happened (navlua stays open after an error).
        let succeeded = runChunks(invocation, argv, host, repl: repl)
        if repl {
            let script = invocation.script < argv.count ? ScriptFile(argv, invocation.script) : nil
            return Repl.main(host, options, script: script)
        }
        fflush(nil)
        guard let written = Outputs.endRun(host, options) else {
            while true { pause() }   // the watchdog is writing the files and exiting
        }
        exitIfSignalled()
        return succeeded && written ? 0 : 1
    }

    /// After SIGTERM, SIGHUP or SIGPIPE, once the files are written: ends
    /// the process by that signal, as it ends lua5.4 (which writes
    /// nothing), so a shell reads 128+N and a CI runner sees the signal.
    static func exitIfSignalled() {
        let signal = navlua_first_stop_signal()
        guard signal != 0 else { return }
        fflush(nil)
        navlua_exit_by_signal(signal)
    }

    /// LUA_INIT, the -e/-l/-W steps in order, then the script (or standard
    /// input when there is nothing else to run), each only if the one
    /// before it succeeded, as in lua.c. The REPL runs a script itself.
    private static func runChunks(_ invocation: Invocation, _ argv: [[UInt8]], _ host: NavLuaHost,
                                  repl: Bool) -> Bool {
        if !invocation.ignoreEnvironment && !report(runLuaInit(host)) { return false }
        for step in invocation.steps where !report(runStep(step, host)) { return false }
        if repl { return true }
        if invocation.script < argv.count { return report(runScript(argv, invocation.script, host)) }
        if invocation.hasCode || invocation.showVersion { return true }
        return report(host.runFile(nil, script: false))
    }

    /// Prints an error as lua.c's report does ("navlua: " and the message's
    /// bytes); true when there was none.
    private static func report(_ error: [UInt8]?) -> Bool {
        guard let error = error else { return true }
        // a watchdog that has ended the run reports it, once
        guard Outputs.claimEnd() else { while true { pause() } }
        // a reader gone (`| head`): stop quietly, as lua5.4 dies of it
        if navlua_first_stop_signal() == SIGPIPE { return false }
        writeError(bytes: Array("navlua: ".utf8) + error + [10])
        return false
    }

    /// LUA_INIT_5_4, else LUA_INIT: code, or `@file`.
    private static func runLuaInit(_ host: NavLuaHost) -> [UInt8]? {
        for name in ["LUA_INIT_5_4", "LUA_INIT"] {
            guard let value = getenv(name) else { continue }
            let bytes = Array(UnsafeRawBufferPointer(start: value, count: strlen(value)))
            if bytes.first == UInt8(ascii: "@") { return host.runFile(Array(bytes.dropFirst()), script: false) }
            return host.runCode(bytes, name: "=" + name)
        }
        return nil
    }

    private static func runStep(_ step: Invocation.Step, _ host: NavLuaHost) -> [UInt8]? {
        switch step {
        case .code(let code): return host.runCode(code, name: "=(command line)")
        case .library(let global, let module): return host.requireLibrary(global: global, module: module)
        case .warningsOn:
            host.turnWarningsOn()
            return nil
        }
    }

    private static func runScript(_ argv: [[UInt8]], _ script: Int, _ host: NavLuaHost) -> [UInt8]? {
        host.runFile(ScriptFile(argv, script).path, script: true)
    }
}
