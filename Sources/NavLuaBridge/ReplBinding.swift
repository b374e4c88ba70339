import NavLuaRuntime
import NavLuaEngine

/// navlua.live: the REPL's real-time switch (manual §10.6 rule 8).
///
/// `navlua.live(true)` asks the REPL to let the clock follow wall time
/// while it waits at the prompt; `navlua.live(false)` stops that, and
/// `navlua.live()` returns the current setting. The flag is only recorded
/// here: the engine stays deterministic, and it is the REPL's input loop
/// that calls `navlua.tick` for the frames that wall time has made due.
/// Outside the REPL the flag has no effect.
public enum ReplBinding {
    static let functions: [LuaFunction] = [LuaFunction("live", live)]

    /// Registry key of the flag (a boolean; absent means off).
    static let liveKey = "navlua.live"

    static let live: navlua_SwiftFunction = { L in
        bridged(L, "navlua.live") { _, lua in
            if lua.isNil(1) {
                lua.push(lua.rawGet(navlua_registryindex(), liveKey) == LUA_TBOOLEAN && lua.bool(-1) == true)
                return 1
            }
            guard let on = lua.bool(1) else { throw argumentError("enabled", "a boolean", got: lua.describe(1)) }
            lua.push(on)
            lua.rawSet(navlua_registryindex(), liveKey)
            return 0
        }
    }

    /// Whether the script asked for live mode.
    public static func isLive(_ host: NavLuaHost) -> Bool {
        let lua = Lua(host.L)
        defer { lua.pop() }
        return lua.rawGet(navlua_registryindex(), liveKey) == LUA_TBOOLEAN && lua.bool(-1) == true
    }

    /// Turns live mode off (after a live frame failed, say).
    public static func stopLive(_ host: NavLuaHost) {
        let lua = Lua(host.L)
        lua.push(false)
        lua.rawSet(navlua_registryindex(), liveKey)
    }

    /// Pushes navlua's own `tick` function, whatever the script did to the
    /// `navlua` table, for the REPL to call through `protectedCall`.
    public static func pushTick(_ host: NavLuaHost) {
        navlua_pushswiftfunction(host.L, WorldBinding.tick, 0)
    }
}
