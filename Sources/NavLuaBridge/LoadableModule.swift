import NavLuaRuntime

/// The Swift half of luaopen_navlua, which is C (NavLuaModule) so that no
/// Lua error unwinds through this frame: a navlua_SwiftFunction.
@_cdecl("navlua_open_module")
public func navluaOpenModule(_ L: OpaquePointer?) -> Int32 {
    LoadableModule.open(L!)
}

/// navlua as a C module for any Lua 5.4 (`require "navlua"` from lua5.4,
/// busted, a LuaRocks tool): the bridge opened in a state that host made.
///
/// The host keeps its allocator (navlua's limits block forwards to it, so
/// that the trampoline finds the block where it always does), its warning
/// function, its os.exit and its debug library: no limits apply here. The
/// bridge lives until the state closes: a finalizer made before any navlua
/// object (so finalized after all of them) closes the world and hands the
/// allocator back.
///
/// A state may open the module more than once: busted re-requires modules
/// for each spec file (it clears package.loaded between files), and a
/// script may call luaopen_navlua itself. Every open after the first keeps
/// the state's bridge, its world and its limits; it returns a new table of
/// the same functions, or, when the state's bridge is another image's (this
/// navlua.so loaded into a state that the navlua binary runs), that image's
/// own table.
public enum LoadableModule {
    /// What luaopen_navlua calls (navlua_open_module): returns 1, the navlua
    /// table on the stack. It never raises: it reads and writes the
    /// registry raw, so that a registry with metamethods cannot unwind
    /// through it and leave navlua half open.
    public static func open(_ L: OpaquePointer) -> Int32 {
        let lua = Lua(L)
        if reopen(lua) { return 1 }
        let limits = UnsafeMutablePointer<navlua_Limits>.allocate(capacity: 1)
        navlua_adopt_state(L, limits)
        let bridge = Bridge(L: L)
        let retained = Unmanaged.passRetained(bridge).toOpaque()
        navlua_main_extraspace(L).pointee = retained
        navlua_extraspace(L).pointee = retained
        bridgeInHostState = true
        pushCloser(lua, limits)
        lua.rawSet(navlua_registryindex(), "navlua.module")
        NavLuaHost.installModule(lua, global: false)
        return 1
    }

    /// Pushes the module table if navlua is already open in the state.
    private static func reopen(_ lua: Lua) -> Bool {
        lua.rawGet(navlua_registryindex(), NavLuaHost.imageKey)
        let image = lua_touserdata(lua.L, -1)
        lua.pop()
        guard let image else { return false }
        if image == NavLuaHost.imageTag {
            NavLuaHost.pushModuleTable(lua)
        } else {
            lua.rawGet(navlua_registryindex(), NavLuaHost.moduleTableKey)
        }
        return true
    }

    /// A userdata whose __gc ends navlua's life in the state.
    private static func pushCloser(_ lua: Lua, _ limits: UnsafeMutablePointer<navlua_Limits>) {
        let slot = lua_newuserdatauv(lua.L, MemoryLayout<UnsafeMutableRawPointer>.size, 0)!
        slot.storeBytes(of: UnsafeMutableRawPointer(limits), as: UnsafeMutableRawPointer.self)
        lua.newTable(hash: 1)
        navlua_pushswiftcloser(lua.L, close)
        lua.rawSet(-2, "__gc")
        lua_setmetatable(lua.L, -2)
    }

    /// Whether L is its state's main thread (lua_pushthread's answer; the
    /// thread it pushes is popped).
    private static func isMainThread(_ L: OpaquePointer) -> Bool {
        let main = lua_pushthread(L) == 1
        navlua_pop(L, 1)
        return main
    }

    private static let close: navlua_SwiftFunction = { L in
        // A script can call this __gc too (debug.getmetatable), on any
        // value and while navlua is in use. The registry holds the closer,
        // so Lua finalizes it only in lua_close, on the main thread with
        // nothing on the stack below the finalizer: any other call closes
        // nothing. (A coroutine whose body is this function has nothing
        // below it either: `coroutine.wrap(gc)(closer)` closed navlua under
        // a running script, and its next call trapped.) And only the closer
        // of a state whose limits block is still its allocator's (it is not
        // after the first close).
        var below = lua_Debug()
        guard let L = L, lua_getstack(L, 1, &below) == 0, isMainThread(L), lua_type(L, 1) == LUA_TUSERDATA,
              lua_rawlen(L, 1) == MemoryLayout<UnsafeMutableRawPointer>.size,
              let slot = lua_touserdata(L, 1) else { return 0 }
        let limits = slot.load(as: UnsafeMutableRawPointer.self).assumingMemoryBound(to: navlua_Limits.self)
        guard limits == navlua_limits(L) else { return 0 }
        let extra = navlua_main_extraspace(L)!
        if let p = extra.pointee {
            let bridge = Unmanaged<Bridge>.fromOpaque(p)
            bridge.takeUnretainedValue().close()
            bridge.takeUnretainedValue().account.detach()   // the limits block is freed below
            bridge.release()
            extra.pointee = nil
        }
        navlua_release_state(L, limits)
        limits.deallocate()
        return 0
    }
}
