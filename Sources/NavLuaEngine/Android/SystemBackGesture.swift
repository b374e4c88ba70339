/// Android's system back gesture on one touch, as SystemUI runs it
/// (`EdgeBackGestureHandler` with `BackPanelController`, the back arrow):
///
/// - `possible`: the finger went down within the gesture inset of the left or
///   the right edge. SystemUI watches the touch through an input monitor;
///   navlua gives it the touch first: while it is possible the app's
///   recognizers wait (on a device they see the same events and are
///   cancelled at the pilfer, the same outcome unless the app's own slop is
///   below the system's 6 dp).
/// - `failed`: before it started, the finger moved more down than across
///   past the slop (`vertical`), or rested past the long-press timeout
///   (`long_press`). The app's recognizers then get the touch.
/// - `began`: the finger moved across past the slop (|dx| > |dy|): SystemUI
///   pilfers the pointers, so the back gesture wins the arena and the app's
///   recognizers lose (`system_back`); `BackTouchTracker` follows the finger
///   from the touch-down.
/// - While it runs the back arrow is ACTIVE once the finger is 16 dp in from
///   touch-down, INACTIVE after 32 dp of continuous motion back toward the
///   edge or a drag more than twice as far down as across, ACTIVE again
///   after 32 dp away from the edge (`BackPanelController`).
/// - `ended`: lifted while ACTIVE: back commits (a fling or not, both
///   commit); lifted while INACTIVE or before the arrow first turned ACTIVE:
///   back cancels (`cancelled`); a cancelled touch cancels too.
final class SystemBackGesture {
    // unowned(unsafe): read on every sample, and only ever called by the
    // world's touch routing for one of its navigations (a checked unowned
    // reference costs a retain and a release a read)
    unowned(unsafe) let world: World
    /// Checked: a script's touch outlives its world, and nothing hot reads it.
    unowned let nav: NavigationController
    let rules: SystemBackRules
    let edge: BackTouchTracker.Edge
    private let down: Point
    private let downNanos: Int
    @exclusivity(unchecked) private(set) var state: GestureState = .possible
    /// Why it failed or cancelled, in the trace's words.
    private(set) var reason: String?
    @exclusivity(unchecked) private(set) var tracker = BackTouchTracker()
    /// The back arrow's state: whether a lift now goes back.
    @exclusivity(unchecked) private(set) var active = false
    @exclusivity(unchecked) private var previousX = 0.0
    @exclusivity(unchecked) private var totalDelta = 0.0
    /// What the gesture drives once it began.
    private(set) var dispatch: BackDispatch?

    private init(world: World, nav: NavigationController, rules: SystemBackRules, edge: BackTouchTracker.Edge,
                 down: Point, at nanos: Int) {
        self.world = world
        self.nav = nav
        self.rules = rules
        self.edge = edge
        self.down = down
        self.downNanos = nanos
    }

    /// The gesture a touch-down at `point` may begin: nil outside the
    /// insets (`EdgeBackGestureHandler.isWithinInsets`).
    static func touchedDown(_ world: World, _ nav: NavigationController, _ rules: SystemBackRules,
                            at point: Point, nanos: Int) -> SystemBackGesture? {
        let edge: BackTouchTracker.Edge
        if point.x <= rules.gestureInset {
            edge = .left
        } else if point.x >= world.width - rules.gestureInset {
            edge = .right
        } else {
            return nil
        }
        return SystemBackGesture(world: world, nav: nav, rules: rules, edge: edge, down: point, at: nanos)
    }

    var undecided: Bool { state == .possible }
    /// Whether the released gesture went back (nil before its lift, or when
    /// it never started): a drag's `finished`.
    var commits: Bool? {
        switch state {
        case .ended: return true
        case .cancelled: return false
        default: return nil
        }
    }
    var running: Bool { state == .began || state == .changed }
    /// +1 from the left edge (the finger moves right), -1 from the right.
    var inward: Double { edge == .left ? 1 : -1 }

    // MARK: what the router reports

    /// A sample before the gesture decided: fails it, or waits. Returns true
    /// when it starts here (the caller pilfers the touch, then `start`s it).
    func movedWhilePossible(to point: Point, at nanos: Int) -> Bool {
        let dx = abs(point.x - down.x), dy = abs(point.y - down.y)
        if Double(nanos - downNanos) / 1e9 > rules.longPressTimeout {
            fail("long_press", at: point)
        } else if dy > dx && dy > rules.startSlop {
            fail("vertical", at: point)
        } else if dx > dy && dx > rules.startSlop {
            return true
        }
        return false
    }

    /// A sample while it runs: the arrow's state, the tracker, the progress
    /// (BackEventCompat for the finger there).
    func track(to point: Point) -> BackEvent {
        state = .changed
        let xTranslation = max(0, inward * (point.x - down.x))
        let yTranslation = abs(point.y - down.y)
        let delta = xTranslation - previousX
        previousX = xTranslation
        if delta != 0 {
            totalDelta = (delta > 0) == (totalDelta > 0) ? totalDelta + delta : delta
        }
        if !active {
            let reactivates = previousWasActive ? totalDelta > rules.switchDistance : xTranslation > rules.triggerDistance
            if reactivates { setActive(true) }
        } else if (totalDelta < 0 && -totalDelta > rules.switchDistance) || yTranslation > xTranslation * 2 {
            setActive(false)
        }
        tracker.update(x: Float(point.x), y: Float(point.y))
        return event(at: point)
    }

    /// The arrow turned ACTIVE once: from then on INACTIVE -> ACTIVE needs
    /// motion away from the edge (BackPanelController's INACTIVE state).
    @exclusivity(unchecked) private var previousWasActive = false

    private func setActive(_ on: Bool) {
        active = on
        if on { previousWasActive = true }
        tracker.setTriggerBack(on)
    }

    /// A second finger came down: SystemUI cancels the gesture
    /// (`EdgeBackGestureHandler`, ACTION_POINTER_DOWN: `multi_touch`).
    func secondTouchArrived() {
        switch state {
        case .possible:
            fail("multi_touch", at: down)
        case .began, .changed:
            state = .cancelled
            reason = "multi_touch"
            dispatch?.released(commit: false, reason: reason, at: down)
        default:
            break
        }
    }

    /// The finger lifted (or the touch was cancelled).
    func lifted(cancelled: Bool, at point: Point) {
        switch state {
        case .possible:
            state = .failed
            reason = cancelled ? "cancelled" : "lifted"
        case .began, .changed:
            let commit = active && !cancelled
            state = commit ? .ended : .cancelled
            if !commit { reason = cancelled ? "cancelled" : (previousWasActive ? "inactive" : "short") }
            dispatch?.released(commit: commit, reason: reason, at: point)
        default:
            break
        }
    }

    // MARK: deciding

    private func fail(_ why: String, at point: Point) {
        state = .failed
        reason = why
        world.record(.back, [.int("nav", nav.id), .string("phase", "failed"), .string("edge", edge.rawValue),
                             .string("reason", why), .number("x", point.x), .number("y", point.y)])
    }

    func start(at point: Point) {
        state = .began
        let (linear, maxDistance, factor) = rules.thresholds(width: world.width)
        tracker.setProgressThresholds(linear: linear, max: maxDistance, factor: factor)
        tracker.setGestureStartLocation(x: Float(down.x), y: Float(down.y), edge: edge)
        dispatch = BackDispatch.start(self, event: event(at: down, progress: 0))
        dispatch?.progressed(track(to: point), record: true)
    }

    /// BackEventCompat for the finger at `point`.
    func event(at point: Point, progress: Double? = nil) -> BackEvent {
        BackEvent(progress: progress ?? Double(tracker.progress), touchX: point.x, touchY: point.y, edge: edge,
                  frameTimeMillis: world.now / 1_000_000)
    }

    var downPoint: Point { down }
}

extension SystemBackGesture: GestureArenaMember {
    var kind: Recognizer { .systemBack }
    var name: String { "system_back" }
    var axes: PanAxes { .horizontal }
    func accept() -> Bool { true }
    func lost(_ reason: String, to holder: (any GestureArenaMember)?) {}
    /// SystemUI pilfers the pointers: nothing of the app's joins it.
    func allowsJoining(_ member: any GestureArenaMember) -> Bool { false }
}

extension World {
    /// A sample for a touch whose system back gesture is undecided
    /// (TouchRouting calls this before the app's recognizers): true when it
    /// starts here, and the sample is the gesture's.
    func systemBackStarts(_ touch: Touch, _ point: Point, at nanos: Int) -> Bool {
        guard let back = touch.back, back.undecided,
              back.movedWhilePossible(to: point, at: nanos) else { return false }
        pilfer(touch, for: back)
        back.start(at: point)
        if hasFailed { release(touch, because: "was released after a hook failed") }
        return true
    }

    /// A sample of a running back gesture: its touch event carries the
    /// progress (`back_progress`), then whoever took the gesture follows.
    /// One event a sample, as an iOS pop's: the progress rides on the
    /// `touch` event rather than a second event of its own.
    func deliverToSystemBack(_ back: SystemBackGesture, _ touch: Touch, _ point: Point, at nanos: Int) {
        let event = back.track(to: point)
        // the touch event's fields, then the progress, in one array literal
        // (an append to the literal would copy it)
        let fields: [TraceField] = nanos == now
            ? [.int("id", touch.id), .string("phase", Touch.Phase.moved.rawValue),
               .number("x", point.x), .number("y", point.y), .number("back_progress", event.progress)]
            : [.int("id", touch.id), .string("phase", Touch.Phase.moved.rawValue),
               .number("x", point.x), .number("y", point.y), .number("sample_t", Double(nanos) / 1e9),
               .number("back_progress", event.progress)]
        record(.touch, fields)
        back.dispatch?.progressed(event, record: false)
        // a back callback failed: the touch goes (the gesture cancels)
        if hasFailed { release(touch, because: "was released after a hook failed") }
    }

    /// `pilferPointers`: the back gesture holds the touch; the app's
    /// recognizers are told they lost it (`system_back`), and the trace's
    /// `arena` event says so.
    private func pilfer(_ touch: Touch, for back: SystemBackGesture) {
        var members: [any GestureArenaMember] = [back]
        members.append(contentsOf: touch.scrollCandidates as [any GestureArenaMember])
        if let sheet = touch.sheet { members.append(sheet) }
        let outcome = GestureArena(members: members, rule: nil).resolve()
        touch.arena = outcome
        touch.arenaOpen = false
        touch.scrollCandidates = []
        touch.sheet = nil
        var fields: [TraceField] = [.int("nav", back.nav.id), .string("rule", "system_first"),
                                    .string("winner", outcome.holder?.name ?? "none")]
        if !outcome.lost.isEmpty {
            fields.append(.string("lost", outcome.lost.map { $0.member.name + "=" + $0.reason }.joined(separator: ",")))
        }
        record(.arena, fields)
    }
}
