/// What a released interactive pop does.
enum PopDecision: Equatable {
    case finish, cancel
    /// The completion rule raised: the pop cancels, and its gesture counts
    /// as cancelled.
    case failed
}

/// Drives a navigation through a pop that a finger performs, from its
/// gesture's `began` to the end of the animation after the release, as
/// Flutter's _CupertinoBackGestureController drives a route: it begins the
/// transition, follows the finger, decides at the release and animates the
/// rest of the way. The edge and full-screen styles drive UIKit's
/// interactive transition by `progress`; the snapshot style moves the top
/// screen by an `offset` in points over a snapshot of the one below, as
/// QDNavigationController does. What beginning, finishing and cancelling do
/// to the stack and the lifecycle, the navigation does.
final class InteractivePop {
    unowned let nav: NavigationController
    let gesture: PopGestureRecognizer
    /// Nil for a snapshot gesture at the root, which QD lets begin but
    /// which moves nothing.
    private let transition: Transition?
    private let startLocation: Point

    /// Begins the navigation's transition where the finger is.
    init(nav: NavigationController, gesture: PopGestureRecognizer) {
        self.nav = nav
        self.gesture = gesture
        startLocation = gesture.location
        transition = nav.beginInteractivePop(nav.style == .snapshot ? .snapshotPop : .interactivePop)
        if let tr = transition, tr.kind == .interactivePop { tr.progress = progress }
    }

    private var world: World { gesture.world }
    private var sign: Double { gesture.sign }

    /// p = clamp(translation.x / W, 0, 1), toward the trailing side.
    private var progress: Double {
        clamp(sign * gesture.translation.x / world.width, 0, 1)
    }

    /// Snapshot style: x = touch.x - start.x, from where the pan began.
    private var snapshotX: Double { sign * (gesture.location.x - startLocation.x) }

    func follow() {
        guard let tr = transition else { return }
        if tr.kind == .snapshotPop {
            let x = snapshotX
            if x >= 0 { tr.offset = x }   // x < 0 leaves the view where it is
        } else {
            tr.progress = progress
        }
    }

    /// The finger lifted, or its touch was cancelled: decides, and animates
    /// the rest of the way. Nil when nothing moves.
    func release(cancelled: Bool) -> PopDecision? {
        guard let tr = transition else { return nil }
        return tr.kind == .snapshotPop ? releaseSnapshot(tr, cancelled) : releaseInteractive(tr, cancelled)
    }

    private func releaseInteractive(_ tr: Transition, _ cancelled: Bool) -> PopDecision {
        let p = progress
        let velocity = gesture.velocity
        let T = nav.options.transition.effectiveDuration
        let decision: PopDecision = cancelled ? .cancel : decide(progress: p, velocity: velocity, duration: T)
        let finish = decision == .finish
        let remaining = finish ? 1 - p : p
        let (seconds, curve) = drop(remaining: remaining, velocity: velocity, finish: finish, duration: T)
        animate(tr, from: tr.progress, to: finish ? 1 : 0, seconds: seconds, curve: curve,
                finish: finish) { tr.progress = $0 }
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
    private func decide(progress p: Double, velocity: Point, duration T: Double) -> PopDecision {
        let release = CompletionRule.Release(
            progress: p, translationX: sign * gesture.translation.x, velocityX: sign * velocity.x,
            width: world.width, duration: T, samplesSinceBegan: gesture.samplesSinceBegan,
            gesture: gesture.info)
        do {
            return try nav.options.completion.finishes(release, world.tunables) ? .finish : .cancel
        } catch {
            world.fail(.callbackFailed(NavError.text(of: error)))
            return .failed
        }
    }

    /// QD: past `snapshotFinishDistance` points the view slides out.
    private func releaseSnapshot(_ tr: Transition, _ cancelled: Bool) -> PopDecision {
        let t = world.tunables
        let finish = !cancelled && snapshotX > t.snapshotFinishDistance
        animate(tr, from: tr.offset, to: finish ? world.width : 0,
                seconds: finish ? t.snapshotFinishDuration : t.snapshotCancelDuration,
                curve: .easeInOut, finish: finish) { tr.offset = $0 }
        return finish ? .finish : .cancel
    }

    /// Animates the rest of the way; at its end the navigation finishes or
    /// cancels the pop.
    private func animate(_ tr: Transition, from: Double, to: Double, seconds: Double, curve: Curve,
                         finish: Bool, apply: @escaping (Double) -> Void) {
        let nav = self.nav
        tr.animationID = world.animate(
            from: from, to: to, seconds: seconds, curve: curve, label: tr.label, apply: apply,
            complete: { finish ? nav.finishInteractivePop(tr) : nav.cancelInteractivePop(tr) })
    }
}
