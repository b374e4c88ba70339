extension PopBeginRules {
    /// FDFullscreenPopGesture's gestureRecognizerShouldBegin order: more than
    /// one screen; the top not `fd_interactivePopDisabled`; the pan began
    /// within `max_initial_distance` of the leading edge (0 or nil: anywhere);
    /// no transition running; the pan moving toward the trailing side; then
    /// the hooks.
    static func fullscreen(_ c: PopBeginContext) -> BeginDecision {
        let nav = c.navigation
        guard nav.count > 1, let top = nav.top else { return .refuse(.count) }
        guard let disabled = c.ask.read({ try top.source.flag(.pop_disabled) }) else { return .failed }
        if disabled { return .refuse(.popDisabled) }
        guard let limit = c.ask.read({ try top.source.number(.max_initial_distance) }) else { return .failed }
        if let limit = limit, limit > 0, c.distanceFromLeadingEdge(c.pan.location.x) > limit {
            return .refuse(.maxInitialDistance)
        }
        if nav.transitioning { return .refuse(.transitioning) }
        if c.sign * c.pan.translation.x <= 0 { return .refuse(.direction) }
        return askHooks(c, top)
    }
}
