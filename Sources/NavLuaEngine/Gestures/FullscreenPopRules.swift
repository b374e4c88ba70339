extension PopBeginRules {
    /// FDFullscreenPopGesture's gestureRecognizerShouldBegin order: more than
    /// one screen; the top not `fd_interactivePopDisabled`; the pan began
    /// within `max_initial_distance` of the leading edge (0 or nil: anywhere);
    /// no transition running; the pan moving toward the trailing side; then
    /// the hooks.
    static func fullscreen(_ g: PopGestureRecognizer) -> BeginDecision {
        let nav = g.nav
        guard nav.count > 1, let top = nav.top else { return .refuse(.count) }
        guard let disabled = g.world.read({ try top.source.flag("pop_disabled") }) else { return .failed }
        if disabled { return .refuse(.popDisabled) }
        guard let limit = g.world.read({ try top.source.number("max_initial_distance") }) else { return .failed }
        if let limit = limit, limit > 0,
           distanceFromLeadingEdge(g.touch.location.x, g.world) > limit {
            return .refuse(.maxInitialDistance)
        }
        if nav.transitioning { return .refuse(.transitioning) }
        if g.sign * g.info.translation.x <= 0 { return .refuse(.direction) }
        return askHooks(g, top)
    }
}
