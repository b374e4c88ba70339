import NavLuaRuntime

extension Lua {
    /// Calls the function below `arguments` values on the stack as lua.c's
    /// docall does: under the message handler that adds a traceback, with
    /// the memory limit back on inside (navlua_pcall), and with `sigint`,
    /// lua.c's Ctrl-C around it. On success leaves `results` values
    /// (LUA_MULTRET: all) and returns nil; on failure leaves nothing of the
    /// call and returns the error's bytes, as they are. The one protected
    /// call with a traceback that Swift makes into user code.
    func protectedCall(arguments: Int32, results: Int32, sigint: Bool = false) -> [UInt8]? {
        let base = top - arguments
        navlua_pushmsghandler(L)
        navlua_insert(L, base)
        if sigint { navlua_sigint_begin(L) }
        let status = navlua_pcall(L, arguments, results, base)
        if sigint { navlua_sigint_end() }
        navlua_remove(L, base)
        guard status != LUA_OK else { return nil }
        defer { pop() }
        // the handler leaves a string; anything else is kept as the message says
        return bytes(-1) ?? Array("(error object is a \(typeName(-1)) value)".utf8)
    }

    /// `protectedCall` with the error as text (invalid UTF-8 replaced).
    func protectedCallMessage(arguments: Int32, results: Int32) -> String? {
        protectedCall(arguments: arguments, results: results).map { String(decoding: $0, as: UTF8.self) }
    }
}
