extension PopBeginRules {
    /// UIKit's system edge swipe: the touch must go down within the edge
    /// (checked at touch-down), then: more than one screen; the top not
    /// `pop_disabled`; no transition running; the pan not moving against the
    /// layout direction (seed 001: refusing at the root avoids the freeze);
    /// then the hooks.
    static func edge(_ g: PopGestureRecognizer) -> BeginDecision {
        let nav = g.nav
        guard nav.count > 1, let top = nav.top else { return .refuse(.count) }
        guard let disabled = g.world.read({ try top.source.flag("pop_disabled") }) else { return .failed }
        if disabled { return .refuse(.popDisabled) }
        if nav.transitioning { return .refuse(.transitioning) }
        if g.sign * g.info.translation.x < 0 { return .refuse(.direction) }
        return askHooks(g, top)
    }
}
