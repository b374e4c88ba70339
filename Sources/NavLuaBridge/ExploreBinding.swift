import NavLuaRuntime

/// navlua.explore and `navlua explore` (manual §13): the search is Lua
/// (Lua/explore.lua), loaded on the first call so that a script that never
/// explores does not compile it. The chunk gets the navlua table and
/// returns `{explore =, cli =}`, kept in the registry.
///
/// Swift only calls into it, under navlua_pcall: an error (the Lua side
/// gives it its `file:line`) comes back as a message, which the trampoline
/// raises once this Swift frame has returned.
enum ExploreBinding {
    static let chunkName = "=navlua.explore"
    static let registryKey = "navlua.explore"

    static let function = LuaFunction("explore", explore)

    /// Pushes the chunk's module table; false with the message on top when
    /// it could not be made.
    static func pushModule(_ lua: Lua) -> Bool {
        // only navlua's own table: a script may have put anything under the
        // key (debug.getregistry()), and a raw get on a non-table is undefined
        if lua.rawGet(navlua_registryindex(), registryKey) == LUA_TTABLE { return true }
        lua.pop()
        var source = EmbeddedLua.explore
        let status = source.withUTF8 { buf in
            buf.withMemoryRebound(to: CChar.self) { navlua_loadbuffer(lua.L, $0.baseAddress, $0.count, chunkName) }
        }
        guard status == LUA_OK else { return false }
        lua.rawGet(navlua_registryindex(), NavLuaHost.moduleTableKey)
        guard navlua_pcall(lua.L, 1, 1, 0) == LUA_OK else { return false }
        lua.pushValue(-1)
        lua.rawSet(navlua_registryindex(), registryKey)
        return true
    }

    /// Pushes the module's function `name`; false with a message on top.
    static func pushFunction(_ lua: Lua, _ name: String) -> Bool {
        guard pushModule(lua) else { return false }
        lua.rawGet(-1, name)
        navlua_remove(lua.L, -2)
        return true
    }

    /// navlua.explore{...}: the Lua function's results, or its error.
    static let explore: navlua_SwiftFunction = { L in
        let lua = Lua(L!)
        let arguments = lua.top
        guard pushFunction(lua, "explore") else { return NAVLUA_RAISE }
        navlua_insert(lua.L, 1)
        guard navlua_pcall(lua.L, arguments, LUA_MULTRET, 0) == LUA_OK else { return NAVLUA_RAISE }
        return lua.top
    }
}

extension NavLuaHost {
    /// `navlua explore ARGS...`: the exit status (0 nothing failed, 1 a
    /// failure or an error, 2 a usage error) and the error's message with
    /// its traceback, if one was raised.
    public func explore(arguments: [String]) -> (status: Int32, error: String?) {
        let lua = Lua(L)
        guard ExploreBinding.pushFunction(lua, "cli") else {
            defer { lua.pop() }
            return (1, lua.string(-1) ?? "navlua.explore could not be loaded")
        }
        for a in arguments { lua.push(a) }
        if case .failed(let message) = protectedCall(arguments: Int32(arguments.count), results: 1) {
            return (1, message)
        }
        defer { lua.pop() }
        return (Int32(lua.number(-1) ?? 1), nil)
    }
}
