import NavLuaRuntime

/// What lua.c (Lua's stand-alone interpreter) does with a state, for
/// `navlua run`, `-e`, `-l`, `-W` and LUA_INIT: the `arg` table, each chunk
/// run from a C frame under the traceback handler with lua.c's Ctrl-C, and
/// every name and message as bytes, since neither argv nor a Lua string has
/// to be UTF-8.
///
/// Each `run…` returns nil on success, or the error message (with its
/// traceback) to print after "navlua: ".
extension NavLuaHost {
    /// lua.c's createargtable: every element of `argv` at its index minus
    /// `script` (the script's index in argv; argv.count when there is none,
    /// in which case the interpreter's name is at 0).
    public func setArgumentTable(_ argv: [[UInt8]], script: Int) {
        let lua = Lua(L)
        let base = script >= argv.count ? 0 : script
        lua.newTable(array: Int32(max(0, argv.count - base - 1)), hash: Int32(base + 1))
        for (i, a) in argv.enumerated() {
            lua.push(bytes: a)
            lua.rawSet(-2, i - base)
        }
        lua_rawgeti(L, navlua_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        navlua_insert(L, -2)
        lua.rawSet(-2, "arg")
        lua.pop()
    }

    /// Runs a file (nil: standard input) as lua.c's dofile, or with
    /// `script`, as its handle_script: with arg[1...#arg] as `...`.
    public func runFile(_ path: [UInt8]?, script: Bool) -> [UInt8]? {
        let status: Int32
        if let path = path {
            status = (path + [0]).withUnsafeBufferPointer { buf in
                buf.withMemoryRebound(to: CChar.self) { luaL_loadfilex(L, $0.baseAddress, nil) }
            }
        } else {
            status = luaL_loadfilex(L, nil, nil)
        }
        return runLoaded(status, script: script)
    }

    /// Runs `code` as a chunk named `name` ("=(command line)", "=LUA_INIT").
    public func runCode(_ code: [UInt8], name: String) -> [UInt8]? {
        let status = code.withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { navlua_loadbuffer(L, $0.baseAddress, $0.count, name) }
        }
        return runLoaded(status, script: false)
    }

    /// lua -l: `global = require(module)`.
    public func requireLibrary(global: [UInt8], module: [UInt8]) -> [UInt8]? {
        let lua = Lua(L)
        lua_pushcclosure(L, navlua_require_global, 0)
        lua.push(bytes: global)
        lua.push(bytes: module)
        return docall(arguments: 2)
    }

    /// lua -W.
    public func turnWarningsOn() { navlua_warnings_on(L) }

    /// The Lua release navlua runs on, as lua -v prints it.
    public static var luaCopyright: String { String(cString: navlua_lua_copyright()) }

    private func runLoaded(_ status: Int32, script: Bool) -> [UInt8]? {
        let lua = Lua(L)
        guard status == LUA_OK else {
            defer { lua.pop() }
            return lua.bytes(-1) ?? Array("cannot load the chunk".utf8)
        }
        var arguments: Int32 = 0
        if script {
            recordFromStartIfChunkNamesHTML()
            let before = lua.top
            lua_pushcclosure(L, navlua_script_args, 0)
            guard navlua_pcall(L, 0, LUA_MULTRET, 0) == LUA_OK else {
                defer { lua.pop(2) }
                return lua.bytes(-1) ?? []
            }
            arguments = lua.top - before
        }
        navlua_push_chunk_frame(L)
        navlua_insert(L, -(arguments + 2))
        return docall(arguments: arguments + 1)
    }

    /// lua.c's docall: the function below `arguments` values, under the
    /// traceback handler, with SIGINT raising "interrupted!" in it.
    private func docall(arguments: Int32) -> [UInt8]? {
        Lua(L).protectedCall(arguments: arguments, results: 0, sigint: true)
    }
}
