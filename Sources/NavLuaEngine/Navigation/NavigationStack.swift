/// What push, pop, set_screens and back do to a navigation's stack: the
/// stack changes (through `setStack`), the lifecycle in UIKit's order
/// (manual §5), and the animated transition, whose only writer is the
/// navigation's own animation.
extension NavigationController {
    func showRoot(_ root: Screen) {
        setStack([root])
        world.record(.push, [.int("nav", id), .string("screen", root.title), .bool("animated", false)])
        lifecycle(.will_appear, root, animated: false)
        show(.will_show, root, animated: false)
        lifecycle(.did_appear, root, animated: false)
        show(.did_show, root, animated: false)
    }

    func validateNewScreen(_ screen: Screen) throws(NavError) {
        if let other = screen.navigation, other !== self {
            throw .badCall("screen '\(screen.title)' is in another navigation")
        }
    }

    func applyPush(_ screen: Screen, animated: Bool) throws(NavError) {
        if screen.navigation === self {   // in the stack (setStack's invariant)
            guard popRecognizer(.fullscreen) != nil else {
                throw .badCall("screen '\(screen.title)' is already in the stack")
            }
            // FDFullscreenPopGesture's guard against pushing twice.
            world.record(.push_ignored, [.int("nav", id), .string("screen", screen.title)])
            return
        }
        let from = top
        pushOnStack(screen)
        world.record(.push, [.int("nav", id), .string("screen", screen.title), .bool("animated", animated)])
        move(arriving: screen, leaving: from, kind: .push, animated: animated && from != nil)
    }

    func popTo(index: Int, animated: Bool) -> Screen? {
        guard index >= 0, index < screens.count - 1, let leaving = top else { return nil }
        let target = screens[index]
        dropFromStack(keeping: index + 1)
        world.record(.pop, [.int("nav", id), .string("screen", leaving.title),
                            .string("to", target.title), .bool("animated", animated)])
        move(arriving: target, leaving: leaving, kind: .pop, animated: animated)
        return leaving
    }

    func applySetScreens(_ list: [Screen], animated: Bool) {
        let oldTop = top
        let wasInStack = list.last.map { new in screens.contains { $0 === new } } ?? false
        setStack(list)
        world.record(.push, [.int("nav", id), .string("screen", list.last!.title),
                             .bool("animated", animated), .int("set_screens", list.count)])
        guard let newTop = top, newTop !== oldTop else { return }
        move(arriving: newTop, leaving: oldTop, kind: wasInStack ? .pop : .push,
             animated: animated && oldTop != nil)
    }

    /// Lifecycle and motion for a screen replacing another on top.
    private func move(arriving: Screen, leaving: Screen?, kind: Transition.Kind, animated: Bool) {
        let transition = !animated ? nil : leaving.map { leaving in
            kind == .push ? Transition(kind: .push, top: arriving, below: leaving)
                          : Transition(kind: .pop, top: leaving, below: arriving)
        }
        // UIKit's transition (and its coordinator) exists from the will_
        // calls on; the trace shows it begin after them
        if let t = transition { begin(t, recorded: false) }
        if let leaving = leaving { lifecycle(.will_disappear, leaving, animated: animated) }
        lifecycle(.will_appear, arriving, animated: animated)
        show(.will_show, arriving, animated: transition != nil)
        guard let transition = transition, let leaving = leaving else {
            if let leaving = leaving { lifecycle(.did_disappear, leaving, animated: false) }
            lifecycle(.did_appear, arriving, animated: false)
            show(.did_show, arriving, animated: false)
            return
        }
        recordBegin(transition)
        transition.animate(in: world, to: 1, seconds: options.transition.duration, curve: transitionCurve,
                           complete: { [unowned self] in
                               self.end(transition, finished: true)
                               self.lifecycle(.did_disappear, leaving, animated: true)
                               self.lifecycle(.did_appear, arriving, animated: true)
                               self.show(.did_show, arriving, animated: true)
                           })
    }

    /// The curve of a push or pop: React Navigation's spring travels the
    /// width from rest; otherwise the transition's own curve.
    private var transitionCurve: Curve {
        if let spring = options.transitionSpring?.started(distance: width, velocity: 0) {
            return .physicalSpring(spring)
        }
        return options.transition.curve
    }

    /// Back button semantics (QD's popOrDissMiss): ask `will_go_back`, then
    /// pop, or at the root dismiss when allowed. Returns whether it went.
    @discardableResult
    func goBack() -> Bool {
        guard let top = top else { return false }
        // after a failure (this hook's or an earlier one) the call winds down
        if world.call(.will_go_back, of: top) == .value(false) || world.hasFailed { return false }
        if screens.count > 1 {
            _ = popTo(index: screens.count - 2, animated: true)
            return true
        }
        if options.dismissAtRoot && presented && !coverWaits(.dismiss(animated: true)) {
            startDismissing(top: top, animated: true)
            return true
        }
        return false
    }
}
