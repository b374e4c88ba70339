/// A navigation's back-swipe recognizer, following one touch. It only
/// recognizes and reports, as Flutter's drag recognizer does with onStart,
/// onUpdate and onEnd: it tells its navigation, whose `InteractivePop`
/// moves the screens.
///
/// States: `possible` from touch-down; then `began` when the pan crosses the
/// slop, the arena offers it the pan and the style's begin rules pass, or
/// `failed` with the check that refused (`refused_by`). A began gesture ends
/// `ended` when the finger lifts, or `cancelled` when the touch is cancelled
/// (or released after a failure) or its release could not be decided.
final class PopGestureRecognizer {
    unowned let world: World
    unowned let nav: NavigationController
    unowned let touch: Touch
    private(set) var state = GestureState.possible
    private(set) var refusedBy: PopRefusal?
    /// What the navigation decided at the release: true finishes the pop
    /// (nil: not released, or nothing to pop).
    private(set) var finishes: Bool?

    init(world: World, nav: NavigationController, touch: Touch) {
        self.world = world
        self.nav = nav
        self.touch = touch
    }

    var sign: Double { world.layout.sign }
    var location: Point { touch.location }
    var translation: Point { touch.pan?.translation ?? .zero }
    var velocity: Point { touch.pan?.velocity(at: world.now) ?? .zero }
    /// Samples from the one that began the pan up to now.
    var samplesSinceBegan: Int { touch.pan?.samplesSinceBegan ?? 0 }

    /// The pan as hooks and completion rules see it.
    var info: GestureInfo {
        GestureInfo(location: location, translation: translation, velocity: velocity,
                    touches: world.touchCount(on: nav))
    }

    // MARK: recognition

    /// Checks that can fail the gesture at touch-down.
    func touchedDown() {
        if let refusal = PopBeginRules.refusalAtTouchDown(self) {
            refuse(refusal)
        }
    }

    func secondTouchArrived() {
        if state == .possible { refuse(.touches) }
    }

    func refuse(_ check: PopRefusal) {
        guard state == .possible else { return }
        state = .failed
        refusedBy = check
        record(refusedBy: check)
    }

    /// Runs the style's begin checks in order and begins or fails; then
    /// does what the decision asks for besides.
    func tryBegin() {
        guard state == .possible else { return }
        switch PopBeginRules.decide(self) {
        case .begin:
            state = .began
            record()
            nav.popGestureBegan(self)
        case .refuse(let check):
            refuse(check)
        case .goBackAtRoot:
            nav.goBack()
            // a failure while going back (or before, in this call) is the gesture's
            refuse(world.hasFailed ? .error : .root)
        case .failed:
            refuse(.error)
        }
    }

    // MARK: reports

    func moved() {
        guard state == .began else { return }
        nav.popGestureMoved(self)
    }

    func lifted(cancelled: Bool) {
        switch state {
        case .possible:
            state = .failed   // lifted before the pan began: no event
            return
        case .began:
            break
        default:
            return
        }
        state = cancelled ? .cancelled : .ended
        let decision = nav.popGestureEnded(self, cancelled: cancelled)
        if decision == .failed { state = .cancelled }
        finishes = decision.map { $0 == .finish }
        record(finish: finishes)
    }

    // MARK: trace

    private func record(refusedBy check: PopRefusal? = nil, finish: Bool? = nil) {
        let i = info
        var fields: [(String, TraceValue)] = [
            ("nav", .int(nav.id)), ("recognizer", .string(Recognizer.pop.rawValue)),
            ("state", .string(state.rawValue)),
            ("location", .point(i.location)), ("translation", .point(i.translation)),
            ("velocity", .point(i.velocity)),
        ]
        if let check = check { fields.append(("refused_by", .string(check.rawValue))) }
        if let finish = finish { fields.append(("finish", .bool(finish))) }
        world.recordFields(.gesture, fields)
    }
}
