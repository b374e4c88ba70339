/// What a push or pop made while a transition runs does: it waits in the
/// queue until the navigation is free (UIKit, React Navigation: manual
/// §4.4), or it acts at once (Flutter's navigator), as the preset says.
public enum CallsDuringTransition: String, Sendable, CaseIterable {
    case queue
    /// Flutter's NavigatorState acts on push and pop at once: a pop during
    /// a push reverses the push's own animation, with the forward curve
    /// (route_test.dart, "Interrupted push"); a pop during a back swipe
    /// pops "as if there were no back gesture", and a push ends the swipe
    /// (route_test.dart, "Back swipe ... is interrupted by route pop/push",
    /// flutter/flutter#141268).
    case interrupt
}

/// The `interrupt` rule (manual §4.4): how a call makes way for itself.
extension NavigationController {
    /// Whether `call` acts now over the running transition instead of
    /// waiting. Calls from hooks, calls behind queued ones, presentations
    /// and the root freeze always wait.
    func interrupts(_ call: NavigationCall) -> Bool {
        guard options.callsDuringTransition == .interrupt, world.hookDepth == 0, queue.isEmpty, !stuck else { return false }
        // a dismiss during a sheet's pull (sheet_test.dart "Popping the sheet
        // during drag should not crash")
        if case .dismiss = call, presented, sheetPull != nil { return true }
        guard let tr = transition else { return false }
        switch call {
        case .present, .dismiss: return false
        default: break
        }
        switch tr.kind {
        case .present, .dismiss, .interactiveDismiss: return false
        case .interactivePop where userGestureInProgress: return fingerPop != nil
        default: return tr.animationID != nil
        }
    }

    /// Runs `call` at once over the running transition (within a drive).
    func interrupt(with call: NavigationCall) throws(NavError) -> Screen? {
        if case .dismiss = call, let pull = sheetPull {
            pull.takeOver()
            return nil
        }
        guard let tr = transition else { return try apply(call) }
        let popsTop = call.popsOne
        if tr.kind == .push, popsTop, top === tr.top, tr.below != nil {
            if case .back = call, world.call(.will_go_back, of: tr.top) == .value(false) || world.hasFailed {
                return nil
            }
            return reverse(push: tr)
        }
        if tr.kind == .interactivePop, userGestureInProgress, let detector = fingerPop {
            // the swipe ends: a pop goes on from where the finger is; any
            // other call first puts the screens back
            detector.interrupted(finishing: popsTop)
            if popsTop { return tr.top }
            return try apply(call)
        }
        // a motion no finger drives ends at once; then the call
        if let id = tr.animationID { world.finishAnimation(id) }
        return try apply(call)
    }

    /// A pop during a push: the pushed screen leaves the stack now and the
    /// push's animation runs back from where it is, on its own curves
    /// (Flutter's CurvedAnimation keeps the forward curve when an animation
    /// is reversed midway), in the time it took so far.
    private func reverse(push tr: Transition) -> Screen? {
        guard let below = tr.below, let running = tr.animationID else { return nil }
        world.cancelAnimation(running)
        let pushed = tr.top
        dropFromStack(keeping: screens.count - 1)
        world.record(.pop, [.int("nav", id), .string("screen", pushed.title), .string("to", below.title),
                            .bool("animated", true), .bool("reversed", true)])
        lifecycle(.will_disappear, pushed, animated: true)
        lifecycle(.will_appear, below, animated: true)
        show(.will_show, below, animated: true)
        let seconds = tr.progress * options.transition.effectiveDuration
        tr.animate(in: world, to: 0, seconds: seconds, curve: options.transition.curve,
                   complete: { [unowned self] in
                       self.end(tr, finished: false)
                       self.lifecycle(.did_disappear, pushed, animated: true)
                       self.lifecycle(.did_appear, below, animated: true)
                       self.show(.did_show, below, animated: true)
                   })
        return pushed
    }
}

extension NavigationCall {
    /// Pops the top screen only (what reverses a push or takes a swipe over).
    var popsOne: Bool {
        switch self {
        case .pop, .back: return true
        default: return false
        }
    }
}
