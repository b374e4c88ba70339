import NavLuaRuntime

/// A Lua function held in the registry for as long as a Swift owner keeps
/// this object: a trace subscription, which ends with `off` or navlua.reset,
/// never by garbage collection (see LuaCallback for the other owners).
///
/// The reference is released in `deinit`, exactly once. luaL_unref is raw
/// table access on the registry and cannot raise; it needs one free stack
/// slot. It runs only while the state is open: the owner may be released
/// after lua_close (the bridge and its world outlive the state by a moment
/// in NavLuaHost.deinit), and then there is nothing left to release.
final class LuaFunctionRef {
    private let link: BridgeLink
    private var bridge: Bridge? { link.bridge }
    private let ref: Int32

    /// Takes the function on top of the stack (leaves it there).
    init(_ b: Bridge) {
        link = b.link
        lua_pushvalue(b.L, -1)
        ref = luaL_ref(b.L, navlua_registryindex())
    }

    deinit {
        // Released from Swift code that runs on b.L (off, navlua.reset, the
        // end of a trace dispatch, the host's close): never from a finalizer.
        guard let b = bridge, b.isOpen, lua_checkstack(b.L, 1) != 0 else { return }
        luaL_unref(b.L, navlua_registryindex(), ref)
    }

    /// The callback that pushes this function.
    var callback: LuaCallback {
        LuaCallback { [self] b in
            lua_rawgeti(b.L, navlua_registryindex(), lua_Integer(ref))
            return true
        }
    }
}
