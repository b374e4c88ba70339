import NavLuaRuntime
import NavLuaEngine

/// navlua.navigation{...}: its options read and checked, the navigation
/// made, and what it keeps in its userdata (manual §4.1).
extension NavigationBinding {
    static let options = ["style", "root", "pop_gesture", "dismiss_at_root", "bar_per_screen",
                          "edge_width", "completion", "transition", "presentation",
                          "gesture_delegate", "preset", "delegate", "calls_during_transition",
                          "presentation_delegate", "recognizers", "full_screen_gesture_enabled",
                          "gesture_response_distance", "back_animation"]

    static let navigation: navlua_SwiftFunction = { L in
        bridged(L, "navlua.navigation") { b, lua in
            try WorldBinding.refuseWhenBusy(b)
            let o = try Options(lua, 1, allowed: options)
            var opts = NavigationOptions(tunables: b.world.tunables)
            let named = try o.string("preset") ?? b.defaultPreset
            let presetName = named ?? "uikit"
            let preset = presetName == "uikit" ? Preset.uikit(b.world.tunables) : try PresetBinding.find(presetName, b)
            preset.apply(to: &opts)
            // With no preset named, UIKit's numbers and v1's default style,
            // FD's full-screen pan (the seeds' world); `preset = "uikit"` is
            // UIKit as shipped, the edge swipe (manual §4.1).
            if named == nil { opts.style = .fullscreen }
            if let style = try o.string("style") {
                guard let s = PopStyle(rawValue: style) else {
                    throw NavError("unknown style '\(style)' (expected edge, fullscreen or snapshot)")
                }
                opts.style = s
            }
            if let on = try o.bool("pop_gesture") { opts.popGesture = on }
            if let on = try o.bool("full_screen_gesture_enabled") { opts.fullScreenGestureEnabled = on }
            opts.responseDistance = try PopRecognizerBinding.responseDistance(o, lua)
            if opts.system != .nativeStack {
                for key in ["full_screen_gesture_enabled", "gesture_response_distance"] {
                    let given = o.push(key) != LUA_TNIL
                    lua.pop()
                    if given {
                        throw NavError("'\(key)' is react-native-screens' option: it needs preset = \"native_stack\" (got preset '\(opts.preset)')")
                    }
                }
            }
            if let style = try AndroidBinding.backAnimation(o) {
                // what moves while Android's back gesture scrubs a pop: nothing to choose elsewhere
                guard opts.systemBack != nil else {
                    throw NavError("'back_animation' is Android's option: it needs preset = \"android\" (got preset '\(opts.preset)')")
                }
                opts.backAnimation = style
            }
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
            // the style's recognizer's slot among the navigation's (1 first)
            let mainSlot = opts.style != .edge && opts.system.hasContentSwipe ? 2 : 1
            opts.gestureDelegate = try GestureDelegateBinding.read(o, lua, b, owner: delegateOwner, slot: mainSlot)
            opts.recognizers = try PopRecognizerBinding.readList(o, lua, b, owner: delegateOwner)
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
                o.push("gesture_delegate")
                GestureDelegateBinding.keepFunctions(from: -1, lua, navigation: -2, slot: mainSlot)
                lua.pop()
                delegateOwner.navigationID = nav.id
            }
            if PopRecognizerBinding.keepDelegates(o, lua, navigation: -1) { delegateOwner.navigationID = nav.id }
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
            result.curve = try lua.curve(-1, "\(key).curve")
            return result
        }
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
}
