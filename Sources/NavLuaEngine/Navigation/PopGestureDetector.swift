/// One of a navigation's pop recognizers on one touch, as Flutter's
/// _CupertinoBackGestureDetector: it owns the recognizer, takes part in the
/// arena, asks the style's begin rules, records what the recognizer
/// becomes, and hands the pan to the controller of the interactive pop
/// (`InteractivePop`) once it began. The touch's router tells it what the
/// finger did; it reads the touch and tells the navigation and the
/// controller, never the other way.
final class PopGestureDetector {
    unowned let world: World
    unowned let nav: NavigationController
    /// The touch it follows (read only: the router delivers its samples).
    unowned let touch: Touch
    /// The navigation's recognizer this detector is for (its kind, switch
    /// and delegate).
    let setup: PopRecognizer
    private(set) var recognizer = PopGestureRecognizer()
    /// The pop its pan drives, from `began` to the release.
    /// Unchecked: read on every sample, only ever assigned (see World).
    @exclusivity(unchecked) private var controller: InteractivePop?

    init(world: World, nav: NavigationController, touch: Touch, recognizer: PopRecognizer) {
        self.world = world
        self.nav = nav
        self.touch = touch
        self.setup = recognizer
        recognizer.state = .possible
    }

    var state: GestureState { recognizer.state }

    /// The pan now, as a value.
    var details: PanDetails {
        PanDetails(location: touch.location, translation: touch.pan?.translation ?? .zero,
                   velocity: touch.pan?.velocity(at: touch.sampleNanos) ?? .zero,
                   touches: world.touchCount(on: nav), samplesSinceBegan: touch.pan?.samplesSinceBegan ?? 0)
    }

    private func context(_ pan: PanDetails) -> PopBeginContext {
        PopBeginContext(navigation: nav, recognizer: setup, pan: pan, touchID: touch.id, layout: world.layout,
                        width: world.width, tunables: world.tunables,
                        ask: NavigationQuestions(world: world, nav: nav, recognizer: setup))
    }

    // MARK: what the router reports

    /// Checks that can fail the gesture at touch-down.
    func touchedDown() {
        if let refusal = PopBeginRules.refusalAtTouchDown(context(details)) { refuse(refusal) }
    }

    /// A second finger came down on the navigation.
    func secondTouchArrived() {
        if state == .possible { refuse(.touches) }
    }

    /// The finger moved: the pop under way follows it (the controller is
    /// there from `began` to the lift).
    func moved() {
        guard let controller = controller else { return }
        controller.follow(PanUpdate(location: touch.location, translation: touch.pan?.translation ?? .zero))
    }

    /// The finger lifted (or its touch was cancelled): the controller
    /// decides the release.
    func lifted(cancelled: Bool) {
        guard recognizer.lift(cancelled: cancelled) else { return }
        let pan = details
        let decision = controller?.release(pan, cancelled: cancelled)
        let rule = controller?.cancelledBy
        controller = nil
        recognizer.released(decision)
        record(pan, finish: recognizer.finishes, rule: recognizer.finishes == false ? rule : nil)
    }

    /// A call took the pop from the finger (manual §4.4): the controller
    /// lets go of the transition, and later moves and the lift do nothing.
    func interrupted(finishing: Bool) {
        guard recognizer.interrupt(finishing: finishing), let controller = controller else { return }
        self.controller = nil
        controller.takeOver(finishing: finishing)
        record(details, finish: finishing)
    }

    // MARK: deciding

    private func refuse(_ check: PopRefusal) {
        guard recognizer.fail(check) else { return }
        record(details, refusedBy: check)
    }

    /// Runs the style's begin checks and begins or fails; then does what
    /// the decision asks for besides.
    func tryBegin() {
        guard state == .possible else { return }
        let pan = details
        switch PopBeginRules.decide(context(pan)) {
        case .begin:
            recognizer.begin()
            record(pan)
            controller = InteractivePop.begin(nav, by: self, at: pan)
        case .refuse(let check):
            if check == .customBackButton, let top = nav.top {
                world.pitfall(.customBackButton, nav, screen: top)
            }
            refuse(check)
        case .goBackAtRoot:
            nav.goBack()
            // a failure while going back (or before, in this call) is the gesture's
            refuse(world.hasFailed ? .error : .root)
        case .failed:
            refuse(.error)
        }
    }

    // MARK: trace

    private func record(_ pan: PanDetails, refusedBy check: PopRefusal? = nil, finish: Bool? = nil,
                        rule: String? = nil) {
        setup.state = state
        var fields: [TraceField] = [
            .int("nav", nav.id), .string("recognizer", Recognizer.pop.rawValue),
            .string("state", state.rawValue),
            .point("location", pan.location), .point("translation", pan.translation),
            .point("velocity", pan.velocity),
        ]
        if let check = check { fields.append(.string("refused_by", check.rawValue)) }
        if let finish = finish { fields.append(.bool("finish", finish)) }
        if let rule = rule { fields.append(.string("rule", rule)) }
        // which of several, by its trace name (a navigation with one keeps v1's event)
        if nav.popRecognizers.count > 1 { fields.append(.string("pop_recognizer", setup.name)) }
        world.record(.gesture, fields)
    }
}

extension PopGestureDetector: GestureArenaMember {
    var kind: Recognizer { .pop }
    var name: String { setup.name }
    /// Any direction on UIKit (its begin checks judge it), horizontal in
    /// Flutter (a HorizontalDragGestureRecognizer): PanArbitration.popAxes.
    var axes: PanAxes { nav.options.arbitration.popAxes }
    var refusal: String? { recognizer.refusedBy?.rawValue }


    func accept() -> Bool {
        // issue 35: a slider under the finger refuses its parents' pans
        // along it, whatever the arena's order (ControlRules.refusesParentPan)
        if state == .possible, let refusal = ControlRules.popRefusal(touch, nav.options) {
            refuse(refusal)
            return false
        }
        tryBegin()
        return state == .began
    }

    /// Along the other axis before the pop claimed the pan: `direction`;
    /// to a scroll view: `scroll_view`; to a sheet's pan: `sheet`; to
    /// another of the navigation's pop recognizers: `pop_recognizer` (a
    /// lost pan is no failed hook). A pop that refused the pan itself has
    /// failed already, and stays as it failed.
    func lost(_ reason: String, to holder: (any GestureArenaMember)?) {
        if reason == "direction" { return refuse(.direction) }
        switch holder?.kind {
        case .scroll: refuse(.scrollView)
        case .sheet: refuse(.sheet)
        case .pop: refuse(.popRecognizer)
        case .control: refuse(.control)   // issue 35
        case .systemBack, nil: refuse(.error)
        }
    }

    /// The pop takes its pan alone.
    func allowsJoining(_ member: any GestureArenaMember) -> Bool { false }

    /// The app's gesture delegate may let the pop join a scroll view
    /// (UIKit lets either side's delegate allow it, so it is asked first):
    /// yes joins, a failure does not, anything else leaves it to the view.
    func asksToJoin(_ holder: any GestureArenaMember) -> Bool? {
        guard setup.delegate.custom != nil, let view = holder.scrollView else { return nil }
        switch world.callDelegate(.should_recognize_simultaneously, of: nav, setup,
                                  .simultaneous(details.info, other: view)) {
        case .value(true): return true
        case .failed: return false
        default: return nil
        }
    }
}

/// Whom a navigation's begin rules ask: its top screen's hooks and its
/// gesture delegate, through the world, which traces every answer.
struct NavigationQuestions: PopGestureQuestions {
    unowned let world: World
    unowned let nav: NavigationController
    /// The recognizer whose delegate is asked.
    let recognizer: PopRecognizer

    func hook(_ hook: Hook, of screen: Screen, _ arguments: HookArguments) -> World.HookOutcome {
        world.call(hook, of: screen, arguments)
    }

    func delegate(_ method: GestureDelegateMethod, _ arguments: GestureDelegateArguments) -> World.HookOutcome {
        world.callDelegate(method, of: nav, recognizer, arguments)
    }

    func read<T>(_ body: () throws -> T) -> T? { world.read(body) }
}
