import NavLuaRuntime
import NavLuaEngine

/// A move's `profile` (manual §5.1): "linear", another curve's name or
/// table (`ease_out`, navlua.cubic(...)), or a function of the time's
/// fraction that returns the way's fraction.
enum TouchProfileBinding {
    /// The profile at stack index `i`, which stays on the stack while the
    /// move is made: the engine calls a function profile then, once a sample.
    static func profile(_ lua: Lua, _ i: Int32) throws -> TouchProfile {
        if lua.isNil(i) { return .linear }
        if lua.type(i) == LUA_TFUNCTION {
            let function = lua.absolute(i)
            return .custom { fraction throws(NavError) in
                guard lua_checkstack(lua.L, 4) != 0 else { throw NavError("the Lua stack is full") }
                lua.pushValue(function)
                lua.push(fraction)
                if let message = lua.protectedCallMessage(arguments: 1, results: 1) {
                    throw NavError("the profile function failed: \(message)")
                }
                defer { lua.pop() }
                guard lua.type(-1) == LUA_TNUMBER, let value = lua.number(-1) else {
                    throw NavError("the profile function returned \(lua.describe(-1)); it must return a number")
                }
                return value
            }
        }
        if lua.string(i) == "linear" { return .linear }
        guard lua.type(i) == LUA_TSTRING || lua.type(i) == LUA_TTABLE else {
            throw argumentError("profile", "\"linear\", a curve or a function", got: lua.describe(i))
        }
        return .curve(try lua.curve(i, "profile"))
    }
}
