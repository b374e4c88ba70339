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
    let link: BridgeLink
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

    /// What the screen's scroll views keep (they live as long as the
    /// screen): counted while this source lives.
    private var scrollViewBytes = 0

    /// What one scroll view keeps in Swift: an estimate (300,000 of them
    /// took 58 MB resident, issue 40).
    static let scrollViewBytes = 192

    /// Counts a scroll view added to the screen.
    func addScrollView() {
        scrollViewBytes += LuaScreenSource.scrollViewBytes
        account.add(LuaScreenSource.scrollViewBytes)
    }

    static func bytes(_ title: String) -> Int { title.utf8.count > 15 ? 32 + title.utf8.count : 0 }

    init(bridge: Bridge, id: Int, title: String) {
        link = bridge.link
        self.id = id
        self.lastTitle = title
        account = bridge.account
        account.add(LuaScreenSource.objectBytes + LuaScreenSource.bytes(title))
    }

    deinit { account.add(-(LuaScreenSource.objectBytes + LuaScreenSource.bytes(lastTitle) + scrollViewBytes)) }

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
        // the table and the key by reference (Bridge.screenTablesRef,
        // ScreenKey), and the string's bytes, in one call into C
        var len = 0
        guard let p = navlua_ref_table_string(b.L, b.screenTablesRef, lua_Integer(id), b.ref(.title), &len) else {
            return lastTitle
        }
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

    /// Pushes the field (read with metamethods, protected).
    private func withField<T>(_ field: ScreenField, _ read: (Lua) throws -> T) throws -> T {
        guard let result = try link.withBridge({ b in try withField(field, b, read) }) else {
            throw NavError("screen '\(lastTitle)' belongs to a closed state")
        }
        return result
    }

    private func withField<T>(_ field: ScreenField, _ b: Bridge, _ read: (Lua) throws -> T) throws -> T {
        let lua = Lua(b.L)
        let top = lua.top
        defer { lua.setTop(top) }
        // the table and the field in one call into C
        let status = if let key = ScreenKey(field) {
            navlua_ref_screen_field(b.L, b.screenTablesRef, lua_Integer(id), b.ref(key), key.cName)
        } else if pushTable(b) {
            // withCString: no copy of the name (see Lua.object)
            field.rawValue.withCString { navlua_getfield_fast(b.L, top + 1, $0) }
        } else {
            Int32(-1)
        }
        if status < 0 {
            // no table (its registry entry rewritten): the field reads nil
            // (read looked at whatever lay on the stack before)
            lua.pushNil()
            return try read(lua)
        }
        if status != LUA_OK {
            throw NavError("screen '\(title())': reading '\(field.rawValue)' failed: \(lua.string(-1) ?? "?")")
        }
        return try read(lua)
    }

    func flag(_ field: ScreenField) throws -> Bool {
        try withField(field) { lua in
            if lua.isNil(-1) { return false }
            guard let v = lua.bool(-1) else {
                throw NavError("screen '\(title())': field '\(field.rawValue)' must be a boolean (got \(lua.describe(-1)))")
            }
            return v
        }
    }

    func number(_ field: ScreenField) throws -> Double? {
        try withField(field) { lua in
            if lua.isNil(-1) { return nil }
            guard let v = lua.number(-1), v.isFinite else {
                throw NavError("screen '\(title())': field '\(field.rawValue)' must be a finite number (got \(lua.describe(-1)))")
            }
            return v
        }
    }

    func text(_ field: ScreenField) throws -> String? {
        try withField(field) { lua in
            if lua.isNil(-1) { return nil }
            guard lua_type(lua.L, -1) == LUA_TSTRING, let s = lua.string(-1) else {
                throw NavError("screen '\(title())': field '\(field.rawValue)' must be a string (got \(lua.describe(-1)))")
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
        // the table and the hook in one call into C (undefined when the
        // table is gone)
        let key = ScreenKey(hook)
        let status = navlua_ref_screen_field(L, b.screenTablesRef, lua_Integer(id), b.ref(key), key.cName)
        if status < 0 { return .undefined }
        let table = top + 1
        if status != LUA_OK {
            throw NavError("screen '\(title())': reading '\(hook.rawValue)' failed: \(lua.string(-1) ?? "?")")
        }
        let type = lua.type(-1)
        if type == LUA_TNIL { return .undefined }
        guard type == LUA_TFUNCTION else {
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
