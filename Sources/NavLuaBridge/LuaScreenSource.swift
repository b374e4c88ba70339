import NavLuaRuntime
import NavLuaEngine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A screen's fields and hooks, read from its Lua table at decision time.
/// The table is found by id in a weak-valued registry table; while the
/// engine holds the screen it is also pinned in a strong one, so a script
/// may drop its own reference to a screen on a stack.
final class LuaScreenSource: ScreenSource {
    private let link: BridgeLink
    var bridge: Bridge? { link.bridge }
    let id: Int
    /// The title last read, kept for when the table is gone: counted in the
    /// state's memory account, since it may be long and the screen lives as
    /// long as Lua's collector leaves its userdata.
    private var lastTitle: String { didSet { account.add(LuaScreenSource.bytes(lastTitle) - LuaScreenSource.bytes(oldValue)) } }
    private let account: MemoryAccount

    /// What a screen's Swift side keeps (its Screen, this source), beside
    /// its title: an estimate.
    static let objectBytes = 160

    static func bytes(_ title: String) -> Int { title.utf8.count > 15 ? 32 + title.utf8.count : 0 }

    init(bridge: Bridge, id: Int, title: String) {
        link = bridge.link
        self.id = id
        self.lastTitle = title
        account = bridge.account
        account.add(LuaScreenSource.objectBytes + LuaScreenSource.bytes(title))
    }

    deinit { account.add(-(LuaScreenSource.objectBytes + LuaScreenSource.bytes(lastTitle))) }

    /// Pushes the screen table (or nothing, returning false, once it is gone).
    func pushTable() -> Bool {
        guard let b = bridge else { return false }
        return pushTable(b)
    }

    private func pushTable(_ b: Bridge) -> Bool {
        // one call into C, the screen tables' table by reference
        let L = b.L
        if navlua_ref_geti(L, b.screenTablesRef, lua_Integer(id)) == LUA_TTABLE {
            return true
        }
        navlua_pop(L, 1)
        return false
    }

    func title() -> String {
        link.withBridge { title($0) } ?? lastTitle
    }

    private func title(_ b: Bridge) -> String {
        let L = b.L
        // the table and the key by reference (Bridge.screenTablesRef, ScreenKey)
        let type = navlua_ref_table_field(L, b.screenTablesRef, lua_Integer(id), b.ref(.title))
        if type == LUA_TNONE { return lastTitle }
        defer { navlua_pop(L, 2) }
        guard type == LUA_TSTRING else { return lastTitle }
        var len = 0
        guard let p = lua_tolstring(L, -1, &len) else { return lastTitle }
        // The same bytes as the title kept: nothing to decode (most reads).
        // Otherwise the string decoded and compared as before (== is
        // Unicode equivalence: an equivalent spelling keeps the old one).
        let same = lastTitle.utf8.withContiguousStorageIfAvailable { kept in
            kept.count == len && (len == 0 || memcmp(kept.baseAddress!, p, len) == 0)
        }
        if same == true { return lastTitle }
        let t = String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
        if t != lastTitle { lastTitle = t }
        return lastTitle
    }

    /// Pushes field `name` (read with metamethods, protected).
    private func withField<T>(_ name: String, _ read: (Lua) throws -> T) throws -> T {
        guard let b = bridge else { throw NavError("screen '\(lastTitle)' belongs to a closed state") }
        let lua = Lua(b.L)
        let top = lua.top
        defer { lua.setTop(top) }
        guard pushTable(b) else {
            // no table (its registry entry rewritten): the field reads nil
            // (read looked at whatever lay on the stack before)
            lua.pushNil()
            return try read(lua)
        }
        let table = lua.top
        let status = if let key = ScreenKey(field: name) {
            lua.getField(table, key, b)
        } else {
            // withCString: no copy of the name (see Lua.object)
            name.withCString { navlua_getfield_fast(b.L, table, $0) }
        }
        if status != LUA_OK {
            throw NavError("screen '\(title())': reading '\(name)' failed: \(lua.string(-1) ?? "?")")
        }
        return try read(lua)
    }

    func flag(_ name: String) throws -> Bool {
        try withField(name) { lua in
            if lua.isNil(-1) { return false }
            guard let v = lua.bool(-1) else {
                throw NavError("screen '\(title())': field '\(name)' must be a boolean (got \(lua.describe(-1)))")
            }
            return v
        }
    }

    func number(_ name: String) throws -> Double? {
        try withField(name) { lua in
            if lua.isNil(-1) { return nil }
            guard let v = lua.number(-1), v.isFinite else {
                throw NavError("screen '\(title())': field '\(name)' must be a finite number (got \(lua.describe(-1)))")
            }
            return v
        }
    }

    func text(_ name: String) throws -> String? {
        try withField(name) { lua in
            if lua.isNil(-1) { return nil }
            guard lua_type(lua.L, -1) == LUA_TSTRING, let s = lua.string(-1) else {
                throw NavError("screen '\(title())': field '\(name)' must be a string (got \(lua.describe(-1)))")
            }
            return s
        }
    }

    func call(_ hook: Hook, _ arguments: HookArguments) throws -> HookResult {
        try link.withBridge { b in try call(hook, arguments, b) } ?? .undefined
    }

    private func call(_ hook: Hook, _ arguments: HookArguments, _ b: Bridge) throws -> HookResult {
        let L = b.L
        let lua = Lua(L)
        let top = lua.top
        defer { lua.setTop(top) }
        // Hooks can be called deep inside other calls: make room first.
        guard lua_checkstack(L, 16) != 0 else { throw NavError("the Lua stack is full") }
        guard pushTable(b) else { return .undefined }
        let table = lua.top
        if lua.getField(table, ScreenKey(hook), b) != LUA_OK {
            throw NavError("screen '\(title())': reading '\(hook.rawValue)' failed: \(lua.string(-1) ?? "?")")
        }
        if lua.isNil(-1) { return .undefined }
        guard lua.type(-1) == LUA_TFUNCTION else {
            throw NavError("screen '\(title())': '\(hook.rawValue)' must be a function (got \(lua.describe(-1)))")
        }
        lua.pushValue(table)
        var nargs: Int32 = 1
        switch arguments {
        case .none: break
        case .animated(let animated):
            lua.push(animated)
            nargs += 1
        case .gesture(let info):
            GestureTable.push(info, lua)
            nargs += 1
        }
        if let message = lua.protectedCallMessage(arguments: nargs, results: 1) {
            throw NavError("hook '\(hook.rawValue)' of screen '\(title())' failed: \(message)")
        }
        if lua.isNil(-1) { return .value(nil) }
        if let v = lua.bool(-1) { return .value(v) }
        switch hook {
        case .enabled, .allow_drag_back, .will_go_back:
            throw NavError("hook '\(hook.rawValue)' of screen '\(title())' returned \(lua.describe(-1)); "
                           + "it must return a boolean or nil")
        default:
            return .value(nil)   // results of the other hooks are ignored
        }
    }

    func setPinned(_ pinned: Bool) {
        guard let b = bridge else { return }
        let lua = Lua(b.L)
        b.pushRegistryTable(Bridge.pinnedScreens)
        if pinned {
            if !pushTable() { lua.pushNil() }
        } else {
            lua.pushNil()
        }
        lua.rawSet(-2, id)
        lua.pop()
    }
}

/// The table hooks and completion functions see for a gesture:
/// `{location={x=,y=}, translation=, velocity=, touches=n}`.
enum GestureTable {
    // in C (navlua_push_gesture): the same table, each key by a literal's
    // address instead of a Swift string hashed and interned (~500
    // instructions a key with its rotate)
    static func push(_ info: GestureInfo, _ lua: Lua) {
        navlua_push_gesture(lua.L, info.location.x, info.location.y, info.translation.x, info.translation.y,
                            info.velocity.x, info.velocity.y, lua_Integer(info.touches))
    }

    static func pushPoint(_ p: Point, _ lua: Lua) {
        navlua_push_point(lua.L, p.x, p.y)
    }
}
