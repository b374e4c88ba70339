import NavLuaRuntime
import NavLuaEngine

/// A table of app methods kept as a user value of a navigation's userdata
/// (the navigation delegate in slot 3, the presentation delegate in slot 4;
/// see LuaCallback for why a user value), its methods looked up when each
/// is called, with metamethods and protected, as UIKit asks
/// `respondsToSelector:` each time: the table may keep its own state beside
/// them, or take its methods from a class.
/// Whose table a Lua delegate calls: a navigation of the world it was made
/// in (nil once navlua.reset replaced that world or the state closed).
struct DelegateOwner {
    private let link: BridgeLink
    private let generation: Int
    let navigationID: Int

    init(_ b: Bridge, navigation id: Int) {
        link = b.link
        generation = b.generation
        navigationID = id
    }

    var current: Bridge? {
        guard let b = link.bridge, b.generation == generation else { return nil }
        return b
    }
}

struct DelegateTable {
    /// The option's and field's name (`delegate`, `presentation_delegate`).
    let name: String
    let slot: Int32
    let methods: [String]
    /// What the option accepts, for its error.
    let allowed: String

    /// Stores the value at `value` (absolute) as the table of the navigation
    /// whose userdata is at `ud` (absolute). Returns false for nil (removed).
    /// A value that is not a table, or a method that is not a function, is
    /// an error (checked raw: a check at set time runs no metamethod).
    func store(userdata ud: Int32, value: Int32, _ lua: Lua) throws -> Bool {
        if lua.isNil(value) {
            lua.pushNil()
            _ = lua_setiuservalue(lua.L, ud, slot)
            return false
        }
        guard lua.type(value) == LUA_TTABLE else { throw argumentError(name, allowed, got: lua.describe(value)) }
        try refuseMisspelledMethods(value, lua)
        for method in methods {
            lua.rawGet(value, method)
            defer { lua.pop() }
            if !lua.isNil(-1) && lua.type(-1) != LUA_TFUNCTION {
                throw argumentError("\(name).\(method)", "a function", got: lua.describe(-1))
            }
        }
        lua.pushValue(value)
        _ = lua_setiuservalue(lua.L, ud, slot)
        return true
    }

    /// A key one or two edits from a method's name (`did_shw`) is that
    /// method mistyped, which would never be called: an error naming it.
    /// Other keys stay allowed, as the table may keep its own state and
    /// methods (seed 004's navigation is its own delegate). Raw keys, in
    /// name order, so the message does not depend on `next`'s order.
    private func refuseMisspelledMethods(_ value: Int32, _ lua: Lua) throws {
        var found: [(key: String, method: String)] = []
        lua.pushNil()
        while lua_next(lua.L, value) != 0 {
            defer { lua.pop() }
            if lua_type(lua.L, -2) == LUA_TSTRING, let key = lua.string(-2),
               let method = NameSuggestion.nearest(key, among: methods) {
                found.append((key, method))
            }
        }
        if let first = found.min(by: { $0.key < $1.key }) {
            throw NavError("\(name): unknown method '\(first.key)' (did you mean '\(first.method)'?)")
        }
    }

    /// Pushes the table of navigation `nav` (nil when it has none).
    func push(_ nav: NavigationController, _ lua: Lua, _ b: Bridge) {
        if !lua.pushNavigationValue(slot, of: nav.id, type: LUA_TTABLE, b) { lua.pushNil() }
    }

    /// Calls `method` of navigation `navigationID`'s table with the values
    /// `pushArguments` pushes, leaving `results` values on the stack; false
    /// (nothing pushed) when the table or the method is absent. `what`
    /// names it in errors.
    func call(_ method: String, navigation navigationID: Int, _ b: Bridge, what: @autoclosure () -> String,
              results: Int32,
              _ pushArguments: () -> Int32) throws -> Bool {
        let L = b.L
        let lua = Lua(L)
        guard lua_checkstack(L, 16) != 0 else { throw NavError("the Lua stack is full") }
        let base = lua.top
        guard lua.pushNavigationValue(slot, of: navigationID, type: LUA_TTABLE, b) else { return false }
        if navlua_getfield_fast(L, lua.top, method) != LUA_OK {
            throw NavError("\(what()): reading it failed: \(lua.string(-1) ?? "?")")
        }
        guard !lua.isNil(-1) else {
            lua.setTop(base)
            return false
        }
        guard lua.type(-1) == LUA_TFUNCTION else {
            throw NavError("\(what()) must be a function (got \(lua.describe(-1)))")
        }
        navlua_remove(L, -2)   // the table
        if let message = lua.protectedCallMessage(arguments: pushArguments(), results: results) {
            throw NavError("\(what()) failed: \(message)")
        }
        return true
    }
}
