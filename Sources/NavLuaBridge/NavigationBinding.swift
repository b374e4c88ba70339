import NavLuaRuntime
import NavLuaEngine

/// navlua.navigation and the navigation methods and fields: manual §4.1-§4.3.
enum NavigationBinding {
    static let metatable = "navlua.Navigation"

    static let methods: [LuaFunction] = [
        LuaFunction("push", push), LuaFunction("pop", pop), LuaFunction("pop_to_root", popToRoot), LuaFunction("pop_to", popTo),
        LuaFunction("set_screens", setScreens), LuaFunction("back", back), LuaFunction("present", present),
        LuaFunction("dismiss", dismiss), LuaFunction("visual", visual), LuaFunction("set_navigation_bar_hidden", setNavigationBarHidden),
    ]

    static func register(_ lua: Lua) {
        lua.registerObjectType(metatable, methods: methods, fields: Field.allCases.map(\.rawValue),
                               index: index, scalar: scalarField, newIndex: newIndex, toString: toString)
    }

    static let options = ["style", "root", "pop_gesture", "dismiss_at_root", "bar_per_screen",
                          "edge_width", "completion", "transition", "presentation",
                          "gesture_delegate", "preset", "delegate", "calls_during_transition",
                          "presentation_delegate"]

    static let navigation: navlua_SwiftFunction = { L in
        bridged(L, "navlua.navigation") { b, lua in
            try WorldBinding.refuseWhenBusy(b)
            let o = try Options(lua, 1, allowed: options)
            var opts = NavigationOptions(tunables: b.world.tunables)
            let presetName = try o.string("preset") ?? b.defaultPreset ?? "uikit"
            let preset = presetName == "uikit" ? Preset.uikit(b.world.tunables) : try PresetBinding.find(presetName, b)
            preset.apply(to: &opts)
            if let style = try o.string("style") {
                guard let s = PopStyle(rawValue: style) else {
                    throw NavError("unknown style '\(style)' (expected edge, fullscreen or snapshot)")
                }
                opts.style = s
            }
            if let on = try o.bool("pop_gesture") { opts.popGesture = on }
            if let rule = try PresetBinding.callsDuringTransition(o) { opts.callsDuringTransition = rule }
            if let on = try o.bool("dismiss_at_root") { opts.dismissAtRoot = on }
            if let on = try o.bool("bar_per_screen") { opts.barPerScreen = on }
            if let e = try o.nonNegative("edge_width") { opts.edgeWidth = e }
            let owner = CompletionOwner(generation: b.generation)
            opts.completion = try completion(o, lua, b, owner, default: opts.completion)
            if let t = try animationSpec(o, "transition", lua, default: opts.transition) {
                let curveGiven: Bool? = o.with("transition") {
                    defer { lua.pop() }
                    return lua.rawGet(-1, "curve") != LUA_TNIL
                }
                opts.replaceTransition(t, curveGiven: curveGiven == true)
            }
            if let p = try animationSpec(o, "presentation", lua, default: opts.presentation) { opts.presentation = p }
            let delegateOwner = CompletionOwner(generation: b.generation)
            opts.gestureDelegate = try GestureDelegateBinding.read(o, lua, b, owner: delegateOwner)
            try opts.check()
            let root = try o.with("root") { try ScreenBinding.screen(lua, b, -1, "root") }
            o.push("delegate")
            let delegate = lua.top
            o.push("presentation_delegate")
            let presentationDelegate = lua.top
            let made: NavigationController
            var madeID: Int?
            do {
                made = try b.world.makeNavigation(opts, root: root) { nav throws(NavError) in
                    guard !lua.isNil(delegate) || !lua.isNil(presentationDelegate) else { return }
                    madeID = nav.id
                    // its userdata now, so the delegates can be its user values
                    pushNavigation(nav, lua, b)
                    defer { lua.pop() }
                    do {
                        if !lua.isNil(delegate) {
                            try NavigationDelegateBinding.set(nav, userdata: lua.top, value: delegate, lua, b)
                        }
                        if !lua.isNil(presentationDelegate) {
                            try PresentationDelegateBinding.set(nav, userdata: lua.top, value: presentationDelegate, lua, b)
                        }
                    } catch let e as NavError { throw e } catch { throw NavError("\(error)") }
                }
            } catch {
                forgetNavigation(id: madeID, lua, b)
                throw error
            }
            lua.pop(2)
            let nav = made
            pushNavigation(nav, lua, b)
            if opts.gestureDelegate.custom != nil {
                GestureDelegateBinding.keepFunctions(o, lua, navigation: -1)
                delegateOwner.navigationID = nav.id
            }
            if o.push("completion") == LUA_TFUNCTION {
                lua.setUserValue(-2)
                owner.navigationID = nav.id
            } else {
                lua.pop()
            }
            return 1
        }
    }

    /// A custom completion function is kept as the user value of its
    /// navigation's userdata (see LuaCallback for why), so it goes with the
    /// navigation at navlua.reset. The rule is made before the navigation
    /// exists; this tells it which navigation of which world to look in.
    /// A gesture delegate's methods are found through one too.
    final class CompletionOwner {
        let generation: Int
        var navigationID: Int?
        init(generation: Int) { self.generation = generation }
    }

    private static func completion(_ o: Options, _ lua: Lua, _ b: Bridge, _ owner: CompletionOwner,
                                   default rule: CompletionRule) throws -> CompletionRule {
        o.push("completion")
        defer { lua.pop() }
        if lua.isNil(-1) { return rule }
        if let name = lua.string(-1) {
            guard let rule = CompletionRule.named(name) else {
                throw NavError("unknown completion rule '\(name)' (expected \(CompletionRule.names.joined(separator: ", ")) or a function)")
            }
            return rule
        }
        guard lua.type(-1) == LUA_TFUNCTION else {
            throw argumentError("completion", "a rule name or a function", got: lua.describe(-1))
        }
        let function = LuaCallback { b in
            guard b.generation == owner.generation, let id = owner.navigationID else { return false }
            return pushCompletionFunction(navigation: id, b)
        }
        return .custom { [link = b.link] p, vx, gesture in
            guard let b = link.bridge else { return false }
            let lua = Lua(b.L)
            return try function.callPredicate(b, what: "completion function", ifGone: false) {
                lua.push(p)
                lua.push(vx)
                GestureTable.push(gesture, lua)
                return 3
            }
        }
    }

    /// `{duration=, curve=}` where curve is a name or navlua.spring{...}.
    private static func animationSpec(_ o: Options, _ key: String, _ lua: Lua,
                                      default spec: AnimationSpec) throws -> AnimationSpec? {
        try o.with(key) {
            let inner = try Options(lua, -1, allowed: ["duration", "curve"])
            var result = spec
            if let d = try inner.nonNegative("duration") { result.duration = d }
            inner.push("curve")
            defer { lua.pop() }
            if lua.isNil(-1) { return result }
            result.curve = try curve(lua, -1, "\(key).curve")
            return result
        }
    }

    static func curve(_ lua: Lua, _ i: Int32, _ what: String) throws -> Curve {
        if let name = lua.string(i) {
            guard let c = Curve.named(name) else {
                // every name that works (the engine's list), then the two curve tables
                throw NavError("unknown curve '\(name)' (expected one of: \(Curve.names.joined(separator: ", ")),"
                               + " navlua.cubic(...) or navlua.spring{...})")
            }
            return c
        }
        if lua.type(i) == LUA_TTABLE {
            let t = lua.absolute(i)
            if lua.rawGet(t, "curve") == LUA_TSTRING, lua.string(-1) == "cubic" {
                lua.pop()
                let v = try ["x1", "y1", "x2", "y2"].map { key in
                    lua.rawGet(t, key)
                    defer { lua.pop() }
                    return try lua.finiteNumber(-1, "\(what).\(key)")
                }
                if let problem = FlutterCubic.check(v[0], v[1], v[2], v[3]) { throw NavError("\(what): \(problem)") }
                return .flutterCubic(FlutterCubic(v[0], v[1], v[2], v[3]))
            }
            lua.pop()
            lua.rawGet(t, "curve")
            lua.rawGet(t, "damping")
            lua.rawGet(t, "response")
            defer { lua.pop(3) }
            if lua.string(-3) == "spring", let d = lua.number(-2), d.isFinite, d > 0,
               let r = lua.number(-1), r.isFinite, r > 0 {
                return .spring(damping: d, response: r)
            }
        }
        throw argumentError(what, "a curve name, navlua.cubic(...) or navlua.spring{...}", got: lua.describe(i))
    }

    /// Pushes the completion function kept with this world's navigation
    /// `id` (true), or nothing if there is none (false).
    private static func pushCompletionFunction(navigation id: Int, _ b: Bridge) -> Bool {
        Lua(b.L).pushNavigationValue(1, of: id, type: LUA_TFUNCTION, b)
    }

    /// Drops the userdata a navigation that failed to be made left behind.
    private static func forgetNavigation(id: Int?, _ lua: Lua, _ b: Bridge) {
        guard let id = id else { return }
        b.pushRegistryTable(Bridge.navObjects)
        lua.pushNil()
        lua.rawSet(-2, id)
        lua.pop()
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

    // MARK: methods

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

    /// visual().bar: {shown=, items={{screen=, part=, x=, alpha=, chevron=, label=}, ...}}.
    private static func pushBar(_ bar: BarVisual, _ lua: Lua, _ b: Bridge) {
        lua.newTable(hash: 2)
        lua.push(bar.shown)
        lua.rawSet(-2, .shown, b)
        lua.newTable(array: Int32(bar.items.count))
        for (i, item) in bar.items.enumerated() {
            lua.newTable(hash: 6)
            ScreenBinding.push(item.screen, lua)
            lua.rawSet(-2, .screen, b)
            lua.push(item.part.rawValue)
            lua.rawSet(-2, .part, b)
            lua.push(item.x)
            lua.rawSet(-2, .x, b)
            lua.push(item.alpha)
            lua.rawSet(-2, .alpha, b)
            if let c = item.chevron {
                lua.push(c)
                lua.rawSet(-2, .chevron, b)
            }
            if let l = item.label {
                lua.push(l)
                lua.rawSet(-2, .label, b)
            }
            lua.rawSet(-2, i + 1)
        }
        lua.rawSet(-2, .items, b)
        lua.rawSet(-2, .bar, b)
    }

    static let visual: navlua_SwiftFunction = { L in
        bridged(L, "nav:visual") { b, lua in
            let v = try navigation(lua, b).visual()
            lua.newTable(hash: 8)
            func placed(_ p: Visual.Placed?, _ key: TableKey) {
                guard let p = p else { return }
                lua.newTable(hash: 2)
                ScreenBinding.push(p.screen, lua)
                lua.rawSet(-2, .screen, b)
                lua.push(p.x)
                lua.rawSet(-2, .x, b)
                lua.rawSet(-2, key, b)
            }
            placed(v.top, .top)
            placed(v.below, .below)
            lua.push(v.dim)
            lua.rawSet(-2, .dim, b)
            lua.push(v.barHidden)
            lua.rawSet(-2, .barHidden, b)
            pushBar(v.bar, lua, b)
            lua.push(v.y)
            lua.rawSet(-2, .y, b)
            PresentationBinding.pushPresented(v.presented, lua)
            lua.rawSet(-2, .presented, b)
            if let m = v.mask {
                lua.push(m)
                lua.rawSet(-2, .mask, b)
            }
            if let s = v.snapshot {
                lua.newTable(hash: 5)
                ScreenBinding.push(s.screen, lua)
                lua.rawSet(-2, .screen, b)
                for (k, d) in [(TableKey.x, s.x), (.y, s.y), (.width, s.width), (.height, s.height)] {
                    lua.push(d)
                    lua.rawSet(-2, k, b)
                }
                lua.rawSet(-2, .snapshot, b)
            }
            return 1
        }
    }

    // MARK: fields

    /// What `nav.<name>` reads besides the methods (and what the REPL's
    /// Tab offers after `nav.`).
    enum Field: String, CaseIterable {
        case screens, top, count, transitioning, presented
        case barHidden = "bar_hidden", popGesture = "pop_gesture"
        case style, id, completion, stuck, preset
        case gestureDelegate = "gesture_delegate"
        case delegate
        case transitionCoordinator = "transition_coordinator"
        case callsDuringTransition = "calls_during_transition"
        case presentationDelegate = "presentation_delegate"
        case detent
    }

    /// `Field.allCases`, made once: the scalar getter reads it by position.
    private static let fieldsByPosition = Field.allCases

    /// The fields that are a number or a boolean, read in C by the
    /// navigation's __index (objects.c) without a Lua call; any other
    /// goes to `index`. It only reads the engine: no failure, no allocation.
    /// objects.c calls it only for a userdata that carries this type's
    /// tag, which only pushNavigation writes, for a NavigationController: so
    /// the object is borrowed as one, without a cast or a retain (~60
    /// instructions of a read).
    static let scalarField: navlua_ScalarField = { object, position, value in
        guard let object, let value, position >= 1, position <= fieldsByPosition.count
        else { return NAVLUA_FIELD_NONE }
        return Unmanaged<NavigationController>.fromOpaque(object)._withUnsafeGuaranteedRef {
            scalar(fieldsByPosition[Int(position) - 1], of: $0, value)
        }
    }

    private static func scalar(_ field: Field, of nav: NavigationController,
                               _ value: UnsafeMutablePointer<lua_Integer>) -> Int32 {
        func flag(_ on: Bool) -> Int32 {
            value.pointee = on ? 1 : 0
            return NAVLUA_FIELD_BOOLEAN
        }
        switch field {
        case .count:
            value.pointee = lua_Integer(nav.count)
            return NAVLUA_FIELD_INTEGER
        case .id:
            value.pointee = lua_Integer(nav.id)
            return NAVLUA_FIELD_INTEGER
        case .transitioning: return flag(nav.transitioning)
        case .presented: return flag(nav.presented)
        case .barHidden: return flag(nav.barHidden)
        case .popGesture: return flag(nav.options.popGesture)
        case .stuck: return flag(nav.stuck)
        default: return NAVLUA_FIELD_NONE
        }
    }

    static let index: navlua_SwiftFunction = { L in
        bridged(L, "navigation") { b, lua in
            if lua.pushMethod() { return 1 }
            guard lua.type(2) == LUA_TSTRING,
                  let nav = lua.object(1, metatable: metatable, as: NavigationController.self) else { return 0 }
            let field = lua.field(Field.self)
            switch field {
            case .screens:
                lua.newTable(array: Int32(nav.count))
                for (i, s) in nav.screens.enumerated() {
                    ScreenBinding.push(s, lua)
                    lua.rawSet(-2, i + 1)
                }
            case .top: ScreenBinding.push(nav.top, lua)
            case .count, .transitioning, .presented, .barHidden, .popGesture, .id, .stuck:
                // (read in C first: here only when objects.c left it to Swift)
                var value: lua_Integer = 0
                switch field.map({ scalar($0, of: nav, &value) }) {
                case NAVLUA_FIELD_INTEGER: lua.push(Int(value))
                case NAVLUA_FIELD_BOOLEAN: lua.push(value != 0)
                default: lua.pushNil()
                }
            case .style: lua.push(nav.style.rawValue)
            case .completion: lua.push(nav.options.completion.name)
            case .preset: lua.push(nav.options.preset)
            case .gestureDelegate:
                switch nav.options.gestureDelegate {
                case .uikit: lua.push("uikit")
                case .cleared: lua.push(false)
                case .custom: lua.push("custom")
                }
            case .delegate: NavigationDelegateBinding.push(nav, lua, b)
            case .callsDuringTransition: lua.push(nav.options.callsDuringTransition.rawValue)
            case .presentationDelegate: PresentationDelegateBinding.push(nav, lua, b)
            case .detent: PresentationBinding.push(nav.presentation?.detent, lua)
            case .transitionCoordinator: CoordinatorBinding.push(nav.transitionCoordinator, lua, b)
            case nil: lua.pushNil()
            }
            return 1
        }
    }

    static let newIndex: navlua_SwiftFunction = { L in
        bridged(L, "navigation") { b, lua in
            let nav = try navigation(lua, b)
            let key = lua.string(2) ?? lua.describe(2)
            if key == "delegate" {
                try NavigationDelegateBinding.set(nav, userdata: 1, value: 3, lua, b)
                return 0
            }
            if key == "presentation_delegate" {
                try PresentationDelegateBinding.set(nav, userdata: 1, value: 3, lua, b)
                return 0
            }
            guard key == "pop_gesture" else { throw NavError("field '\(key)' is read-only") }
            guard let on = lua.bool(3) else { throw argumentError("pop_gesture", "a boolean", got: lua.describe(3)) }
            nav.setPopGesture(on)
            return 0
        }
    }

    static let toString: navlua_SwiftFunction = { L in
        let lua = Lua(L!)
        guard let nav = lua.object(1, metatable: metatable, as: NavigationController.self) else { return 0 }
        lua.push("navigation \(nav.id) [" + nav.screens.map { $0.title }.joined(separator: " > ") + "]")
        return 1
    }
}
