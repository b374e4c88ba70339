/// What `navlua.define_preset` changes in its base preset, each value
/// optional (nil: the base's), and the rules that merge them (manual §7.3):
/// a curve replaces the per-screen curves; a per-screen curve starts from
/// the base's (or from its one curve); a fixed drop keeps the base's
/// duration and curve unless given (Flutter's, on a base without one); a
/// spring drop or a spring push needs a spring, given or the base's.
public struct PresetChanges {
    public var style: PopStyle?
    public var edgeWidth: Double?
    public var panSlop: Double?
    public var touchRate: Int?
    public var velocity: VelocityEstimator?
    public var parallax: Double?
    public var dim: Double?
    public var duration: Double?
    public var curve: Curve?
    public var pushTopCurve: Curve?
    public var pushBelowCurve: Curve?
    public var popTopCurve: Curve?
    public var popBelowCurve: Curve?
    public var completion: CompletionRule?
    /// `completion_speed`, `fixed` or `spring` (DropRule.name).
    public var drop: String?
    public var dropDuration: Double?
    public var dropCurve: Curve?
    public var spring: PhysicalSpring?
    public var transitionSpring: Bool?
    public var callsDuringTransition: CallsDuringTransition?
    /// Which pan wins over scroll views (PanArbitration).
    public var arbitration: PanArbitration?
    /// How the bar's items fade (BarCrossFade).
    public var barCrossFade: BarCrossFade?
    /// Which system's pop recognizers (SystemPopRules).
    public var system: SystemPopRules?
    /// Whose sheet numbers (SheetRules.named).
    public var sheet: SheetRules?

    public init() {}

    /// The names a preset's drop rule may have.
    public static let dropNames = ["completion_speed", "fixed", "spring"]
    /// A spring's keys, React Navigation's names, for messages.
    public static let springKeys = ["stiffness", "damping", "mass", "overshoot_clamping",
                                    "rest_displacement", "rest_speed"]
}

extension Preset {
    /// This preset with `changes` merged, named `name`.
    public func merging(_ changes: PresetChanges, name: String) throws(NavError) -> Preset {
        var p = self
        p.name = name
        if let s = changes.style { p.style = s }
        if let e = changes.edgeWidth { p.edgeWidth = e }
        if let s = changes.panSlop { p.panSlop = s }
        if let r = changes.touchRate { p.touchRate = r }
        if let v = changes.velocity { p.velocity = v }
        if let x = changes.parallax { p.parallax = x }
        if let d = changes.dim { p.dim = d }
        if let d = changes.duration { p.transition.duration = d }
        if let c = changes.curve {
            p.transition.curve = c
            p.pageCurves = nil
        }
        let page = [changes.pushTopCurve, changes.pushBelowCurve, changes.popTopCurve, changes.popBelowCurve]
        if page.contains(where: { $0 != nil }) {
            let one = p.transition.curve
            let base = p.pageCurves ?? PageCurves(pushTop: one, pushBelow: one, popTop: one, popBelow: one)
            p.pageCurves = PageCurves(pushTop: page[0] ?? base.pushTop, pushBelow: page[1] ?? base.pushBelow,
                                      popTop: page[2] ?? base.popTop, popBelow: page[3] ?? base.popBelow)
        }
        if let rule = changes.completion { p.completion = rule }
        if let c = changes.callsDuringTransition { p.callsDuringTransition = c }
        if let rule = changes.arbitration { p.arbitration = rule }
        if let f = changes.barCrossFade { p.barCrossFade = f }
        if let s = changes.sheet { p.sheet = s }
        if let s = changes.system { p.system = s }
        let currentSpring: PhysicalSpring? = {
            if case let .spring(s) = p.drop { return s }
            return p.transitionSpring
        }()
        let springs = PresetChanges.springKeys.joined(separator: ", ")
        switch changes.drop ?? p.drop.name {
        case "completion_speed":
            p.drop = .completionSpeed
        case "fixed":
            var (duration, curve) = Preset.flutterDrop
            if case let .fixed(d, c) = p.drop { (duration, curve) = (d, c) }
            p.drop = .fixed(duration: changes.dropDuration ?? duration, curve: changes.dropCurve ?? curve)
        case "spring":
            guard let s = changes.spring ?? currentSpring else {
                throw .badCall("drop = \"spring\" needs a 'spring' table (\(springs))")
            }
            p.drop = .spring(s)
        case let other:
            throw .badCall("unknown drop rule '\(other)' (expected \(PresetChanges.dropNames.joined(separator: ", ")))")
        }
        if let on = changes.transitionSpring {
            guard !on || changes.spring != nil || currentSpring != nil else {
                throw .badCall("transition_spring = true needs a 'spring' table (\(springs))")
            }
            p.transitionSpring = on ? (changes.spring ?? currentSpring) : nil
        } else if let s = changes.spring, p.transitionSpring != nil {
            p.transitionSpring = s
        }
        return p
    }
}
