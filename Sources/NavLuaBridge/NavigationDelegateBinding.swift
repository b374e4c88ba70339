import NavLuaRuntime
import NavLuaEngine

/// The `delegate` navigation option and read/write field (manual §6.5):
/// a table whose `will_show` and `did_show` are called as
/// `fn(nav, screen, animated)`, UINavigationControllerDelegate's two
/// appearance methods. The table is the navigation userdata's third user
/// value (see LuaCallback for why a user value), and each method is looked
/// up when it is called (with metamethods, protected), as UIKit asks
/// `respondsToSelector:` each time: a table may keep its own state beside
/// them (seed 004's `vcsDic`) or take its methods from a class.
enum NavigationDelegateBinding {
    static let slot: Int32 = 3
    static let allowed = "a table with will_show and/or did_show functions, or nil"

    /// Makes the value at `value` (absolute) the delegate of the navigation
    /// whose userdata is at `ud` (absolute): nil removes it.
    static func set(_ nav: NavigationController, userdata ud: Int32, value: Int32, _ lua: Lua, _ b: Bridge) throws {
        if lua.isNil(value) {
            lua.pushNil()
            _ = lua_setiuservalue(lua.L, ud, slot)
            nav.setDelegate(nil)
            return
        }
        guard lua.type(value) == LUA_TTABLE else { throw argumentError("delegate", allowed, got: lua.describe(value)) }
        for method in NavigationDelegateMethod.allCases {
            // raw: a check at set time must not run the app's metamethods
            lua.rawGet(value, method.rawValue)
            defer { lua.pop() }
            if !lua.isNil(-1) && lua.type(-1) != LUA_TFUNCTION {
                throw argumentError("delegate.\(method.rawValue)", "a function", got: lua.describe(-1))
            }
        }
        lua.pushValue(value)
        _ = lua_setiuservalue(lua.L, ud, slot)
        nav.setDelegate(LuaNavigationDelegate(bridge: b, navigation: nav.id))
    }

    /// Pushes the delegate table of `nav` (nil when it has none).
    static func push(_ nav: NavigationController, _ lua: Lua, _ b: Bridge) {
        if !lua.pushNavigationValue(slot, of: nav.id, type: LUA_TTABLE, b) { lua.pushNil() }
    }
}

/// A navigation delegate written in Lua.
final class LuaNavigationDelegate: NavigationDelegate {
    private weak var bridge: Bridge?
    private let generation: Int
    private let navigationID: Int

    init(bridge: Bridge, navigation id: Int) {
        self.bridge = bridge
        self.generation = bridge.generation
        self.navigationID = id
    }

    func call(_ method: NavigationDelegateMethod, _ nav: NavigationController,
              _ screen: Screen, animated: Bool) throws -> Bool {
        guard let b = bridge, b.generation == generation else { return false }
        let L = b.L
        let lua = Lua(L)
        let top = lua.top
        defer { lua.setTop(top) }
        guard lua_checkstack(L, 16) != 0 else { throw NavError("the Lua stack is full") }
        guard lua.pushNavigationValue(NavigationDelegateBinding.slot, of: navigationID, type: LUA_TTABLE, b) else {
            return false
        }
        let what = "delegate.\(method.rawValue) of navigation \(nav.id)"
        // withCString: no copy of the name (see Lua.object)
        if method.rawValue.withCString({ navlua_safe_getfield(L, lua.top, $0) }) != LUA_OK {
            throw NavError("\(what): reading it failed: \(lua.string(-1) ?? "?")")
        }
        if lua.isNil(-1) { return false }
        guard lua.type(-1) == LUA_TFUNCTION else {
            throw NavError("\(what) must be a function (got \(lua.describe(-1)))")
        }
        NavigationBinding.pushNavigation(nav, lua, b)
        ScreenBinding.push(screen, lua)
        lua.push(animated)
        if let message = lua.protectedCallMessage(arguments: 3, results: 0) {
            throw NavError("\(what) failed: \(message)")
        }
        return true
    }
}
