import NavLuaRuntime
import NavLuaEngine

/// A navigation in Lua: its type and its methods (manual §4.2). What makes
/// one, navlua.navigation{...}, is in NavigationConstructor.swift; its
/// fields in NavigationFields.swift; nav:visual() in NavigationVisualTable.swift.
enum NavigationBinding {
    static let metatable = "navlua.Navigation"

    static let methods: [LuaFunction] = [
        LuaFunction("push", push), LuaFunction("pop", pop), LuaFunction("pop_to_root", popToRoot), LuaFunction("pop_to", popTo),
        LuaFunction("set_screens", setScreens), LuaFunction("back", back), LuaFunction("present", present),
        LuaFunction("dismiss", dismiss), LuaFunction("visual", visual), LuaFunction("set_navigation_bar_hidden", setNavigationBarHidden),
        LuaFunction("pop_recognizer", PopRecognizerBinding.popRecognizer),
    ]

    static func register(_ lua: Lua) {
        lua.registerObjectType(metatable, methods: methods, fields: Field.allCases.map(\.rawValue),
                               index: index, scalar: scalarField, newIndex: newIndex, toString: toString)
    }

    /// One userdata per navigation, so the same navigation compares equal.
    static func pushNavigation(_ nav: NavigationController, _ lua: Lua, _ b: Bridge) {
        b.pushUnique(nav, id: nav.id, cache: Bridge.navObjects, metatable: metatable)
    }

    /// `self` of a method: a navigation of the current world.
    static func navigation(_ lua: Lua, _ b: Bridge) throws -> NavigationController {
        guard let nav = lua.object(1, metatable: metatable, as: NavigationController.self) else {
            throw argumentError("self", "a navigation (call methods with ':')", got: lua.describe(1))
        }
        guard nav.belongs(to: b.world) else {
            throw NavError("this navigation belongs to a world that navlua.reset replaced")
        }
        return nav
    }

    /// The `{animated=}` options of a navigation call (true when absent).
    private static func animated(_ lua: Lua, _ i: Int32) throws -> Bool {
        try Options(lua, i, allowed: ["animated"]).animated
    }

    /// Where a navigation call is made, for the error it may give later if
    /// it has to wait in the queue ("nav:push at x.lua:3"): the bridge's
    /// one LuaCallSite, read at once if the call waits (no allocation).
    private static func site(_ b: Bridge, _ lua: Lua, _ name: StaticString) -> CallSite {
        b.callSite.at(lua.L, name)
    }

    /// Returns the screen a pop variant removed (or nil) to Lua.
    private static func returning(_ popped: Screen?, _ lua: Lua) -> Int32 {
        ScreenBinding.push(popped, lua)
        return 1
    }

    static let push: navlua_SwiftFunction = { L in
        bridged(L, "nav:push") { b, lua in
            let nav = try navigation(lua, b)
            let screen = try ScreenBinding.screen(lua, b, 2, "screen")
            try nav.push(screen, animated: animated(lua, 3), site: site(b, lua, "nav:push"))
            return 0
        }
    }

    static let pop: navlua_SwiftFunction = { L in
        bridged(L, "nav:pop") { b, lua in
            let nav = try navigation(lua, b)
            return returning(try nav.pop(animated: animated(lua, 2), site: site(b, lua, "nav:pop")), lua)
        }
    }

    static let popToRoot: navlua_SwiftFunction = { L in
        bridged(L, "nav:pop_to_root") { b, lua in
            let nav = try navigation(lua, b)
            return returning(try nav.popToRoot(animated: animated(lua, 2), site: site(b, lua, "nav:pop_to_root")), lua)
        }
    }

    static let popTo: navlua_SwiftFunction = { L in
        bridged(L, "nav:pop_to") { b, lua in
            let nav = try navigation(lua, b)
            let screen = try ScreenBinding.screen(lua, b, 2, "screen")
            return returning(try nav.pop(to: screen, animated: animated(lua, 3), site: site(b, lua, "nav:pop_to")), lua)
        }
    }

    static let setScreens: navlua_SwiftFunction = { L in
        bridged(L, "nav:set_screens") { b, lua in
            let nav = try navigation(lua, b)
            guard lua.type(2) == LUA_TTABLE else {
                throw argumentError("screens", "an array of screens", got: lua.describe(2))
            }
            var list: [Screen] = []
            for i in 1...max(1, lua.rawLength(2)) where lua.rawLength(2) > 0 {
                lua.rawGet(2, i)
                defer { lua.pop() }
                list.append(try ScreenBinding.screen(lua, b, -1, "screens[\(i)]"))
            }
            try nav.setScreens(list, animated: animated(lua, 3), site: site(b, lua, "nav:set_screens"))
            return 0
        }
    }

    static let back: navlua_SwiftFunction = { L in
        bridged(L, "nav:back") { b, lua in
            try navigation(lua, b).back(site: site(b, lua, "nav:back"))
            return 0
        }
    }

    static let present: navlua_SwiftFunction = { L in
        bridged(L, "nav:present") { b, lua in
            let nav = try navigation(lua, b)
            try nav.present(PresentationBinding.request(lua, 2), site: site(b, lua, "nav:present"))
            return 0
        }
    }

    static let dismiss: navlua_SwiftFunction = { L in
        bridged(L, "nav:dismiss") { b, lua in
            let nav = try navigation(lua, b)
            try nav.dismiss(animated: animated(lua, 2), site: site(b, lua, "nav:dismiss"))
            return 0
        }
    }

    /// nav:set_navigation_bar_hidden(hidden [, {animated=true}]): UIKit's
    /// setNavigationBarHidden:animated:, for an app that manages its bar
    /// itself (bar_per_screen = false); not queued, as in UIKit.
    static let setNavigationBarHidden: navlua_SwiftFunction = { L in
        bridged(L, "nav:set_navigation_bar_hidden") { b, lua in
            let nav = try navigation(lua, b)
            guard let hidden = lua.bool(2) else { throw argumentError("hidden", "a boolean", got: lua.describe(2)) }
            nav.setBarHidden(hidden, animated: try animated(lua, 3))
            return 0
        }
    }
}
