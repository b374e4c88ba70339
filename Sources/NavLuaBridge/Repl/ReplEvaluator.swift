import NavLuaRuntime
import NavLuaEngine

/// The REPL without its terminal: takes lines, runs chunks through
/// `protectedCall`, shows results through the prelude, completes names and
/// plays live mode's frames. The command line only reads lines, handles the
/// terminal, signals and history, and prints what this returns.
///
/// ```swift
/// let repl = ReplEvaluator(host: NavLuaHost(), timeout: nil)
/// repl.evaluate("nav = navlua.navigation{root = navlua.screen{title = 'A'}}")
/// repl.evaluate("=nav.count")   // .ran(ReplResult(output: "1"))
/// ```
package final class ReplEvaluator {
    package let host: NavLuaHost
    /// Seconds each input may run (nil: no limit).
    private let timeout: Double?
    private var L: OpaquePointer { host.L }
    /// What the last status line showed (or the state before the first input).
    private var shown: WorldSnapshot
    /// An incomplete chunk: what is compiled, what the history keeps, and
    /// the syntax error it gives as it is. Bytes, as typed or piped: Lua
    /// source and strings need not be UTF-8.
    private var pending: (source: [UInt8], entered: [UInt8], error: [UInt8])?
    /// Why the prelude did not load, if it did not (results are then not shown).
    package private(set) var preludeError: String?

    /// Where each input goes for the history, as typed (lines joined by
    /// "\n"): once it is complete, before it runs (so that the history keeps
    /// an input that exits the process), or when Ctrl-C drops it at `>>`.
    package var remember: ([UInt8]) -> Void = { _ in }

    package init(host: NavLuaHost, timeout: Double?) {
        self.host = host
        self.timeout = timeout
        shown = WorldSnapshot(host.bridge.world)
        preludeError = loadPrelude()
    }

    // MARK: input

    /// Whether the next line continues an incomplete chunk (the `>>` prompt).
    package var isContinuing: Bool { pending != nil }

    /// One line of input: the first line of a chunk is tried as
    /// `return <line>;` (a leading `=` reads as `return`), then as a
    /// statement that may continue on later lines while it is incomplete, as
    /// lua.c does.
    package func evaluate(_ line: [UInt8]) -> ReplStep {
        if let chunk = pending {
            return compile(chunk.source + [10] + line, entered: chunk.entered + [10] + line)
        }
        if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return .blank }
        let source = line.first == UInt8(ascii: "=") ? Array("return ".utf8) + line.dropFirst() : line
        if load(Array("return ".utf8) + source + [UInt8(ascii: ";")]) == LUA_OK {
            remember(line)
            return .ran(run())
        }
        lua_settop(L, 0)
        return compile(source, entered: line)
    }

    /// The same for text.
    package func evaluate(_ line: String) -> ReplStep { evaluate(Array(line.utf8)) }

    /// The prompt to show now, as lua.c's get_prompt: `tostring(_PROMPT)`,
    /// or `_PROMPT2` while a chunk continues, read each time (a `__tostring`
    /// may give a new one every line); "> " / ">> " when the global is nil.
    /// Runs protected: an error gives the default prompt and its message
    /// (lua.c would end the REPL).
    package func prompt() -> (prompt: [UInt8], error: [UInt8]?) {
        let standard = Array((isContinuing ? ">> " : "> ").utf8)
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        lua_pushcclosure(L, navlua_get_prompt, 0)
        lua_pushboolean(L, isContinuing ? 0 : 1)
        if let message = limited({ call(arguments: 1, results: 1) }) { return (standard, message) }
        return (bytes(-1) ?? standard, nil)
    }

    /// Ctrl-C at `>>`: drops the incomplete chunk (the history keeps it).
    package func cancel() {
        guard let chunk = pending else { return }
        pending = nil
        remember(chunk.entered)
    }

    /// The end of input at `>>`: drops the incomplete chunk and returns its
    /// syntax error (nil when there was no chunk).
    package func endOfInput() -> [UInt8]? {
        defer { pending = nil }
        return pending?.error
    }

    private func compile(_ source: [UInt8], entered: [UInt8]) -> ReplStep {
        pending = nil
        let status = load(source)
        if status == LUA_OK {
            remember(entered)
            return .ran(run())
        }
        let message = bytes(-1) ?? Array("syntax error".utf8)
        lua_settop(L, 0)
        if status == LUA_ERRSYNTAX && message.suffix(5).elementsEqual("<eof>".utf8) {
            pending = (source, entered, message)
            return .incomplete
        }
        remember(entered)
        return .ran(ReplResult(error: message))
    }

    /// Runs the chunk on the stack, from the C frame lua.c runs its REPL's
    /// chunks from (a traceback ends in `[C]: in ?`, as lua's does); its
    /// results as the prelude shows them.
    private func run() -> ReplResult {
        var result = ReplResult()
        navlua_push_chunk_frame(L)
        navlua_insert(L, -2)
        if let message = limited({ call(arguments: 1, results: LUA_MULTRET) }) {
            result.error = message
        } else {
            let n = lua_gettop(L)
            if n > 0 && pushPrelude("format") {
                navlua_insert(L, 1)
                if let message = call(arguments: n, results: 1) {
                    result.error = Array("cannot show the result: ".utf8) + message
                } else {
                    result.output = bytes(-1) ?? []
                }
            }
        }
        lua_settop(L, 0)
        result.status = statusIfChanged()
        return result
    }

    /// Runs the script of `navlua -i FILE` (nil: standard input) before the
    /// first input, as lua.c's handle_script: its arguments from `arg`, from
    /// a C frame, Ctrl-C as lua.c takes it while it runs.
    package func run(script path: [UInt8]?) -> ReplResult {
        var result = ReplResult()
        let error = limited { host.runFile(path, script: true) }
        host.catchInterrupts()   // runFile put SIGINT back to lua.c's default
        result.error = error
        result.status = statusIfChanged()
        return result
    }

    // MARK: running user code

    /// Runs user code under the per-input limits. A Ctrl-C that came at the
    /// prompt must not stop it. Ctrl-C hooks the running thread only when it
    /// comes (a hook slows every instruction); a per-input timeout, which
    /// has no timer, arms the count hook for the input.
    private func limited<Outcome>(_ body: () -> Outcome) -> Outcome {
        let limits = navlua_limits(L)!
        limits.pointee.interrupted = 0
        host.catchInterrupts()
        if let t = timeout {
            limits.pointee.deadline = navlua_monotonic() + t
            navlua_arm_limit_hook(L)
        }
        limits.pointee.in_chunk = 1
        defer {
            limits.pointee.in_chunk = 0
            if timeout != nil {
                limits.pointee.deadline = 0
                navlua_disarm_limit_hook(L)
            }
        }
        return body()
    }

    /// Whether SIGINT arrived since the last call (and clears it): how the
    /// line editor learns of a Ctrl-C while it waits for keys.
    package func takeInterrupt() -> Bool {
        let limits = navlua_limits(L)!
        guard limits.pointee.interrupted != 0 else { return false }
        limits.pointee.interrupted = 0
        return true
    }

    // MARK: status line

    /// The status line, now, marked as shown.
    package func takeStatus() -> String {
        shown = WorldSnapshot(host.bridge.world)
        return ReplStatus.line(host.bridge.world)
    }

    private func statusIfChanged() -> String? {
        WorldSnapshot(host.bridge.world) == shown ? nil : takeStatus()
    }

    // MARK: live mode

    /// Whether a script asked for live mode (`navlua.live(true)`).
    package var isLive: Bool { ReplBinding.isLive(host) }

    /// Whether nothing moves (no animation, touch or queued call): live mode
    /// then polls less often.
    package var isIdle: Bool { host.bridge.world.activeThings().isEmpty }

    /// The world live mode's clock follows (navlua.reset replaces it).
    package var world: World { host.bridge.world }

    /// Plays `frames` frames with navlua's own tick. Tells whether a hook
    /// printed (the terminal then lost its status line), and the error that
    /// stopped a frame, after which live mode is off.
    package func liveTick(frames: Int) -> (printed: Bool, error: String?) {
        lua_settop(L, 0)
        defer { lua_settop(L, 0) }
        guard pushPrelude("live_tick") else { return (false, nil) }
        ReplBinding.pushTick(host)
        lua_pushinteger(L, lua_Integer(frames))
        guard case .ok = limited({ host.protectedCall(arguments: 2, results: 2) }) else { return (false, nil) }
        let printed = lua_toboolean(L, 1) != 0
        guard let message = string(2) else { return (printed, nil) }
        ReplBinding.stopLive(host)
        return (true, message.withoutReplFrames())
    }

    // MARK: completion

    /// The prelude's completion of `text`, the line up to the cursor.
    package func complete(_ text: String) -> ReplCompletion {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        let none = ReplCompletion(partial: "", candidates: [])
        guard pushPrelude("complete") else { return none }
        Lua(L).push(text)
        guard case .ok = host.protectedCall(arguments: 1, results: LUA_MULTRET) else { return none }
        let top = lua_gettop(L)
        guard top > base, let partial = string(base + 1) else { return none }
        var candidates: [String] = []
        var i = base + 2
        while i <= top { if let s = string(i) { candidates.append(s) }; i += 1 }
        return ReplCompletion(partial: partial, candidates: candidates)
    }

    // MARK: Lua helpers

    /// Loads the prelude into the registry; why it failed, if it did.
    private func loadPrelude() -> String? {
        guard load(ReplPrelude.source, name: ReplPrelude.chunkName) == LUA_OK else {
            defer { lua_settop(L, 0) }
            return "navlua: the REPL prelude does not load: " + (string(-1) ?? "?")
        }
        ReplPrelude.pushObjectKinds(Lua(L))
        if case .failed(let message) = host.protectedCall(arguments: 1, results: 1) {
            return "navlua: the REPL prelude failed: " + message
        }
        Lua(L).rawSet(navlua_registryindex(), ReplPrelude.registryKey)
        return nil
    }

    /// Pushes a function of the prelude; false (nothing pushed) if missing.
    private func pushPrelude(_ name: String) -> Bool {
        let lua = Lua(L)
        guard lua.rawGet(navlua_registryindex(), ReplPrelude.registryKey) == LUA_TTABLE else {
            lua.pop()
            return false
        }
        let type = lua.rawGet(-1, name)
        navlua_remove(L, -2)
        if type != LUA_TFUNCTION { lua.pop(); return false }
        return true
    }

    private func load(_ code: String, name: String) -> Int32 { load(Array(code.utf8), name: name) }

    private func load(_ code: [UInt8], name: String = "=stdin") -> Int32 {
        code.withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { navlua_loadbuffer(L, $0.baseAddress, $0.count, name) }
        }
    }

    /// `protectedCall` with the error's bytes as they are (nil: no error).
    private func call(arguments: Int32, results: Int32) -> [UInt8]? {
        host.protectedCallKeepingBytes(arguments: arguments, results: results)
    }

    private func string(_ i: Int32) -> String? { Lua(L).string(i) }

    private func bytes(_ i: Int32) -> [UInt8]? { Lua(L).type(i) == LUA_TSTRING ? Lua(L).bytes(i) : nil }
}

private extension String {
    /// A traceback without the frames of the prelude's live-tick wrapper.
    func withoutReplFrames() -> String {
        let lines = split(separator: "\n", omittingEmptySubsequences: false)
        guard let cut = lines.firstIndex(where: { $0.contains("in function 'pcall'") }),
              lines[cut...].contains(where: { $0.contains("navlua.repl:") }) else { return self }
        return lines[..<cut].joined(separator: "\n")
    }
}
