/// Present and dismiss: the whole navigation slides up from the bottom of
/// the screen and back down (manual §3.2). The presentation's animation
/// moves the navigation (`presentationY`), not its screens.
extension NavigationController {
    /// Presenting a navigation that is still on screen (one made with a
    /// root and never dismissed) slides it up without a second will_appear.
    func startPresentation(showing: Bool, top: Screen, animated: Bool) {
        let kind: Transition.Kind = showing ? .present : .dismiss
        if showing { presented = true }
        world.record(showing ? .present : .dismiss, ["nav": .int(id), "animated": .bool(animated)])
        let appears = showing && !onScreen
        onScreen = true
        if appears || !showing { lifecycle(showing ? .will_appear : .will_disappear, top, animated: animated) }
        let finish = { [unowned self] in
            if !showing { self.presented = false }
            if appears || !showing { self.lifecycle(showing ? .did_appear : .did_disappear, top, animated: animated) }
            if appears { self.checkLeakedSwitch(top) }
            if !showing { self.onScreen = false }
        }
        let hidden = world.height, shown = 0.0
        guard animated else {
            presentationY = showing ? shown : hidden
            finish()
            return
        }
        let transition = Transition(kind: kind, top: top, below: nil)
        begin(transition)
        let spec = options.presentation
        transition.animate(in: world, from: showing ? hidden : shown, to: showing ? shown : hidden,
                           seconds: spec.duration, curve: spec.curve,
                           apply: { [unowned self] in self.presentationY = $0 },
                           complete: { [unowned self] in
                               self.end(transition, finished: true)
                               finish()
                           })
    }
}
