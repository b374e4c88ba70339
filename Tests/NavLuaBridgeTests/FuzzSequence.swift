@testable import NavLuaEngine
@testable import NavLuaVisuals
@testable import NavLuaBridge
import NavLuaTestSupport

/// One random fuzz sequence as Lua: a setup (world, screens with hooks,
/// navigations) and a list of operations, each a chunk that maps one to one
/// onto Lua API calls. The fuzzer runs the chunks one at a time in a
/// NavLuaHost, so the script it prints is exactly what ran.
struct FuzzSequence {
    /// A chunk of the sequence. Touch operations say which touch slot they
    /// put down or end, so that the closing lifts follow the operations kept.
    struct Op {
        var lua: String
        var touchDown: Int? = nil
        var touchUse: Int? = nil
        var touchEnd: Int? = nil
    }

    let seed: UInt64
    var setup: [String]
    var ops: [Op]

    /// Helpers every sequence starts with. `step` runs one operation and
    /// keeps its error (the fuzzer reads `step_error`), so that a replay
    /// with `navlua run` goes on past expected errors. `count(k)` counts the
    /// calls of hook k, so that hooks can raise every other time or navigate
    /// only twice (no endless ping-pong between hooks). Hooks act only once
    /// the setup is `ready`, so that every navigation exists.
    static let prelude = """
        fired = {}
        function count(k) fired[k] = (fired[k] or 0) + 1; return fired[k] end
        function step(f)
          local ok, err = pcall(f)
          if not ok then
            step_error = tostring(err)
            if not fuzz_quiet then print("error: " .. step_error) end
          end
        end
        """

    static let touchSlots = 3

    /// The lifts that end the touches the operations left down.
    var closingLifts: [String] {
        var down = Set<Int>()
        for op in ops {
            if let s = op.touchDown { down.insert(s) }
            if let s = op.touchEnd { down.remove(s) }
        }
        return down.sorted().map { "step(function() if t\($0) then t\($0):up() end end)" }
    }

    /// Touch operations in order: a slot goes down while free and is moved,
    /// held or ended while down. Shrinking keeps only such sequences.
    var touchesWellFormed: Bool {
        var down = Set<Int>()
        for op in ops {
            if let s = op.touchDown { if !down.insert(s).inserted { return false } }
            if let s = op.touchUse, !down.contains(s) { return false }
            if let s = op.touchEnd { if down.remove(s) == nil { return false } }
        }
        return true
    }

    static let finalSettle = "step(function() navlua.settle(120) end)"
    static let recover = "step(function() navlua.background() end)"
}

/// Makes random sequences from a seed.
struct FuzzGenerator {
    private var rng: SplitMix64
    /// Draws for the gesture delegates and back buttons of issue 13, apart
    /// from `rng`, so that every seed keeps the rest of its sequence.
    private var extra: SplitMix64
    /// Draws for the controls of issue 35, apart from both.
    private var controls: SplitMix64
    private let seed: UInt64
    private var screenCount = 0
    private var navCount = 0
    private var width = 390.0
    private var height = 844.0
    private var rtl = false
    private var hookKey = 0
    /// Where the generator believes each touch slot is (nil: up).
    private var touchAt: [Int: (x: Double, y: Double)] = [:]

    init(seed: UInt64) {
        self.seed = seed
        rng = SplitMix64(seed: seed)
        extra = SplitMix64(seed: seed ^ 0x5DE1_E6A7_E000_0013)
        controls = SplitMix64(seed: seed ^ 0x0C07_7201_5000_0035)
    }

    /// The sequence of `seed`.
    static func sequence(seed: UInt64) -> FuzzSequence {
        var generator = FuzzGenerator(seed: seed)
        return generator.make()
    }

    mutating func make() -> FuzzSequence {
        var setup = [FuzzSequence.prelude]
        setup.append(world())
        screenCount = rng.int(3, 7)
        for i in 1...screenCount { setup.append(screen(i)) }
        navCount = rng.chance(0.5) ? 2 : 1
        setup.append(navigation(1, root: rng.chance(0.9) ? 1 : nil))
        if navCount == 2 { setup.append(navigation(2, root: rng.chance(0.7) ? 2 : nil)) }
        setup.append("ready = true")
        var ops: [FuzzSequence.Op] = []
        for _ in 0..<rng.int(8, 60) {
            ops.append(operation())
            if extra.chance(0.03) { ops.append(FuzzSequence.Op(lua: FuzzSequence.recover)) }
        }
        return FuzzSequence(seed: seed, setup: setup, ops: ops)
    }

    // MARK: setup

    private mutating func world() -> String {
        let fps = rng.pick([60, 60, 120, 30])
        rtl = rng.chance(0.2)
        if rng.chance(0.2) { width = rng.pick([320.0, 430.0, 1024.0]) }
        if rng.chance(0.1) { height = rng.pick([568.0, 1366.0]) }
        return "navlua.reset{width = \(n(width)), height = \(n(height)), fps = \(fps), "
            + "layout = \"\(rtl ? "rtl" : "ltr")\"}"
    }

    private mutating func screen(_ i: Int) -> String {
        var fields = ["title = \"s\(i)\""]
        if rng.chance(0.15) { fields.append("pop_disabled = true") }
        if rng.chance(0.3) { fields.append("navigation_bar_hidden = true") }
        if rng.chance(0.15) { fields.append("max_initial_distance = \(n(rng.number(20, 300)))") }
        for hook in Hook.allCases where rng.chance(0.3) {
            fields.append("\(hook.rawValue) = " + hookFunction(hook, screen: i))
        }
        if extra.chance(0.25) { fields.append("back_button = \"\(extra.chance(0.7) ? "custom" : "system")\"") }
        if extra.chance(0.1) { fields.append("navigation_bar_back_button_hidden = true") }
        var lua = "s\(i) = navlua.screen{" + fields.joined(separator: ",\n  ") + "}"
        if rng.chance(0.15) {
            let paging = rng.chance(0.5)
            var view = ["x = 0", "y = \(n(rng.number(0, height / 2)))", "width = \(n(width))",
                        "height = \(n(rng.number(100, height / 2)))",
                        "content_width = \(n(width * Double(rng.int(1, 4))))"]
            if paging { view.append("paging = true") }
            if paging && rng.chance(0.5) { view.append("page_offset_reset = true") }
            if rng.chance(0.6) { view.append("pop_simultaneous = \"\(rng.pick(["at_leading_edge", "first_page"]))\"") }
            lua += "\ns\(i):add_scroll_view{" + view.joined(separator: ", ") + "}"
        }
        // issue 35: a control of any kind, either way of handling touches
        if controls.chance(0.35) {
            var control = ["kind = \"\(controls.pick(["slider", "swipe_row", "canvas"]))\"",
                           "handles = \"\(controls.pick(["recognizer", "touches"]))\"",
                           "y = \(n(controls.number(0, height / 2)))", "height = \(n(controls.number(40, height / 2)))"]
            if controls.chance(0.5) { control.append("x = \(n(controls.number(0, width / 2)))") }
            lua += "\ns\(i):add_control{" + control.joined(separator: ", ") + "}"
        }
        return lua
    }

    private mutating func hookFunction(_ hook: Hook, screen: Int) -> String {
        hookKey += 1
        let k = hookKey
        let decides = [Hook.enabled, .allow_drag_back, .will_go_back].contains(hook)
        let args = decides ? (hook == .allow_drag_back ? "self, gesture" : "self") : "self, animated"
        var body: String
        switch rng.int(100) {
        case ..<30:
            body = "if ready and count(\(k)) % 2 == 1 then error(\"fuzz: s\(screen).\(hook.rawValue) raised\") end"
        case ..<70:
            body = "if ready and count(\(k)) <= 2 then \(navigationCall()) end"
        case ..<75:
            body = "if ready then navlua.tick() end"   // a driving call from a hook: an error, never a re-entry
        case ..<80:
            body = "self.pop_disabled = not self.pop_disabled"
        default:
            body = ""
        }
        if decides {
            if rng.chance(0.05) {
                body += " return 1"   // neither boolean nor nil: an error naming the hook
            } else {
                body += " return " + rng.pick(["true", "true", "false", "nil"])
            }
        }
        return "function(\(args)) \(body) end"
    }

    private mutating func navigation(_ i: Int, root: Int?) -> String {
        let style = rng.pick(["edge", "fullscreen", "snapshot"])
        var o = ["style = \"\(style)\""]
        if style != "snapshot", extra.chance(0.5) { o.append("gesture_delegate = " + gestureDelegate()) }
        if let r = root { o.append("root = s\(r)") }
        // iOS 26's systems: a second pop recognizer, the content swipe,
        // beside the style's (manual §5.11)
        if extra.chance(0.3) { o.append("preset = \"" + extra.pick(["ios26", "swiftui", "native_stack"]) + "\"") }
        if rng.chance(0.1) { o.append("pop_gesture = false") }
        if rng.chance(0.5) { o.append("dismiss_at_root = true") }
        if rng.chance(0.2) { o.append("bar_per_screen = false") }
        if rng.chance(0.2) { o.append("edge_width = \(n(rng.number(5, 60)))") }
        o.append("completion = " + completion())
        if rng.chance(0.5) { o.append("transition = " + animation(upTo: 0.6)) }
        if rng.chance(0.3) { o.append("presentation = " + animation(upTo: 0.8)) }
        if extra.chance(0.3) { o.append("presentation_delegate = " + presentationDelegate()) }
        return "nav\(i) = navlua.navigation{" + o.joined(separator: ", ") + "}"
    }

    /// Some of the four presentation delegate methods: refusing, raising,
    /// navigating ones.
    private mutating func presentationDelegate() -> String {
        var methods: [String] = []
        for method in PresentationDelegateMethod.allCases where extra.chance(0.6) {
            hookKey += 1
            let k = 2000 + hookKey
            let body: String
            switch extra.int(4) {
            case 0: body = method == .should_dismiss ? "return count(\(k)) % 2 == 0" : ""
            case 1: body = "if ready and count(\(k)) % 2 == 1 then error(\"fuzz: \(method.rawValue) raised\") end"
            case 2: body = "if ready and count(\(k)) <= 2 then \(navigationCall(extra: true)) end"
            default: body = ""
            }
            methods.append("\(method.rawValue) = function(nav) \(body) end")
        }
        return "{" + methods.joined(separator: ", ") + "}"
    }

    /// false (the app cleared it: root freezes happen), or a table of some
    /// of the three methods: raising ones, navigating ones, ones that call
    /// tick, ones that return a bad value, seed 001's fix.
    private mutating func gestureDelegate() -> String {
        if extra.chance(0.3) { return "false" }
        var methods: [String] = []
        for method in GestureDelegateMethod.allCases where extra.chance(0.6) {
            hookKey += 1
            let k = 1000 + hookKey   // apart from the screen hooks' counters
            var body: String
            switch extra.int(100) {
            case ..<20: body = "if ready and count(\(k)) % 2 == 1 then error(\"fuzz: \(method.rawValue) raised\") end"
            case ..<45: body = "if ready and count(\(k)) <= 2 then \(navigationCall(extra: true)) end"
            case ..<50: body = "if ready then navlua.tick() end"
            default: body = ""
            }
            let answer: String
            switch extra.int(100) {
            case ..<5: answer = "1"
            case ..<40: answer = "nav.count > 1"   // seed 001's fix
            case ..<80: answer = "true"
            case ..<90: answer = "false"
            default: answer = "nil"
            }
            methods.append("\(method.rawValue) = function(nav, a, b) \(body) return \(answer) end")
        }
        return "{" + methods.joined(separator: ", ") + "}"
    }

    private mutating func completion() -> String {
        hookKey += 1
        switch rng.int(10) {
        case ..<7:
            return "\"" + rng.pick(["uikit", "uikit_legacy", "flutter", "react_navigation"]) + "\""
        case 7:
            return "function(p, vx, g) return p > \(n(rng.number(0, 1))) end"
        case 8:
            return "function(p, vx, g) if count(\(hookKey)) % 2 == 1 then error(\"fuzz: completion raised\") end return vx > 0 end"
        default:
            return "function(p, vx, g) return \(rng.chance(0.5) ? "\"yes\"" : "p < 0.5") end"
        }
    }

    private mutating func animation(upTo seconds: Double) -> String {
        let duration = rng.chance(0.1) ? 0 : rng.number(0.01, seconds)
        let curve: String
        if rng.chance(0.2) {
            curve = "navlua.spring{damping = \(n(rng.number(0.3, 1.5))), response = \(n(rng.number(0.1, 0.6)))}"
        } else {
            curve = "\"" + rng.pick(["linear", "ease_in", "ease_out", "ease_in_out"]) + "\""
        }
        return "{duration = \(n(duration)), curve = \(curve)}"
    }

    // MARK: operations

    private mutating func operation() -> FuzzSequence.Op {
        switch rng.int(100) {
        case ..<30: return FuzzSequence.Op(lua: "step(function() \(navigationCall()) end)")
        case ..<50: return FuzzSequence.Op(lua: "step(function() \(drag()) end)")
        case ..<70: return touchOperation()
        case ..<74:
            let p = point()
            return FuzzSequence.Op(lua: "step(function() navlua.tap(\(n(p.x)), \(n(p.y))) end)")
        case ..<89: return FuzzSequence.Op(lua: "step(function() \(time()) end)")
        case ..<95: return FuzzSequence.Op(lua: "step(function() \(mutation()) end)")
        default:
            let v = rng.int(1, navCount)
            return FuzzSequence.Op(lua: "step(function() local v = nav\(v):visual(); "
                                   + "local _ = {nav\(v).top, nav\(v).count, nav\(v).transitioning, nav\(v).screens} end)")
        }
    }

    private mutating func animated() -> String { rng.chance(0.75) ? "true" : "false" }

    private mutating func screenName() -> String { "s\(rng.int(1, screenCount))" }

    /// A navigation call on a random navigation: pushes of new or existing
    /// screens, every kind of pop, set_screens, back, present, dismiss.
    private mutating func navigationCall(extra useExtra: Bool = false) -> String {
        // a delegate's calls draw from `extra`, so that the main stream stays as it was
        if useExtra { swap(&rng, &extra) }
        defer { if useExtra { swap(&rng, &extra) } }
        let nav = "nav\(rng.int(1, max(1, navCount)))"
        switch rng.int(100) {
        case ..<30: return "\(nav):push(\(screenName()), {animated = \(animated())})"
        case ..<45: return "\(nav):pop{animated = \(animated())}"
        case ..<52: return "\(nav):pop_to_root{animated = \(animated())}"
        case ..<60: return "\(nav):pop_to(\(screenName()), {animated = \(animated())})"
        case ..<70:
            var list: [String] = []
            for _ in 0..<rng.int(1, 4) {
                let s = screenName()
                if !list.contains(s) { list.append(s) }
            }
            return "\(nav):set_screens({\(list.joined(separator: ", "))}, {animated = \(animated())})"
        case ..<82: return "\(nav):back()"
        case ..<91: return "\(nav):present{animated = \(animated())\(presentation())}"
        default: return "\(nav):dismiss{animated = \(animated())}"
        }
    }

    /// A present's style and detents (sheets: manual §4.7).
    private mutating func presentation() -> String {
        switch rng.int(3) {
        case 0: return ""
        case 1: return ", style = \"\(rng.pick(["full_screen", "page_sheet", "form_sheet"]))\""
        default:
            let all = ["\"medium\"", "\"large\"", n(rng.number(50, height))]
            var detents: [String] = []
            for d in all where rng.chance(0.6) { detents.append(d) }
            if detents.isEmpty { detents = ["\"medium\""] }
            return ", style = \"page_sheet\", detents = {\(detents.joined(separator: ", "))}"
        }
    }

    /// A touch point, biased toward the leading edge where pops begin.
    private mutating func point() -> (x: Double, y: Double) {
        let x: Double
        switch rng.int(10) {
        case ..<4: x = rng.number(0, 20)
        case ..<7: x = rng.number(20, 150)
        default: x = rng.number(0, width)
        }
        return (rtl ? width - x : x, rng.number(20, height - 20))
    }

    /// A displacement, mostly toward the trailing side.
    private mutating func displacement() -> (dx: Double, dy: Double) {
        var dx: Double
        switch rng.int(10) {
        case ..<7: dx = rng.number(16, width)
        case ..<9: dx = rng.number(-100, 16)
        default: dx = rng.number(-10, 10)
        }
        if rtl { dx = -dx }
        var dy = rng.chance(0.1) ? rng.number(-300, 300) : rng.number(-40, 40)
        // a sheet's pull: mostly down, sometimes up
        if rng.chance(0.15) {
            dx = rng.number(-20, 20)
            dy = rng.chance(0.8) ? rng.number(20, height) : rng.number(-300, -20)
        }
        return (dx, dy)
    }

    private mutating func drag() -> String {
        let p = point(), d = displacement()
        var fields = ["from = {\(n(p.x)), \(n(p.y))}", "by = {\(n(d.dx)), \(n(d.dy))}",
                      "duration = \(n(rng.number(0.01, 0.6)))"]
        if rng.chance(0.3) { fields.append("hold = \(n(rng.chance(0.5) ? rng.number(0, 0.06) : rng.number(0, 0.4)))") }
        return "navlua.drag{" + fields.joined(separator: ", ") + "}"
    }

    /// Touch down on a free slot, or move, hold, lift or cancel a touch that
    /// is down: single drags, second touches, holds and cancels. A touch_down
    /// that a hook failed leaves its slot nil, so later uses check it.
    private mutating func touchOperation() -> FuzzSequence.Op {
        let free = (1...FuzzSequence.touchSlots).filter { touchAt[$0] == nil }
        let down = (1...FuzzSequence.touchSlots).filter { touchAt[$0] != nil }
        if down.isEmpty || (!free.isEmpty && rng.chance(0.25)) {
            let slot = rng.pick(free), p = point()
            touchAt[slot] = p
            return FuzzSequence.Op(lua: "step(function() t\(slot) = nil; t\(slot) = navlua.touch_down(\(n(p.x)), \(n(p.y))) end)",
                                   touchDown: slot)
        }
        let slot = rng.pick(down)
        switch rng.int(10) {
        case ..<5:
            let d = displacement(), from = touchAt[slot]!
            let to = (x: from.x + d.dx / 2, y: from.y + d.dy / 2)
            touchAt[slot] = to
            let seconds = rng.chance(0.15) ? 0 : rng.number(0.01, 0.4)
            return FuzzSequence.Op(lua: "step(function() if t\(slot) then t\(slot):move_to(\(n(to.x)), \(n(to.y)), \(n(seconds))) end end)", touchUse: slot)
        case ..<6:
            return FuzzSequence.Op(lua: "step(function() if t\(slot) then t\(slot):hold(\(n(rng.number(0, 0.3)))) end end)", touchUse: slot)
        case ..<9:
            touchAt[slot] = nil
            return FuzzSequence.Op(lua: "step(function() if t\(slot) then t\(slot):up() end end)", touchEnd: slot)
        default:
            touchAt[slot] = nil
            return FuzzSequence.Op(lua: "step(function() if t\(slot) then t\(slot):cancel() end end)", touchEnd: slot)
        }
    }

    private mutating func time() -> String {
        switch rng.int(10) {
        case ..<4: return "navlua.tick(\(rng.int(1, 30)))"
        case ..<6: return "navlua.advance(\(n(rng.number(0, 0.5))))"
        default: return "navlua.settle(30)"
        }
    }

    /// Fields changed between calls; the engine reads them at decision time.
    private mutating func mutation() -> String {
        let s = screenName()
        switch rng.int(5) {
        case 4: return "\(s).modal_in_presentation = \(rng.chance(0.5) ? "true" : "false")"
        case 0: return "nav\(rng.int(1, navCount)).pop_gesture = \(rng.chance(0.7) ? "true" : "false")"
        case 1: return "\(s).pop_disabled = \(rng.chance(0.5) ? "true" : "false")"
        case 2: return "\(s).navigation_bar_hidden = \(rng.chance(0.5) ? "true" : "false")"
        default: return "\(s).max_initial_distance = \(rng.chance(0.5) ? "nil" : n(rng.number(0, 200)))"
        }
    }

    private func n(_ d: Double) -> String { formatNumber(d, places: 3) }
}
