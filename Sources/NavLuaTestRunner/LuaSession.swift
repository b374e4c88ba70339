import NavLuaRuntime
import NavLuaBridge

/// A Lua state of `navlua test` that Swift drives by calling the functions
/// of one of its Lua modules by name, with strings in and a string out.
///
/// The one there is: the session of `spec_driver.lua` (`driver()`), which
/// reads the options, loads busted once and becomes the template that
/// every spec file's process is forked from (see `WorkerPool`), so that
/// each file starts from a pristine copy of a state with busted, luassert
/// and the helper loaded without paying for loading them again. Its
/// `report` call runs `busted_report.lua` in the same state: busted's
/// output handlers fed from the records (see `BustedReporter`).
final class LuaSession {
    /// A failed step: the message, and the exit status it calls for (2: a
    /// usage or configuration error, 1: a failure of the run).
    struct Failure: Error {
        let message: String
        let status: Int32
    }

    let host: NavLuaHost

    /// Loads `source` as the chunk `chunkName` and runs it with a table of
    /// `parts` (name -> source) as its argument; the functions called are
    /// those of the table it returns, or of its field `field`.
    init(source: String, chunkName: String, field: String? = nil, parts: [(name: String, source: String)] = []) {
        host = NavLuaHost()
        // The module, kept in the registry for the calls below.
        let setup = """
            local source, name, field = ...
            local parts = {}
            for i = 4, select('#', ...), 2 do local k, v = select(i, ...); parts[k] = v end
            local m = load(source, name)(parts)
            debug.getregistry()['navlua test'] = m[field] or m
            """
        let arguments = [source, chunkName, field ?? ""] + parts.flatMap { [$0.name, $0.source] }
        // room for the chunk and its arguments: Lua guarantees only LUA_MINSTACK slots
        guard lua_checkstack(host.L, Int32(arguments.count + 2)) != 0 else {
            fatal("cannot load \(chunkName.dropFirst()): too many parts")
        }
        if case .failed(let message) = host.run(code: setup, name: "=navlua test setup", arguments: arguments) {
            fatal("cannot load \(chunkName.dropFirst()): \(message)")
        }
    }

    /// The test driver's session (the template of every child).
    static func driver() -> LuaSession {
        LuaSession(source: SpecDriver.source, chunkName: "=navlua test driver", field: "session",
                   parts: SpecDriver.parts)
    }

    /// Calls `module[name](arguments...)`, which returns a string, or nil
    /// and a message (whose first character, a digit, is the exit status
    /// unless `status` is given).
    func call(_ name: String, _ arguments: [String], status: Int32? = nil) -> Result<String, Failure> {
        let L = host.L
        // the caller, compiled once (a child makes one call: no parse in it)
        // raw: a spec may give the registry metamethods
        lua_pushstring(L, "navlua test call")
        if lua_rawget(L, navlua_registryindex()) != LUA_TFUNCTION {
            navlua_pop(L, 1)
            let code = """
                local session = debug.getregistry()['navlua test']
                local result, problem = session[...](select(2, ...))
                if result == nil then return '!' .. tostring(problem) end
                return '=' .. result
                """
            var chunk = code
            let loaded = chunk.withUTF8 { buf in
                buf.withMemoryRebound(to: CChar.self) {
                    navlua_loadbuffer(L, $0.baseAddress, $0.count, "=navlua test driver")
                }
            }
            guard loaded == LUA_OK else {
                defer { navlua_pop(L, 1) }
                return .failure(Failure(message: string(-1) ?? "cannot load a call", status: 2))
            }
            lua_pushstring(L, "navlua test call")
            lua_pushvalue(L, -2)
            lua_rawset(L, navlua_registryindex())
        }
        // room for the arguments: Lua guarantees only LUA_MINSTACK slots
        guard lua_checkstack(L, Int32(arguments.count + 2)) != 0 else {
            navlua_pop(L, 1)
            return .failure(Failure(message: "too many arguments for the test driver", status: 2))
        }
        push(name)
        for a in arguments { push(a) }
        switch host.protectedCall(arguments: Int32(arguments.count + 1), results: 1) {
        case .failed(let message):
            return .failure(Failure(message: message, status: 1))
        case .ok:
            defer { navlua_pop(L, 1) }
            let text = string(-1) ?? "!1the test driver returned no text"
            if text.hasPrefix("=") { return .success(String(text.dropFirst())) }
            var problem = Substring(text.dropFirst())
            var code = status ?? 2
            if status == nil, let digit = problem.first, let n = Int32(String(digit)) {
                code = n
                problem = problem.dropFirst()
            }
            return .failure(Failure(message: String(problem), status: code))
        }
    }

    /// Pushes the bytes `s` stands for (`ByteString`).
    private func push(_ s: String) {
        ByteString.bytes(of: s).withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(host.L, $0.baseAddress, $0.count) }
        }
    }

    private func string(_ index: Int32) -> String? {
        var length = 0
        guard lua_type(host.L, index) == LUA_TSTRING, let p = lua_tolstring(host.L, index, &length) else { return nil }
        return p.withMemoryRebound(to: UInt8.self, capacity: length) {
            ByteString.decode(UnsafeBufferPointer(start: $0, count: length))
        }
    }
}
