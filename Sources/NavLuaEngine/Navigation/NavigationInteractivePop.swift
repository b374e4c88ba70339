/// What a pop under a finger does to the stack and the lifecycle, as its
/// controller (`InteractivePop`) asks: begin, finish or cancel; and the
/// root freeze, the pop that begins with nothing to pop (seed 001).
extension NavigationController {
    /// Begins a pop that a finger drives; nil at the root (nothing to pop).
    /// UIKit's interactive transition tells both screens at once; QD's
    /// slide over a snapshot tells neither until it pops.
    func beginInteractivePop(_ kind: Transition.Kind, by detector: PopGestureDetector) -> Transition? {
        hold(.pop(detector))
        guard screens.count > 1, let top = top else {
            if kind == .interactivePop { freeze() }
            return nil
        }
        let tr = Transition(kind: kind, top: top, below: screens[screens.count - 2])
        begin(tr)
        if kind == .interactivePop {
            lifecycle(.will_disappear, top, animated: true)
            lifecycle(.will_appear, screens[screens.count - 2], animated: true)
            show(.will_show, screens[screens.count - 2], animated: true)
        }
        return tr
    }

    /// The finger's part is over: calls wait for the transition only.
    func interactivePopReleased() {
        if let detector = fingerPop { letGo(.pop(detector)) }
    }

    /// Ends an interactive pop that finishes: the top screen goes (it was
    /// told `pop_gesture_did_end` at the lift). The stack is as it was when
    /// the pop began: while a transition runs, calls wait in the queue.
    func finishInteractivePop(_ tr: Transition) {
        assert(top === tr.top && screens.count > 1, "the stack changed under an interactive pop")
        end(tr, finished: true)
        if tr.kind == .snapshotPop {
            // QD: the view has slid out; now the pop, without animation.
            _ = popTo(index: screens.count - 2, animated: false)
        } else {
            lifecycle(.did_disappear, tr.top, animated: true)
            lifecycle(.did_appear, screens[screens.count - 2], animated: true)
            dropFromStack(keeping: screens.count - 1)
            world.record(.pop, [.int("nav", id), .string("screen", tr.top.title),
                                .string("to", top?.title ?? ""), .bool("animated", true),
                                .bool("interactive", true)])
            if let shown = top { show(.did_show, shown, animated: true) }
        }
    }

    /// Ends an interactive pop that was cancelled: the stack stays, and the
    /// delegate hears nothing more (see NavigationCoordination).
    func cancelInteractivePop(_ tr: Transition) {
        end(tr, finished: false)
        guard tr.kind == .interactivePop, let below = tr.below else { return }
        // UIKit's order for a cancelled interactive pop.
        lifecycle(.will_disappear, below, animated: true)
        lifecycle(.did_disappear, below, animated: true)
        lifecycle(.will_appear, tr.top, animated: true)
        lifecycle(.did_appear, tr.top, animated: true)
        checkLeakedSwitch(tr.top)
        checkBarAfterCancel(tr, below: below)
    }

    /// UIKit's interactive transition with nothing to pop: it begins and
    /// never ends (seed 001's "假死", the app appears frozen).
    private func freeze() {
        guard !stuck, let root = top else { return }
        stuck = true
        let tr = Transition(kind: .interactivePop, top: root, below: nil)
        begin(tr)
        world.pitfall(.rootFreeze, self, screen: root,
                      [.string("why", mainRecognizer?.delegate.custom == nil
                        ? "the gesture delegate was cleared (false): nothing refused at the root"
                        : "the gesture delegate let the pop begin with one screen")])
    }

    /// The recovery rule (manual §6.3): the app went to the background and
    /// came back. The frozen transition ends (cancelled, the stack as it
    /// was) and the calls that waited run, so what the user did while it
    /// looked frozen shows at once, as in react-native-navigation #341 and
    /// #5502.
    func recoverFromFreeze() {
        guard stuck, let tr = transition else { return }
        stuck = false
        end(tr, finished: false)
    }
}
