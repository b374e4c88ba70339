/// A navigation's back-swipe recognizer, following one touch.
///
/// States: `possible` from touch-down; then `began` when the pan crosses the
/// slop and the style's begin checks pass, or `failed` with the check that
/// refused (`refused_by`). A began gesture ends `ended` on lift or
/// `cancelled` on a touch cancel; the motion it drives then animates to its
/// end on its own.
package final class PopGesture {
    unowned let world: World
    unowned let nav: NavigationController
    unowned let touch: Touch
    private(set) var state = GestureState.possible
    private(set) var refusedBy: PopRefusal?
    /// What the release decided: true finishes the pop, false cancels it.
    private(set) var finishes: Bool?
    /// The transition this gesture drives (nil for a snapshot gesture at the
    /// root, which QD lets begin but which moves nothing).
    private var transition: Transition?
    private var startLocation = Point.zero

    init(world: World, nav: NavigationController, touch: Touch) {
        self.world = world
        self.nav = nav
        self.touch = touch
    }

    var sign: Double { world.layout.sign }
    var pan: PanTracker? { touch.pan }

    var info: GestureInfo {
        GestureInfo(location: touch.location, translation: pan?.translation ?? .zero,
                    velocity: pan?.velocity(at: world.now) ?? .zero,
                    touches: world.touchCount(on: nav))
    }

    // MARK: recognition

    /// Checks that can fail the gesture at touch-down.
    func touchedDown() {
        if let refusal = PopBeginRules.refusalAtTouchDown(nav, at: touch.location, world) {
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

    /// Runs the style's begin checks in order and begins or fails.
    func tryBegin() {
        guard state == .possible else { return }
        switch PopBeginRules.decide(self) {
        case .begin:
            begin()
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

    private func begin() {
        state = .began
        nav.popGesture = self
        startLocation = touch.location
        record()
        guard nav.screens.count > 1, let top = nav.top else { return }
        let below = nav.screens[nav.screens.count - 2]
        switch nav.style {
        case .edge, .fullscreen:
            let tr = Transition(kind: .interactivePop, top: top, below: below)
            transition = tr
            nav.begin(tr)
            nav.lifecycle(.will_disappear, top, animated: true)
            nav.lifecycle(.will_appear, below, animated: true)
            tr.progress = progress
        case .snapshot:
            let tr = Transition(kind: .snapshotPop, top: top, below: below)
            transition = tr
            nav.begin(tr)
        }
    }

    // MARK: motion

    /// p = clamp(translation.x / W, 0, 1), toward the trailing side.
    private var progress: Double {
        clamp(sign * (pan?.translation.x ?? 0) / world.width, 0, 1)
    }

    /// Snapshot style: x = touch.x - start.x, from where the pan began.
    private var snapshotX: Double { sign * (touch.location.x - startLocation.x) }

    func moved() {
        guard state == .began, let tr = transition else { return }
        switch tr.kind {
        case .interactivePop:
            tr.progress = progress
        case .snapshotPop:
            let x = snapshotX
            if x >= 0 { tr.offset = x }   // x < 0 leaves the view where it is
        default:
            break
        }
    }

    func lifted(cancelled: Bool) {
        switch state {
        case .possible:
            state = .failed
            return
        case .began:
            break
        default:
            return
        }
        state = cancelled ? .cancelled : .ended
        if nav.popGesture === self { nav.popGesture = nil }
        guard let tr = transition else {
            record()
            return
        }
        if tr.kind == .snapshotPop {
            releaseSnapshot(tr, cancelled: cancelled)
        } else {
            releaseInteractive(tr, cancelled: cancelled)
        }
    }

    private func releaseInteractive(_ tr: Transition, cancelled: Bool) {
        let p = progress
        let velocity = pan?.velocity(at: world.now) ?? .zero
        let v = sign * velocity.x / world.width
        let T = nav.options.transition.effectiveDuration
        var finish = false
        if !cancelled {
            let release = CompletionRule.Release(
                progress: p, translationX: sign * (pan?.translation.x ?? 0), velocityX: sign * velocity.x,
                width: world.width, duration: T, samplesSinceBegan: pan?.samplesSinceBegan ?? 0,
                gesture: info)
            do {
                finish = try nav.options.completion.finishes(release, world.tunables)
            } catch {
                world.fail(.callbackFailed(NavError.text(of: error)))
                state = .cancelled
            }
        }
        finishes = finish
        record(extra: ["finish": .bool(finish)])
        // The rest of the way at UIKit's completion speed max(remaining, T|v|).
        let remaining = finish ? 1 - p : p
        let speed = max(remaining, T * abs(v))
        let seconds = remaining > 0 && speed > 0 ? T * remaining / speed : 0
        let top = tr.top, below = tr.below!
        tr.animationID = world.animate(
            from: tr.progress, to: finish ? 1 : 0, seconds: seconds, curve: .easeInOut,
            label: tr.label, apply: { tr.progress = $0 },
            complete: { [nav] in
                nav.end(tr, finished: finish)
                if finish {
                    nav.lifecycle(.did_disappear, top, animated: true)
                    nav.lifecycle(.did_appear, below, animated: true)
                    nav.removeTopAfterGesture(top, animated: true)
                    _ = nav.world.call(.pop_gesture_did_end, of: top)
                } else {
                    // UIKit's order for a cancelled interactive pop.
                    nav.lifecycle(.will_disappear, below, animated: true)
                    nav.lifecycle(.did_disappear, below, animated: true)
                    nav.lifecycle(.will_appear, top, animated: true)
                    nav.lifecycle(.did_appear, top, animated: true)
                }
            })
    }

    private func releaseSnapshot(_ tr: Transition, cancelled: Bool) {
        let t = world.tunables
        let finish = !cancelled && snapshotX > t.snapshotFinishDistance
        finishes = finish
        record(extra: ["finish": .bool(finish)])
        let top = tr.top
        tr.animationID = world.animate(
            from: tr.offset, to: finish ? world.width : 0,
            seconds: finish ? t.snapshotFinishDuration : t.snapshotCancelDuration,
            curve: .easeInOut, label: tr.label, apply: { tr.offset = $0 },
            complete: { [nav] in
                nav.end(tr, finished: finish)
                guard finish, nav.top === top else { return }
                _ = nav.popTo(index: nav.screens.count - 2, animated: false)
                _ = nav.world.call(.pop_gesture_did_end, of: top)
            })
    }

    // MARK: trace

    private func record(refusedBy check: PopRefusal? = nil, extra: KeyValuePairs<String, TraceValue> = [:]) {
        let i = info
        var fields: [(String, TraceValue)] = [
            ("nav", .int(nav.id)), ("recognizer", .string(Recognizer.pop.rawValue)), ("state", .string(state.rawValue)),
            ("location", .point(i.location)), ("translation", .point(i.translation)),
            ("velocity", .point(i.velocity)),
        ]
        if let check = check { fields.append(("refused_by", .string(check.rawValue))) }
        for (k, v) in extra { fields.append((k, v)) }
        world.recordFields(.gesture, fields)
    }
}
