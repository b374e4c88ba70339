import NavLuaRuntime
import NavLuaEngine

/// navlua.presets, navlua.preset, navlua.define_preset and navlua.cubic:
/// the platform presets (manual §7.3).
enum PresetBinding {
    static let functions: [LuaFunction] = [
        LuaFunction("presets", presets), LuaFunction("preset", preset), LuaFunction("define_preset", definePreset), LuaFunction("cubic", cubic),
    ]

    static func names(_ b: Bridge) -> [String] { b.presets.names }

    /// The preset called `name`, or an error listing the known ones.
    static func find(_ name: String, _ b: Bridge) throws -> Preset {
        guard let p = b.presets[name] else {
            throw NavError("unknown preset '\(name)' (expected one of: \(names(b).joined(separator: ", ")))")
        }
        return p
    }

    static let presets: navlua_SwiftFunction = { L in
        bridged(L, "navlua.presets") { b, lua in
            let list = names(b)
            lua.newTable(array: Int32(list.count))
            for (i, name) in list.enumerated() {
                lua.push(name)
                lua.rawSet(-2, i + 1)
            }
            return 1
        }
    }

    static let preset: navlua_SwiftFunction = { L in
        bridged(L, "navlua.preset") { b, lua in
            let p = try find(try lua.requiredString(1, "name"), b)
            push(p, lua)
            return 1
        }
    }

    /// The keys of a preset's table, as navlua.preset returns them and
    /// navlua.define_preset takes them.
    static let keys = ["base", "style", "edge_width", "pan_slop", "touch_rate", "velocity", "parallax", "dim", "duration", "curve",
                       "top_curve", "below_curve", "pop_top_curve", "pop_below_curve",
                       "completion", "drop", "drop_duration", "drop_curve", "spring",
                       "transition_spring", "calls_during_transition", "arbitration", "bar", "sheet", "system"]

    /// A copy of a preset's values: numbers, curve names, rule names.
    static func push(_ p: Preset, _ lua: Lua) {
        lua.newTable(hash: 16)
        func set(_ key: String, _ d: Double) { lua.push(d); lua.rawSet(-2, key) }
        func set(_ key: String, _ s: String) { lua.push(s); lua.rawSet(-2, key) }
        func set(_ key: String, curve: Curve) { pushCurve(curve, lua); lua.rawSet(-2, key) }
        if let style = p.style { set("style", style.rawValue) }
        set("edge_width", p.edgeWidth)
        set("pan_slop", p.panSlop)
        lua.push(p.touchRate)
        lua.rawSet(-2, "touch_rate")
        set("velocity", p.velocity.rawValue)
        set("parallax", p.parallax)
        set("dim", p.dim)
        set("duration", p.transition.duration)
        set("curve", curve: p.transition.curve)
        if let c = p.pageCurves {
            set("top_curve", curve: c.pushTop)
            set("below_curve", curve: c.pushBelow)
            set("pop_top_curve", curve: c.popTop)
            set("pop_below_curve", curve: c.popBelow)
        }
        set("completion", p.completion.name)
        set("arbitration", p.arbitration.rawValue)
        set("drop", p.drop.name)
        switch p.drop {
        case .completionSpeed: break
        case let .fixed(duration, curve):
            set("drop_duration", duration)
            set("drop_curve", curve: curve)
        case let .spring(s):
            pushSpring(s, lua)
            lua.rawSet(-2, "spring")
        }
        set("calls_during_transition", p.callsDuringTransition.rawValue)
        set("bar", p.barCrossFade.rawValue)
        set("sheet", p.sheet.name)
        set("system", p.system.rawValue)
        if let s = p.transitionSpring {
            lua.push(true)
            lua.rawSet(-2, "transition_spring")
            if case .spring = p.drop {} else {
                pushSpring(s, lua)
                lua.rawSet(-2, "spring")
            }
        }
    }

    static func pushSpring(_ s: PhysicalSpring, _ lua: Lua) {
        lua.newTable(hash: 6)
        for (k, d) in [("stiffness", s.stiffness), ("damping", s.damping), ("mass", s.mass),
                       ("rest_displacement", s.restDisplacement), ("rest_speed", s.restSpeed)] {
            lua.push(d)
            lua.rawSet(-2, k)
        }
        lua.push(s.overshootClamping)
        lua.rawSet(-2, "overshoot_clamping")
    }

    /// A curve as Lua sees it: its name, or the table navlua.cubic /
    /// navlua.spring made.
    static func pushCurve(_ c: Curve, _ lua: Lua) {
        switch c {
        case let .flutterCubic(f) where Curve.named(c.name) == nil:
            pushCubicTable(f.a, f.b, f.c, f.d, lua)
        case let .spring(damping, response):
            lua.newTable(hash: 3)
            lua.push("spring"); lua.rawSet(-2, "curve")
            lua.push(damping); lua.rawSet(-2, "damping")
            lua.push(response); lua.rawSet(-2, "response")
        default:
            lua.push(c.name)
        }
    }

    static func pushCubicTable(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ lua: Lua) {
        lua.newTable(hash: 5)
        lua.push("cubic"); lua.rawSet(-2, "curve")
        for (k, v) in [("x1", a), ("y1", b), ("x2", c), ("y2", d)] {
            lua.push(v)
            lua.rawSet(-2, k)
        }
    }

    /// navlua.cubic(x1, y1, x2, y2): Flutter's Cubic, for any `curve` field.
    static let cubic: navlua_SwiftFunction = { L in
        bridged(L, "navlua.cubic") { _, lua in
            let v = try (1...4).map { try lua.finiteNumber(Int32($0), ["x1", "y1", "x2", "y2"][$0 - 1]) }
            if let problem = FlutterCubic.check(v[0], v[1], v[2], v[3]) { throw NavError(problem) }
            pushCubicTable(v[0], v[1], v[2], v[3], lua)
            return 1
        }
    }

    static let definePreset: navlua_SwiftFunction = { L in
        bridged(L, "navlua.define_preset") { b, lua in
            let name = try lua.requiredString(1, "name")
            if Preset.builtInNames.contains(name) {
                throw NavError("'\(name)' is a built-in preset; choose another name")
            }
            guard !name.isEmpty else { throw argumentError("name", "a non-empty string", got: "''") }
            let o = try Options(lua, 2, allowed: keys)
            let base = try find(try o.string("base") ?? "uikit", b)
            let p = try base.merging(try changes(o, lua), name: name)
            b.account.add(b.presets.define(p))
            return 0
        }
    }

    /// The table's values, converted; the engine merges them (Preset.merging).
    private static func changes(_ o: Options, _ lua: Lua) throws -> PresetChanges {
        var c = PresetChanges()
        if let style = try o.string("style") {
            guard let s = PopStyle(rawValue: style) else {
                throw NavError("unknown style '\(style)' (expected edge, fullscreen or snapshot)")
            }
            c.style = s
        }
        c.edgeWidth = try o.nonNegative("edge_width")
        c.panSlop = try o.nonNegative("pan_slop")
        if let rate = try o.positive("touch_rate") {
            guard rate == rate.rounded(), rate <= Double(Tunables.mostTouchRate) else {
                throw NavError("'touch_rate' must be a whole number of samples a second from 1 to \(Tunables.mostTouchRate) (got \(rate))")
            }
            c.touchRate = Int(rate)
        }
        if let name = try o.string("velocity") {
            guard let v = VelocityEstimator(rawValue: name) else {
                let names = VelocityEstimator.allCases.map(\.rawValue).joined(separator: ", ")
                throw NavError("unknown velocity estimator '\(name)' (expected \(names))")
            }
            c.velocity = v
        }
        c.parallax = try o.nonNegative("parallax")
        c.dim = try o.nonNegative("dim")
        c.duration = try o.nonNegative("duration")
        func curve(_ key: String) throws -> Curve? {
            try o.with(key) { try lua.curve(-1, key) }
        }
        c.curve = try curve("curve")
        c.pushTopCurve = try curve("top_curve")
        c.pushBelowCurve = try curve("below_curve")
        c.popTopCurve = try curve("pop_top_curve")
        c.popBelowCurve = try curve("pop_below_curve")
        if let rule = try o.string("completion") {
            guard let r = CompletionRule.named(rule) else {
                throw NavError("unknown completion rule '\(rule)' (expected \(CompletionRule.names.joined(separator: ", ")))")
            }
            c.completion = r
        }
        c.spring = try o.with("spring") { try readSpring(lua, -1) }
        c.drop = try o.string("drop")
        c.dropDuration = try o.nonNegative("drop_duration")
        c.dropCurve = try curve("drop_curve")
        c.transitionSpring = try o.bool("transition_spring")
        c.callsDuringTransition = try callsDuringTransition(o)
        if let rule = try o.string("arbitration") {
            guard let r = PanArbitration(rawValue: rule) else {
                let names = PanArbitration.allCases.map(\.rawValue).joined(separator: ", ")
                throw NavError("unknown arbitration rule '\(rule)' (expected \(names))")
            }
            c.arbitration = r
        }
        if let name = try o.string("sheet") {
            guard let rules = SheetRules.named(name) else {
                throw NavError("unknown sheet rules '\(name)' (expected "
                               + SheetRules.all.map(\.name).joined(separator: ", ") + ")")
            }
            c.sheet = rules
        }
        if let bar = try o.string("bar") {
            guard let f = BarCrossFade(rawValue: bar) else {
                throw NavError("unknown bar cross-fade '\(bar)' (expected \(BarCrossFade.allCases.map(\.rawValue).joined(separator: " or ")))")
            }
            c.barCrossFade = f
        }
        if let name = try o.string("system") {
            guard let s = SystemPopRules(rawValue: name) else {
                throw NavError("unknown system '\(name)' (expected \(SystemPopRules.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            c.system = s
        }
        return c
    }

    /// The `calls_during_transition` key or option: "queue" or "interrupt".
    static func callsDuringTransition(_ o: Options) throws -> CallsDuringTransition? {
        guard let name = try o.string("calls_during_transition") else { return nil }
        guard let rule = CallsDuringTransition(rawValue: name) else {
            throw NavError("unknown calls_during_transition '\(name)' (expected "
                           + CallsDuringTransition.allCases.map(\.rawValue).joined(separator: " or ") + ")")
        }
        return rule
    }

    /// `{stiffness=, damping=, mass=, overshoot_clamping=, rest_displacement=, rest_speed=}`,
    /// React Navigation's names; missing values come from TransitionIOSSpec.
    static func readSpring(_ lua: Lua, _ i: Int32) throws -> PhysicalSpring {
        let o = try Options(lua, i, allowed: PresetChanges.springKeys)
        var s = Preset.reactSpring
        if let v = try o.number("stiffness") { s.stiffness = v }
        if let v = try o.number("damping") { s.damping = v }
        if let v = try o.number("mass") { s.mass = v }
        if let v = try o.bool("overshoot_clamping") { s.overshootClamping = v }
        if let v = try o.number("rest_displacement") { s.restDisplacement = v }
        if let v = try o.number("rest_speed") { s.restSpeed = v }
        if let problem = s.problem() { throw NavError("spring: \(problem)") }
        return s
    }
}
