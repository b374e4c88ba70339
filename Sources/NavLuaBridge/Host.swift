import NavLuaRuntime
import NavLuaEngine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Lua state with the standard libraries and navlua installed: what
/// `navlua run`, the REPL and each spec file run in.
public final class NavLuaHost {
    public static let version = "navlua 0.1.0"

    public let L: OpaquePointer
    public let bridge: Bridge
    private let limits: UnsafeMutablePointer<navlua_Limits>

    /// `memoryLimit` in bytes (nil: none) caps what Lua allocates;
    /// `ignoreEnvironment` is lua's -E (LUA_PATH and LUA_CPATH ignored).
    /// Like lua.c's state: warnings off until "@on", the collector in
    /// generational mode.
    public init(memoryLimit: Int? = nil, ignoreEnvironment: Bool = false) {
        limits = .allocate(capacity: 1)
        L = navlua_newstate(limits)!
        // The host is Swift code too: the memory limit applies only inside
        // navlua_pcall, never to a push the host (or the REPL, or the test
        // worker) makes outside it, which would raise unprotected and abort.
        limits.pointee.swift_depth = 1
        bridge = Bridge(L: L)
        navlua_extraspace(L).pointee = Unmanaged.passUnretained(bridge).toOpaque()
        if ignoreEnvironment { navlua_ignore_environment(L) }
        luaL_openlibs(L)
        navlua_install_debug_hooks(L)   // a script's hooks beside the limits' (NavLuaRuntime/hook.c)
        navlua_install_coroutines(L)    // the limits find the coroutine running (NavLuaRuntime/coroutines.c)
        navlua_install_os_exit(L)
        navlua_gc_generational(L)
        NavLuaHost.installModule(Lua(L), global: true)
        Lua(L).pop()
        bridge.defaultPreset = NavLuaHost.presetFromEnvironment
        if let m = memoryLimit { limits.pointee.memory_limit = m }
    }

    deinit {
        limits.pointee.exit_hook = nil   // a finalizer calling os.exit must not reach a host being freed
        navlua_cancel_deadline(L)   // a timer still running must not reach a closed state
        bridge.close()
        lua_close(L)
        bridge.account.detach()   // the world outlives the limits block freed here
        limits.deallocate()
    }

    /// Called by `os.exit` with the status it was given, before it closes
    /// the state and exits; returns the status to exit with. The CLI writes
    /// the files a run asked for here.
    public var beforeExit: ((Int32) -> Int32)? {
        didSet {
            limits.pointee.exit_hook = beforeExit == nil ? nil : NavLuaHost.exitTrampoline
            limits.pointee.exit_context = Unmanaged.passUnretained(self).toOpaque()
        }
    }

    private static let exitTrampoline: navlua_ExitHook = { context, status in
        let host = Unmanaged<NavLuaHost>.fromOpaque(context!).takeUnretainedValue()
        return host.beforeExit?(status) ?? status
    }

    /// Bytes Lua has allocated.
    public var memoryInUse: Int { limits.pointee.used }

    /// Ends whatever runs after `seconds` of wall time with a timeout error.
    /// Past it, every further Lua instruction fails, so neither `pcall`
    /// nor a coroutine nor `debug.sethook` can run on; with `once`, the
    /// error is raised once and the limit is lifted (for a caller that
    /// must still run Lua to report it, and stops a run that swallows it
    /// by other means).
    ///
    /// Nothing is hooked until the deadline (a hook slows every instruction):
    /// a timer then hooks the thread that called this, which must be the one
    /// that runs the state.
    public func setTimeout(_ seconds: Double, once: Bool = false) {
        limits.pointee.deadline = navlua_monotonic() + seconds
        limits.pointee.timeout_once = once ? 1 : 0
        if navlua_start_deadline(L, limits.pointee.deadline) != 0 {
            navlua_arm_limit_hook(L)   // no thread for the timer: check on a count instead
        }
    }

    /// The progress count of this process (calls between Swift and Lua,
    /// the engine's limit checks); safe to read from a watchdog's thread at
    /// any time. A count that moves between two reads means the main thread
    /// is slow, not stuck.
    public static var progress: UInt { navlua_progress() }

    /// The CLOCK_MONOTONIC time of the deadline (0: none).
    public var deadline: Double { limits.pointee.deadline }

    /// Lets Ctrl-C end the running chunk with an "interrupted!" error, the
    /// REPL's way: the process goes on (see `execute` for lua.c's).
    public func catchInterrupts() { navlua_catch_sigint(L) }

    /// `navlua run`'s SIGTERM, SIGHUP and SIGPIPE (unless inherited
    /// ignored): the script stops for good at its next instruction, with
    /// `interrupted! (SIGTERM)` and its traceback; the caller writes its
    /// files and ends the process by the signal (`navlua_first_stop_signal`).
    public func catchStopSignals() { navlua_run_catch_signals(L) }

    /// `navlua run --preset` and `navlua test --preset` set this variable, so
    /// that test workers (child processes) inherit it; every host reads it
    /// as the preset of navigations made without one.
    public static let presetVariable = "NAVLUA_PRESET"

    public static func usePreset(_ name: String) { setenv(presetVariable, name, 1) }

    /// What is wrong with `--preset NAME`, or nil: the option names a
    /// built-in preset only, since it is read before any script could
    /// define one (manual §7.1).
    public static func presetProblem(_ name: String) -> String? {
        let names = Preset.builtInNames
        guard !names.contains(name) else { return nil }
        return "unknown preset '\(name)' (expected one of: \(names.joined(separator: ", "));"
            + " --preset names a built-in preset)"
    }

    static var presetFromEnvironment: String? {
        guard let p = getenv(presetVariable), p.pointee != 0 else { return nil }
        return String(cString: p)
    }

    /// Sets the interrupt flag, as Ctrl-C would.
    public func interrupt() { limits.pointee.interrupted = 1 }

    /// Registry keys of what a state that navlua runs in keeps: the module
    /// table (what `require "navlua"` returns when navlua is already open
    /// in the state) and the tag of the image (binary or navlua.so) whose
    /// Bridge the state's extra space holds.
    static let moduleTableKey = "navlua.table"
    static let imageKey = "navlua.image"

    /// This image's tag: the address of a value of its own, so that a
    /// navlua.so loaded into a state that the navlua binary runs (or the
    /// reverse) can tell that the state's Bridge is not of its own code.
    nonisolated(unsafe) private static var imageTagStorage: UInt8 = 0
    static var imageTag: UnsafeMutableRawPointer { UnsafeMutableRawPointer(&imageTagStorage) }

    /// Opens navlua in a state for the first time: the object types'
    /// metatables, the image's tag, and the module table, which it
    /// registers as package.loaded.navlua (with `global`, also as the
    /// global `navlua`) and leaves on the stack.
    static func installModule(_ lua: Lua, global: Bool) {
        ScreenBinding.register(lua)
        NavigationBinding.register(lua)
        TouchBinding.register(lua)
        CoordinatorBinding.register(lua)
        PopRecognizerBinding.register(lua)
        AndroidBinding.register(lua)
        lua_pushlightuserdata(lua.L, imageTag)
        lua.rawSet(navlua_registryindex(), imageKey)
        pushModuleTable(lua)
        lua.pushValue(-1)
        lua.rawSet(navlua_registryindex(), moduleTableKey)
        if global {
            lua.pushValue(-1)
            setGlobal(lua, "navlua")
        }
        // require "navlua" returns the same table (read raw: a script may
        // have given the registry metamethods that raise; a host whose
        // package.loaded is gone gets the table from luaopen_navlua only)
        if lua.rawGet(navlua_registryindex(), LUA_LOADED_TABLE) == LUA_TTABLE {
            lua.pushValue(-2)
            lua.rawSet(-2, "navlua")
        }
        lua.pop()
    }

    /// Pushes a new `navlua` table: the functions, over the state's bridge.
    static func pushModuleTable(_ lua: Lua) {
        var functions: [LuaFunction] = [
            LuaFunction("screen", ScreenBinding.screen), LuaFunction("navigation", NavigationBinding.navigation),
            LuaFunction("touch_down", TouchBinding.touchDown), LuaFunction("drag", TouchBinding.drag), LuaFunction("tap", TouchBinding.tap),
            LuaFunction("render", RenderBinding.render),
            LuaFunction("html", RenderBinding.html),
            ExploreBinding.function,
        ]
        functions += WorldBinding.functions
        functions += TraceBinding.functions
        functions += ReplBinding.functions
        functions += PresetBinding.functions
        functions += TouchReplayBinding.functions
        functions += AndroidBinding.functions
        lua.newTable(hash: Int32(functions.count + 1))
        for f in functions {
            navlua_pushswiftfunction(lua.L, f.function, 0)
            lua.rawSet(-2, f.name)
        }
        for f in WorldBinding.infallible {
            navlua_pushinfallible(lua.L, f.function)
            lua.rawSet(-2, f.name)
        }
        lua.push(version)
        lua.rawSet(-2, "version")
    }

    /// _G[name] = the value on top (popped), without metamethods: a script
    /// may have given _G a __newindex that raises.
    private static func setGlobal(_ lua: Lua, _ name: String) {
        lua_rawgeti(lua.L, navlua_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        navlua_insert(lua.L, -2)
        lua.rawSet(-2, name)
        lua.pop()
    }

    /// What running a chunk gave: nothing, or an error message with its
    /// traceback.
    public enum Outcome: Equatable {
        case ok
        case failed(String)
    }

    /// Loads and runs `code` as a chunk named `name` (e.g. "=(command line)").
    public func run(code: String, name: String, arguments: [String] = []) -> Outcome {
        var code = code
        let status = code.withUTF8 { buf in
            buf.withMemoryRebound(to: CChar.self) {
                navlua_loadbuffer(L, $0.baseAddress, $0.count, name)
            }
        }
        return call(loadStatus: status, arguments: arguments)
    }

    private func call(loadStatus: Int32, arguments: [String]) -> Outcome {
        let lua = Lua(L)
        guard loadStatus == LUA_OK else {
            defer { lua.pop() }
            return .failed(lua.string(-1) ?? "cannot load the chunk")
        }
        for a in arguments { lua.push(a) }
        return protectedCall(arguments: Int32(arguments.count), results: 0)
    }

    /// Calls the function below `arguments` values on the stack under a
    /// traceback handler. On success leaves `results` values (LUA_MULTRET
    /// for all) on the stack.
    public func protectedCall(arguments: Int32, results: Int32) -> Outcome {
        guard let error = protectedCallKeepingBytes(arguments: arguments, results: results) else { return .ok }
        return .failed(String(decoding: error, as: UTF8.self))
    }

    /// `protectedCall` with the error's bytes as they are (nil: no error),
    /// for the REPL, which shows them untouched.
    package func protectedCallKeepingBytes(arguments: Int32, results: Int32) -> [UInt8]? {
        Lua(L).protectedCall(arguments: arguments, results: results)
    }
}
