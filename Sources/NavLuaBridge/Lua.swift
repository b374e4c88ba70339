import NavLuaRuntime
import NavLuaEngine

/// A thin, non-raising view of a lua_State for Swift. Only API calls that
/// cannot unwind are used here: raw table access, pushes, type checks.
/// (Pushes may still fail on memory, which navlua_alloc never lets happen
/// inside a Swift frame.)
struct Lua {
    let L: OpaquePointer

    init(_ L: OpaquePointer) { self.L = L }

    var top: Int32 { lua_gettop(L) }
    func setTop(_ n: Int32) { lua_settop(L, n) }
    func pop(_ n: Int32 = 1) { navlua_pop(L, n) }
    func absolute(_ i: Int32) -> Int32 { lua_absindex(L, i) }

    func type(_ i: Int32) -> Int32 { lua_type(L, i) }
    func isNil(_ i: Int32) -> Bool { lua_type(L, i) <= LUA_TNIL }
    func typeName(_ i: Int32) -> String { String(cString: lua_typename(L, lua_type(L, i))) }

    func push(_ d: Double) { lua_pushnumber(L, d) }
    func push(_ i: Int) { lua_pushinteger(L, lua_Integer(i)) }
    func push(_ b: Bool) { lua_pushboolean(L, b ? 1 : 0) }
    func push(_ s: String) {
        var s = s
        s.withUTF8 { buf in
            buf.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
    }
    /// Pushes bytes as they are (command-line arguments, file names: not
    /// necessarily UTF-8).
    func push(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
    }
    func pushNil() { lua_pushnil(L) }

    /// "file:line" of the Lua code that called in (navlua_where), nil when
    /// no Lua function is on the stack.
    func callerPosition() -> String? {
        navlua_where(L)
        defer { pop() }
        guard let s = string(-1), s.hasSuffix(": ") else { return nil }
        return String(s.dropLast(2))
    }
    func pushValue(_ i: Int32) { lua_pushvalue(L, i) }
    func newTable(array: Int32 = 0, hash: Int32 = 0) { lua_createtable(L, array, hash) }

    /// A string value (numbers are not converted).
    func string(_ i: Int32) -> String? {
        guard lua_type(L, i) == LUA_TSTRING else { return nil }
        var len = 0
        guard let p = lua_tolstring(L, i, &len) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
    }

    /// A string value's bytes, untouched (numbers are converted, as
    /// lua_tolstring does).
    func bytes(_ i: Int32) -> [UInt8]? {
        var len = 0
        guard let p = lua_tolstring(L, i, &len) else { return nil }
        return Array(UnsafeRawBufferPointer(start: p, count: len))
    }

    func number(_ i: Int32) -> Double? {
        lua_type(L, i) == LUA_TNUMBER ? lua_tonumberx(L, i, nil) : nil
    }

    func bool(_ i: Int32) -> Bool? {
        lua_type(L, i) == LUA_TBOOLEAN ? lua_toboolean(L, i) != 0 : nil
    }

    /// Pushes t[key] without metamethods; returns its type.
    @discardableResult
    func rawGet(_ table: Int32, _ key: String) -> Int32 {
        let t = absolute(table)
        push(key)
        return lua_rawget(L, t)
    }

    @discardableResult
    func rawGet(_ table: Int32, _ index: Int) -> Int32 {
        lua_rawgeti(L, table, lua_Integer(index))
    }

    /// t[key] = value on top (popped), without metamethods.
    func rawSet(_ table: Int32, _ key: String) {
        let t = absolute(table)
        push(key)
        navlua_insert(L, -2)
        lua_rawset(L, t)
    }

    func rawSet(_ table: Int32, _ index: Int) {
        lua_rawseti(L, table, lua_Integer(index))
    }

    func rawLength(_ i: Int32) -> Int { Int(lua_rawlen(L, i)) }

    /// A short description of the value at `i` for error messages:
    /// numbers and booleans as themselves, others by type.
    func describe(_ i: Int32) -> String {
        switch lua_type(L, i) {
        case LUA_TNUMBER:
            let d = lua_tonumberx(L, i, nil)
            if lua_isinteger(L, i) != 0 { return String(lua_tointegerx(L, i, nil)) }
            return d.isNaN ? "nan" : d.isInfinite ? (d < 0 ? "-inf" : "inf") : String(d)
        case LUA_TBOOLEAN: return lua_toboolean(L, i) != 0 ? "true" : "false"
        case LUA_TSTRING: return "'" + (string(i) ?? "") + "'"
        case LUA_TNIL, LUA_TNONE: return "nil"
        default: return "a " + typeName(i)
        }
    }
}
