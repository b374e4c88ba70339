import CLua
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaBridge
import NavLuaEngine
import NavLuaTestRunner

/// One REPL session: reads a chunk, runs it through `protectedCall`,
/// prints its results and the status line, and keeps live mode's clock.
final class ReplSession {
    let host: NavLuaHost
    let timeout: Double?
    private var L: OpaquePointer { host.L }
    private let reader: LineReader
    private var editor: EditLineReader? { reader as? EditLineReader }
    /// What the last status line showed (or the state before the first input).
    private var shown: WorldSnapshot
    private var lastStatus = ""
    // live mode
    private var live: LiveClock?
    private var statusAbove = false
    private var lastRedraw = 0.0

    static let preludeKey = "navlua.repl"

    init(host: NavLuaHost, timeout: Double?) {
        self.host = host
        self.timeout = timeout
        shown = WorldSnapshot(host.bridge.world)
        if isatty(0) != 0 {
            do {
                reader = try EditLineReader(historyPath: Repl.historyPath)
            } catch {
                writeError(error.message)
                reader = PlainLineReader()
            }
        } else {
            reader = PlainLineReader()
        }
        host.catchInterrupts()
        loadPrelude()
        if let editor = editor { wire(editor) }
    }

    private func wire(_ editor: EditLineReader) {
        editor.idleInterval = { [unowned self] in self.liveInterval() }
        editor.onIdle = { [unowned self] in self.liveStep() }
        editor.takeInterrupt = { [unowned self] in self.takeInterrupt() }
        editor.complete = { [unowned self] in self.complete($0) }
        editor.onListed = { [unowned self] in self.statusAbove = false }
    }

    // MARK: the session

    func start(script: String?, arguments: [String]) {
        if let script = script {
            host.setArguments(script: script, arguments: arguments)
            prepareToRun()
            let outcome = host.run(file: script, arguments: arguments)
            finishRun()
            if case .failed(let message) = outcome { report(message) }
            showStatusIfChanged()
        } else {
            host.setArguments(script: "", arguments: arguments)
        }
        if isatty(0) != 0 {
            writeOut(NavLuaHost.version + " (Lua 5.4)  Ctrl-D exits, Tab completes, navlua.live(true) plays in real time\n")
        }
    }

    func loop() {
        while true {
            if ReplBinding.isLive(host) && editor != nil {
                printStatus()
                statusAbove = true
                live = LiveClock(host.bridge.world)
            }
            let input = reader.read(prompt: "> ")
            live = nil
            switch input {
            case .endOfInput:
                writeOut("\n")
                return
            case .cancelled:
                break   // libedit has already moved to a new line
            case .line(let line):
                handle(line)
            }
        }
    }

    /// One input: first as `return <line>;`, then as a statement that may
    /// continue on `>>` lines while it is incomplete, as lua.c does.
    private func handle(_ first: String) {
        if first.allSatisfy({ $0 == " " || $0 == "\t" }) { return }
        var line = first
        if line.hasPrefix("=") { line = "return " + line.dropFirst() }
        if load("return " + line + ";") == LUA_OK {
            reader.remember(first)
            evaluate()
            return
        }
        lua_settop(L, 0)
        var source = line     // what is compiled
        var entered = first   // what the history keeps
        while true {
            let status = load(source)
            if status == LUA_OK {
                reader.remember(entered)
                evaluate()
                return
            }
            let message = string(-1) ?? "syntax error"
            lua_settop(L, 0)
            guard status == LUA_ERRSYNTAX && message.hasSuffix("<eof>") else {
                reader.remember(entered)
                report(message)
                return
            }
            switch reader.read(prompt: ">> ") {
            case .line(let more):
                source += "\n" + more
                entered += "\n" + more
            case .cancelled:
                reader.remember(entered)
                return
            case .endOfInput:
                writeOut("\n")
                report(message)
                return
            }
        }
    }

    /// Runs the loaded chunk on the stack; prints its results and the status.
    private func evaluate() {
        prepareToRun()
        let outcome = host.protectedCall(arguments: 0, results: LUA_MULTRET)
        finishRun()
        switch outcome {
        case .ok:
            let n = lua_gettop(L)
            if n > 0 {
                if pushPrelude("format") {
                    navlua_insert(L, 1)
                    switch host.protectedCall(arguments: n, results: 1) {
                    case .ok: writeOut((string(-1) ?? "") + "\n")
                    case .failed(let message): report("cannot show the result: " + message)
                    }
                }
            }
        case .failed(let message):
            report(message)
        }
        lua_settop(L, 0)
        showStatusIfChanged()
    }

    private func report(_ message: String) {
        writeError(message + "\n")
    }

    // MARK: running user code

    /// A Ctrl-C that came at the prompt must not stop the next input; the
    /// count hook, which an interrupt removes, is armed again.
    private func prepareToRun() {
        let limits = navlua_limits(L)!
        limits.pointee.interrupted = 0
        host.catchInterrupts()
        if let t = timeout { limits.pointee.deadline = navlua_monotonic() + t }
    }

    private func finishRun() {
        navlua_limits(L)!.pointee.deadline = 0
    }

    private func takeInterrupt() -> Bool {
        let limits = navlua_limits(L)!
        guard limits.pointee.interrupted != 0 else { return false }
        limits.pointee.interrupted = 0
        return true
    }

    // MARK: status line

    private func showStatusIfChanged() {
        let now = WorldSnapshot(host.bridge.world)
        guard now.world != shown.world || now.frame != shown.frame || now.navigations != shown.navigations else { return }
        if ReplBinding.isLive(host) && editor != nil { return }   // printed above the next prompt
        printStatus()
    }

    private func printStatus() {
        shown = WorldSnapshot(host.bridge.world)
        lastStatus = ReplStatus.line(host.bridge.world)
        writeOut(lastStatus + "\n")
    }

    // MARK: live mode

    /// Poll interval while live: a frame or two while something moves, a
    /// few times a second otherwise. Nil (wait for keys) when not live or at
    /// a `>>` prompt.
    private func liveInterval() -> Int32? {
        guard live != nil, ReplBinding.isLive(host) else { return nil }
        return host.bridge.world.activeThings().isEmpty ? 250 : 33
    }

    /// Ticks the frames wall time has made due and redraws the status line
    /// above the prompt. A line too long for one row is left alone (the
    /// clock catches up once it is short again).
    private func liveStep() {
        guard let editor = editor, var clock = live, ReplBinding.isLive(host) else { return }
        guard editor.lineLength + 3 < editor.columns else { return }
        let world = host.bridge.world
        let due = clock.framesDue(world)
        live = clock
        editor.clearLine()
        var printed = false
        if due > 0 {
            lua_settop(L, 0)
            if pushPrelude("live_tick") {
                ReplBinding.pushTick(host)
                lua_pushinteger(L, lua_Integer(due))
                prepareToRun()
                let outcome = host.protectedCall(arguments: 2, results: 2)
                finishRun()
                if case .ok = outcome {
                    printed = lua_toboolean(L, 1) != 0
                    if let message = string(2) {
                        ReplBinding.stopLive(host)
                        writeOut("live mode stopped: " + message.withoutReplFrames().replacingNewlines() + "\r\n")
                        printed = true
                    }
                }
            }
            lua_settop(L, 0)
        }
        if printed { statusAbove = false }
        if statusAbove { writeOut("\u{1B}[A\r\u{1B}[K") }
        let columns = editor.columns
        var status = ReplStatus.line(host.bridge.world)
        if status.count >= columns { status = String(status.prefix(columns - 1)) }
        writeOut(status + "\r\n")
        statusAbove = true
        editor.redraw()
        shown = WorldSnapshot(host.bridge.world)
    }

    // MARK: Lua helpers

    private func loadPrelude() {
        guard load(ReplPrelude.source, name: "=navlua.repl") == LUA_OK else {
            report("navlua: the REPL prelude does not load: " + (string(-1) ?? "?"))
            lua_settop(L, 0)
            return
        }
        for name in ["navlua.Screen", "navlua.Navigation", "navlua.Touch", "navlua.ScrollView"] {
            _ = navlua_getmetatable_named(L, name)
        }
        if case .failed(let message) = host.protectedCall(arguments: 4, results: 1) {
            report("navlua: the REPL prelude failed: " + message)
            return
        }
        lua_pushstring(L, ReplSession.preludeKey)
        navlua_insert(L, -2)
        lua_rawset(L, navlua_registryindex())
    }

    /// Pushes a function of the prelude; false (nothing pushed) if missing.
    private func pushPrelude(_ name: String) -> Bool {
        lua_pushstring(L, ReplSession.preludeKey)
        guard lua_rawget(L, navlua_registryindex()) == LUA_TTABLE else { navlua_pop(L, 1); return false }
        lua_pushstring(L, name)
        let type = lua_rawget(L, -2)
        navlua_remove(L, -2)
        if type != LUA_TFUNCTION { navlua_pop(L, 1); return false }
        return true
    }

    private func load(_ code: String, name: String = "=stdin") -> Int32 {
        var code = code
        return code.withUTF8 { buf in
            buf.withMemoryRebound(to: CChar.self) { navlua_loadbuffer(L, $0.baseAddress, $0.count, name) }
        }
    }

    private func string(_ i: Int32) -> String? {
        guard lua_type(L, i) == LUA_TSTRING else { return nil }
        var length = 0
        guard let p = lua_tolstring(L, i, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: length), as: UTF8.self)
    }

    /// The prelude's completion of the text before the cursor.
    private func complete(_ text: String) -> (partial: String, candidates: [String]) {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        guard pushPrelude("complete") else { return ("", []) }
        lua_pushstring(L, text)
        guard case .ok = host.protectedCall(arguments: 1, results: LUA_MULTRET) else { return ("", []) }
        let top = lua_gettop(L)
        guard top > base, let partial = string(base + 1) else { return ("", []) }
        var candidates: [String] = []
        var i = base + 2
        while i <= top { if let s = string(i) { candidates.append(s) }; i += 1 }
        return (partial, candidates)
    }
}

private extension String {
    /// A traceback without the frames of the REPL's own live-tick wrapper.
    func withoutReplFrames() -> String {
        let lines = split(separator: "\n", omittingEmptySubsequences: false)
        guard let cut = lines.firstIndex(where: { $0.contains("in function 'pcall'") }),
              lines[cut...].contains(where: { $0.contains("navlua.repl:") }) else { return self }
        return lines[..<cut].joined(separator: "\n")
    }

    /// For output while the terminal is raw: LF alone does not return.
    func replacingNewlines() -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
    }
}
