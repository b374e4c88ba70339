import CLua
import NavLuaEngine

/// A Lua state with the standard libraries and navlua installed: what
/// `navlua run`, the REPL and each spec file run in.
public final class NavLuaHost {
    public static let version = "navlua 0.1.0"

    public let L: OpaquePointer
    public let bridge: Bridge
    private let limits: UnsafeMutablePointer<navlua_Limits>

    /// `memoryLimit` in bytes (nil: none) caps what Lua allocates.
    public init(memoryLimit: Int? = nil) {
        limits = .allocate(capacity: 1)
        L = navlua_newstate(limits)!
        // The host is Swift code too: the memory limit applies only inside
        // navlua_pcall, never to a push the host (or the REPL, or the test
        // worker) makes outside it, which would raise unprotected and abort.
        limits.pointee.swift_depth = 1
        bridge = Bridge(L: L)
        navlua_extraspace(L).pointee = Unmanaged.passUnretained(bridge).toOpaque()
        luaL_openlibs(L)
        NavLuaHost.installModule(Lua(L))
        bridge.defaultPreset = NavLuaHost.presetFromEnvironment
        if let m = memoryLimit { limits.pointee.memory_limit = m }
    }

    deinit {
        bridge.close()
        lua_close(L)
        limits.deallocate()
    }

    /// Bytes Lua has allocated.
    public var memoryInUse: Int { limits.pointee.used }

    /// Ends whatever runs after `seconds` of wall time with a timeout error.
    public func setTimeout(_ seconds: Double) {
        limits.pointee.deadline = navlua_monotonic() + seconds
        navlua_arm_limit_hook(L)
    }

    /// Lets Ctrl-C end the running chunk with an "interrupted" error.
    public func catchInterrupts() { navlua_catch_sigint(L) }

    /// `navlua run --preset` and `navlua test --preset` set this variable, so
    /// that test workers (child processes) inherit it; every host reads it
    /// as the preset of navigations made without one.
    public static let presetVariable = "NAVLUA_PRESET"

    public static func usePreset(_ name: String) { setenv(presetVariable, name, 1) }

    static var presetFromEnvironment: String? {
        guard let p = getenv(presetVariable), p.pointee != 0 else { return nil }
        return String(cString: p)
    }

    /// Sets the interrupt flag, as Ctrl-C would.
    public func interrupt() { limits.pointee.interrupted = 1 }

    private static func installModule(_ lua: Lua) {
        ScreenBinding.register(lua)
        NavigationBinding.register(lua)
        TouchBinding.register(lua)
        var functions: [(String, navlua_SwiftFunction)] = [
            ("screen", ScreenBinding.screen), ("navigation", NavigationBinding.navigation),
            ("touch_down", TouchBinding.touchDown), ("drag", TouchBinding.drag), ("tap", TouchBinding.tap),
            ("render", RenderBinding.render),
        ]
        functions += WorldBinding.functions
        functions += TraceBinding.functions
        functions += ReplBinding.functions
        functions += PresetBinding.functions
        lua.newTable(hash: Int32(functions.count + 1))
        for (name, fn) in functions {
            navlua_pushswiftfunction(lua.L, fn, 0)
            lua.rawSet(-2, name)
        }
        for (name, fn) in WorldBinding.infallible {
            navlua_pushinfallible(lua.L, fn)
            lua.rawSet(-2, name)
        }
        lua.push(version)
        lua.rawSet(-2, "version")
        lua.pushValue(-1)
        setGlobal(lua, "navlua")
        // require "navlua" returns the same table
        luaL_getsubtable(lua.L, navlua_registryindex(), LUA_LOADED_TABLE)
        lua.pushValue(-2)
        lua.rawSet(-2, "navlua")
        lua.pop(2)
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

    /// Sets the global `arg` as `lua` does: the script at 0, its arguments
    /// from 1, what came before it at negative indices.
    public func setArguments(script: String, arguments: [String], before: [String] = ["navlua"]) {
        let lua = Lua(L)
        lua.newTable(array: Int32(arguments.count))
        for (i, a) in before.reversed().enumerated() {
            lua.push(a)
            lua.rawSet(-2, -(i + 1))
        }
        lua.push(script)
        lua.rawSet(-2, 0)
        for (i, a) in arguments.enumerated() {
            lua.push(a)
            lua.rawSet(-2, i + 1)
        }
        NavLuaHost.setGlobal(lua, "arg")
    }

    /// Loads and runs a file (nil path: standard input), passing `arguments`
    /// as the chunk's `...`.
    public func run(file: String?, arguments: [String] = []) -> Outcome {
        let status = file.map { luaL_loadfilex(L, $0, nil) } ?? luaL_loadfilex(L, nil, nil)
        return call(loadStatus: status, arguments: arguments)
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
        let lua = Lua(L)
        let base = lua.top - arguments
        navlua_pushmsghandler(L)
        navlua_insert(L, base)
        let status = navlua_pcall(L, arguments, results, base)
        navlua_remove(L, base)
        if status == LUA_OK { return .ok }
        defer { lua.pop() }
        return .failed(lua.string(-1) ?? "(error object is a \(lua.typeName(-1)) value)")
    }
}
