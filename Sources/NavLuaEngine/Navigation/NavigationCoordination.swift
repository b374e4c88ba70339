/// The navigation's delegate and its transitions' coordinators (manual
/// §4.7, seed 004 as written): when each is told what, in UIKit's order.
///
/// The order, as UIKit logs it (vastdevblog.vast.com, "UIViewController
/// Life Cycle", 2012, with the delegate's methods logged beside the
/// lifecycle): leaving `will_disappear`, arriving `will_appear`, then
/// `will_show`; at the end `did_disappear`, `did_appear`, then `did_show`.
/// After a cancelled interactive pop UIKit calls neither method again
/// (Open Radar rdar://21137690, "Wrong UINavigationControllerDelegate's
/// behavior with the back gesture", 2015; BufferedNavigationController
/// issue #5, 2014): `will_show` was called for the screen below, and no
/// `did_show` follows for anyone.
extension NavigationController {
    /// Replaces the delegate (`nav.delegate = ...`); nil removes it.
    public func setDelegate(_ delegate: (any NavigationDelegate)?) { self.delegate = delegate }

    /// Tells the delegate, while on screen (as lifecycle events), and
    /// records the call when the delegate defines the method.
    /// After `did_show`, the leaked-switch pitfall is checked.
    func show(_ method: NavigationDelegateMethod, _ screen: Screen, animated: Bool) {
        guard onScreen else { return }
        if let delegate = delegate {
            world.callUserCode {
                guard try delegate.call(method, self, screen, animated: animated) else { return }
                world.record(.delegate, [.int("nav", id), .string("name", method.rawValue),
                                         .string("screen", screen.title), .bool("animated", animated)])
            }
        }
        if method == .did_show { checkLeakedSwitch(screen) }
    }

    /// `nav.transition_coordinator`: the running push's, pop's or
    /// interactive pop's coordinator; nil without one. A snapshot-style
    /// slide is QD's own animation (UIKit's transition is the pop without
    /// animation at its end), and presentations are outside this model.
    public var transitionCoordinator: TransitionCoordinator? {
        guard let tr = transition, [.push, .pop, .interactivePop].contains(tr.kind) else { return nil }
        if let c = tr.coordinator { return c }
        let c = TransitionCoordinator(transition: tr, duration: options.transition.effectiveDuration,
                                      id: world.nextID(\.coordinator))
        c.onFollow = { [unowned world] in world.coordinatorsFollowFrames = true }
        tr.coordinator = c
        return c
    }

    /// The finger's part of an interactive pop ended: the coordinator's
    /// interaction callbacks, then, when the pop will finish, the leaving
    /// screen's `pop_gesture_did_end` (seed 004 calls its
    /// `cl_popGestureDidEnd` from exactly that callback, at the lift,
    /// "about to pop"; manual §6.5).
    /// `byFinger` false: a call took the pop from the finger (manual §4.4),
    /// which is no gesture's end.
    func interactionEnded(_ tr: Transition, finishing: Bool, velocity: Double, byFinger: Bool = true) {
        if let c = tr.coordinator {
            let context = { c.context }
            for callback in c.endInteraction(cancelled: !finishing, velocity: velocity) {
                let ctx = context()
                recordCoordinator("interaction_changes", ctx)
                world.callUserCode { try callback(ctx) }
            }
        }
        if finishing, byFinger, !world.hasFailed { _ = world.call(.pop_gesture_did_end, of: tr.top) }
    }

    /// The transition ended: its coordinator's completions run first.
    func coordinatorEnded(_ tr: Transition, finished: Bool) {
        guard let c = tr.coordinator else { return }
        let callbacks = c.end(finished: finished)
        for callback in callbacks {
            let ctx = c.context
            recordCoordinator("completion", ctx)
            world.callUserCode { try callback(ctx) }
        }
    }

    /// One frame of the transition: its `animate_alongside` callbacks.
    /// Returns whether it has any.
    func runAlongside() -> Bool {
        guard let c = transition?.coordinator, c.followsFrames else { return false }
        for callback in c.frameCallbacks {
            let ctx = c.context
            world.callUserCode { try callback(ctx) }
        }
        return true
    }

    private func recordCoordinator(_ callback: String, _ ctx: TransitionContext) {
        world.record(.coordinator, [.int("nav", id), .string("callback", callback),
                                    .bool("cancelled", ctx.isCancelled),
                                    .number("percent_complete", ctx.percentComplete)])
    }
}

extension World {
    /// Each frame, after the animations stepped: the coordinators' frame
    /// callbacks, only while some coordinator has one.
    func runAlongsideCallbacks() {
        var any = false
        for nav in navigations where nav.runAlongside() { any = true }
        coordinatorsFollowFrames = any
    }
}
