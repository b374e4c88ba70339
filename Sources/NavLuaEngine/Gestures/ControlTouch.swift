/// One touch on a control (Control.swift): what the control does with it.
///
/// A control that joins the arena (`ControlRules.joinsArena`) is one of
/// the touch's members: when it takes the pan it follows the finger (a
/// slider's value, a row's drag) until the lift. A control that handles raw
/// touches (`handles = "touches"`) sees the touch from its begin; when a
/// recognizer takes the touch (the pop, a scroll view's pan, a sheet's
/// pull, another control's pan) the touch is cancelled for it, as UIKit's
/// default `cancelsTouchesInView` does, and the trace says who took it.
///
/// States, in order: following nothing from touch-down (`holds` false,
/// `cancelled` false); then `holds` once the arena gave it the pan, or
/// `cancelled` once a recognizer took the touch; `finished` after the lift
/// or the cancel. Only this object writes the control's `value` and `open`
/// for its touch, and only while it holds the pan (a UIControl tracks one
/// touch: `Control.trackingTouch`).
final class ControlTouch {
    unowned let world: World
    let control: Control
    /// The touch it speaks for.
    let touchID: Int
    /// Where the finger is, as the touch's router last said.
    var location: Point
    /// Where the finger went down: a slider counts from there, as a
    /// UIControl tracks from touch-down.
    private let down: Point
    /// The value the slider had when the finger took it.
    private var startValue = 0.0
    /// It took the pan (arena member) and follows the finger.
    private(set) var holds = false
    /// A recognizer took its raw touch (or a failure released it).
    private(set) var cancelled = false
    /// Lifted or cancelled: nothing changes any more.
    private var finished = false
    /// Why it did not take the pan it was offered (the arena's trace).
    private var refusedWith: String?

    init(world: World, control: Control, touch: Int, at point: Point) {
        self.world = world
        self.control = control
        self.touchID = touch
        self.location = point
        self.down = point
        control.touches += 1
        if raw { record("began") }
    }

    /// It sees raw touches (UIKit: touchesBegan... and touchesCancelled).
    var raw: Bool { control.handling == .touches }

    /// Whether the arena asks it (ControlRules.joinsArena).
    var joinsArena: Bool { ControlRules.joinsArena(control) }

    /// The finger moves the control now.
    var active: Bool { holds && !finished }

    /// How far the finger moved leading to trailing: to the right in
    /// `ltr`, to the left in `rtl` (UIKit mirrors a slider and a row's
    /// actions in a right-to-left layout).
    private var dx: Double { (location.x - down.x) * world.layout.sign }

    func moved(to point: Point) {
        location = point
        guard active, control.kind == .slider else { return }
        control.value = ControlRules.sliderValue(from: startValue, dx: dx, width: control.frame.width)
    }

    /// The arena decided: a raw touch that it did not give to this control
    /// is cancelled by the recognizer that holds the pan.
    func arenaDecided(_ outcome: GestureArena.Outcome) {
        guard raw, !holds, !finished, let holder = outcome.holder else { return }
        cancel(by: holder.name)
    }

    /// The finger lifted (`cancelled`: the system cancelled the touch).
    /// A row that followed it, or a raw row no recognizer took, opens or
    /// closes by where it was released.
    func lifted(cancelled byTouch: Bool) {
        guard !finished else { return }
        if byTouch { return cancel(by: "touch") }
        guard holds || raw else { return finish() }
        if control.kind == .swipeRow {
            control.open = ControlRules.rowOpens(wasOpen: control.open, dx: dx,
                                                 threshold: ControlRules.rowOpenThreshold(control))
        }
        record("ended")
        finish()
    }

    /// A failure released the touch: the control stays where the finger
    /// left it (a slider's value, a row's state), as a cancelled UIControl
    /// tracking does.
    func released() {
        guard !finished else { return }
        if holds || raw { cancel(by: "released") } else { finish() }
    }

    /// The world goes away: stop following, record nothing.
    func abandon() { finish() }

    private func cancel(by taker: String) {
        cancelled = true
        if raw { control.cancelled += 1 }
        record("cancelled", by: taker)
        finish()
    }

    private func finish() {
        finished = true
        holds = false
        if control.trackingTouch == touchID { control.trackingTouch = nil }
    }

    /// The `control` event: its id, kind, touch and phase, then the state
    /// it changes (a slider's `value`, a row's `open`) and who cancelled it.
    private func record(_ phase: String, by taker: String? = nil) {
        var fields: [TraceField] = [
            .int("id", control.id), .string("kind", control.kind.rawValue), .int("touch", touchID),
            .string("phase", phase),
        ]
        switch control.kind {
        case .slider: fields.append(.number("value", control.value))
        case .swipeRow: fields.append(.bool("open", control.open))
        case .canvas: break
        }
        if let taker = taker { fields.append(.string("by", taker)) }
        world.record(.control, fields)
    }
}

extension ControlTouch: GestureArenaMember {
    var kind: Recognizer { .control }
    var name: String { control.traceName }
    var axes: PanAxes { ControlRules.axes(control.kind) }
    var refusal: String? { refusedWith }

    /// A slider and a row take the pan unless another finger moves them
    /// (`tracking`); a closed row refuses a leading-to-trailing drag
    /// (`closed`, ControlRules.rowTakes); a canvas takes every pan.
    func accept() -> Bool {
        guard !finished else { return false }
        if control.kind != .canvas {
            if let other = control.trackingTouch, other != touchID {
                refusedWith = "tracking"
                return false
            }
            if control.kind == .swipeRow && !ControlRules.rowTakes(open: control.open, dx: dx) {
                refusedWith = "closed"
                return false
            }
            control.trackingTouch = touchID
        }
        holds = true
        startValue = control.value
        if control.kind == .slider {
            control.value = ControlRules.sliderValue(from: startValue, dx: dx, width: control.frame.width)
        }
        if !raw { record("began") }
        return true
    }

    /// Losing before it held changes nothing (a raw touch is cancelled by
    /// `arenaDecided`); a control that held the pan and lost it stops.
    func lost(_ reason: String, to holder: (any GestureArenaMember)?) {
        guard holds else { return }
        cancel(by: holder?.name ?? reason)
    }

    /// A control's pan takes the touch alone.
    func allowsJoining(_ member: any GestureArenaMember) -> Bool { false }
}
