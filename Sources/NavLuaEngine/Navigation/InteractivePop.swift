/// What a released interactive pop does.
enum PopDecision: Equatable {
    case finish, cancel
    /// The completion rule raised: the pop cancels, and its gesture counts
    /// as cancelled.
    case failed
}

/// Drives a navigation through a pop that a finger performs, from its
/// gesture's `began` to the end of the animation after the release, as
/// Flutter's _CupertinoBackGestureController drives a route: it is the only
/// writer of the transition, follows the finger, decides at the release,
/// animates the rest of the way and then tells the navigation to finish or
/// cancel. The edge and full-screen styles drive UIKit's interactive
/// transition by `progress`; the snapshot style moves the top screen by an
/// `offset` in points over a snapshot of the one below, as
/// QDNavigationController does. Its detector hands it the pan as values.
final class InteractivePop {
    unowned let nav: NavigationController
    unowned let world: World
    /// Nil for a snapshot gesture at the root, which QD lets begin but
    /// which moves nothing (and for the root freeze, which never ends).
    private let transition: Transition?
    private let startLocation: Point
    /// The world's layout sign and width, fixed for its life: kept here, as
    /// every sample reads them, and reaching them through the unowned world
    /// costs a checked retain and a release (~200 instructions).
    private let sign: Double
    private let width: Double

    private init(nav: NavigationController, transition: Transition?, startLocation: Point) {
        self.nav = nav
        self.world = nav.world
        self.transition = transition
        self.startLocation = startLocation
        self.sign = nav.sign
        self.width = nav.width
    }

    /// Begins the navigation's interactive pop where the finger is.
    static func begin(_ nav: NavigationController, by detector: PopGestureDetector, at pan: PanDetails) -> InteractivePop {
        let kind: Transition.Kind = detector.setup.kind == .snapshot ? .snapshotPop : .interactivePop
        let pop = InteractivePop(nav: nav, transition: nav.beginInteractivePop(kind, by: detector),
                                 startLocation: pan.location)
        if let tr = pop.transition, tr.kind == .interactivePop { tr.follow(pop.progress(pan.update)) }
        return pop
    }

    /// p = clamp(translation.x / W, 0, 1), toward the trailing side.
    private func progress(_ pan: PanUpdate) -> Double {
        clamp(sign * pan.translation.x / width, 0, 1)
    }

    /// Snapshot style: x = touch.x - start.x, from where the pan began.
    private func snapshotX(_ pan: PanUpdate) -> Double { sign * (pan.location.x - startLocation.x) }

    func follow(_ pan: PanUpdate) {
        guard let tr = transition else { return }
        if tr.kind == .snapshotPop {
            let x = snapshotX(pan)
            if x >= 0 { tr.follow(x) }   // x < 0 leaves the view where it is
        } else {
            tr.follow(progress(pan))
        }
    }

    /// The finger lifted, or its touch was cancelled: the finger's part is
    /// over; decides, and animates the rest of the way. Nil when nothing
    /// moves.
    /// The completion rule's value at a release it did not finish, in
    /// words (CompletionWords), for the trace's `rule` field.
    private(set) var cancelledBy: String?

    func release(_ pan: PanDetails, cancelled: Bool) -> PopDecision? {
        nav.interactivePopReleased()
        guard let tr = transition else { return nil }
        return tr.kind == .snapshotPop ? releaseSnapshot(tr, pan, cancelled) : releaseInteractive(tr, pan, cancelled)
    }

    /// A call took the pop from the finger (manual §4.4): the finger's
    /// part is over; a pop goes on to the end as the route's own pop (the
    /// transition's curve, for what remains of its duration); otherwise
    /// the screens are put back at once.
    func takeOver(finishing: Bool) {
        nav.interactivePopReleased()
        guard let tr = transition, tr.kind == .interactivePop else { return }
        nav.interactionEnded(tr, finishing: finishing, velocity: 0, byFinger: false)
        if finishing {
            let spec = nav.options.transition
            animate(tr, to: 1, seconds: (1 - tr.progress) * spec.effectiveDuration, curve: spec.curve, finish: true)
        } else {
            tr.follow(0)
            nav.cancelInteractivePop(tr)
        }
    }

    private func releaseInteractive(_ tr: Transition, _ pan: PanDetails, _ cancelled: Bool) -> PopDecision {
        let p = progress(pan.update)
        let T = nav.options.transition.effectiveDuration
        let decision: PopDecision = cancelled ? .cancel : decide(pan, progress: p, duration: T)
        let finish = decision == .finish
        let remaining = finish ? 1 - p : p
        let (seconds, curve) = drop(remaining: remaining, velocity: pan.velocity, finish: finish, duration: T)
        if decision != .failed {
            nav.interactionEnded(tr, finishing: finish, velocity: sign * pan.velocity.x / world.width)
        }
        animate(tr, to: finish ? 1 : 0, seconds: seconds, curve: curve, finish: finish)
        return decision
    }

    /// How long the rest of the way takes, and on which curve.
    private func drop(remaining: Double, velocity: Point, finish: Bool,
                      duration T: Double) -> (Double, Curve) {
        let towardTrailing = sign * velocity.x   // points per second
        switch nav.options.drop {
        case .completionSpeed:
            // UIKit's completion speed max(remaining, T|v|), ease-in-out.
            let v = towardTrailing / world.width
            let speed = max(remaining, T * abs(v))
            return (remaining > 0 && speed > 0 ? T * remaining / speed : 0, .easeInOut)
        case let .fixed(duration, curve):
            return (remaining > 0 ? duration : 0, curve)
        case let .spring(spring):
            // The finger's velocity, toward where the pop is going.
            let v = finish ? towardTrailing : -towardTrailing
            guard remaining > 0,
                  let s = spring.started(distance: remaining * world.width, velocity: v) else { return (0, .linear) }
            return (s.settle, .physicalSpring(s))
        }
    }

    /// The navigation's completion rule, on the release measured toward
    /// the trailing side.
    private func decide(_ pan: PanDetails, progress p: Double, duration T: Double) -> PopDecision {
        let release = CompletionRule.Release(
            progress: p, translationX: sign * pan.translation.x, velocityX: sign * pan.velocity.x,
            width: world.width, duration: T, samplesSinceBegan: pan.samplesSinceBegan,
            gesture: pan.info)
        do {
            let rule = nav.options.completion
            guard try rule.finishes(release, world.tunables) else {
                cancelledBy = rule.words(release, world.tunables)
                return .cancel
            }
            return .finish
        } catch {
            world.fail(.callbackFailed(NavError.text(of: error)))
            return .failed
        }
    }

    /// QD: past `snapshotFinishDistance` points the view slides out.
    private func releaseSnapshot(_ tr: Transition, _ pan: PanDetails, _ cancelled: Bool) -> PopDecision {
        let t = world.tunables
        let finish = !cancelled && snapshotX(pan.update) > t.snapshotFinishDistance
        if !cancelled && !finish {
            cancelledBy = "snapshot: x " + formatNumber(snapshotX(pan.update), places: 1) + " pt <= "
                + formatNumber(t.snapshotFinishDistance, places: 1) + " pt (QD)"
        }
        nav.interactionEnded(tr, finishing: finish, velocity: sign * pan.velocity.x / world.width)
        animate(tr, to: finish ? world.width : 0,
                seconds: finish ? t.snapshotFinishDuration : t.snapshotCancelDuration,
                curve: .easeInOut, finish: finish)
        return finish ? .finish : .cancel
    }

    /// Animates the rest of the way; at its end the navigation finishes or
    /// cancels the pop.
    private func animate(_ tr: Transition, to: Double, seconds: Double, curve: Curve, finish: Bool) {
        let nav = self.nav
        tr.animate(in: world, to: to, seconds: seconds, curve: curve,
                   complete: { finish ? nav.finishInteractivePop(tr) : nav.cancelInteractivePop(tr) })
    }
}
