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
    static let table = DelegateTable(
        name: "delegate", slot: 3, methods: NavigationDelegateMethod.allCases.map(\.rawValue),
        allowed: "a table with will_show and/or did_show functions, or nil")

    /// Makes the value at `value` (absolute) the delegate of the navigation
    /// whose userdata is at `ud` (absolute): nil removes it.
    static func set(_ nav: NavigationController, userdata ud: Int32, value: Int32, _ lua: Lua, _ b: Bridge) throws {
        let stored = try table.store(userdata: ud, value: value, lua)
        nav.setDelegate(stored ? LuaNavigationDelegate(bridge: b, navigation: nav.id) : nil)
    }

    /// Pushes the delegate table of `nav` (nil when it has none).
    static func push(_ nav: NavigationController, _ lua: Lua, _ b: Bridge) { table.push(nav, lua, b) }
}

/// A navigation delegate written in Lua.
final class LuaNavigationDelegate: NavigationDelegate {
    private let owner: DelegateOwner

    init(bridge: Bridge, navigation id: Int) { owner = DelegateOwner(bridge, navigation: id) }

    func call(_ method: NavigationDelegateMethod, _ nav: NavigationController,
              _ screen: Screen, animated: Bool) throws -> Bool {
        guard let b = owner.current else { return false }
        let lua = Lua(b.L)
        let top = lua.top
        defer { lua.setTop(top) }
        return try NavigationDelegateBinding.table.call(
            method.rawValue, navigation: owner.navigationID, b, what: "delegate.\(method.rawValue) of navigation \(nav.id)",
            results: 0) {
                NavigationBinding.pushNavigation(nav, lua, b)
                ScreenBinding.push(screen, lua)
                lua.push(animated)
                return 3
            }
    }
}
