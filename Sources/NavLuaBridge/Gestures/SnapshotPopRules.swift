extension PopBeginRules {
    /// QDNavigationController's order (seed 000): a pan moving back or too
    /// vertical is refused; `enabled`; `allow_drag_back` decides when
    /// defined; a scroll view under the finger with content wider than its
    /// frame blocks unless scrolled to its leading edge; then with more than
    /// one screen `will_go_back`, and at the root a right swipe of more than
    /// 2 points goes back (dismissing when allowed) while the gesture fails.
    static func snapshot(_ g: PopGesture) -> BeginDecision {
        let nav = g.nav
        guard let top = nav.top else { return .refuse("count") }
        let info = g.info
        let vx = g.sign * info.velocity.x
        if vx < 0 || abs(info.velocity.y) > abs(vx) / 2 { return .refuse("velocity") }
        switch g.world.call(.enabled, of: top) {
        case .failed: return .hookFailed
        case .value(false): return .refuse("enabled")
        default: break
        }
        switch g.world.call(.allow_drag_back, of: top, .gesture(info)) {
        case .failed: return .hookFailed
        case .value(false): return .refuse("allow_drag_back")
        case .value: return .begin
        case .undefined: break
        }
        if let view = top.scrollView(at: info.location), view.offset > 0 {
            return .refuse("scroll_view")
        }
        if nav.count > 1 {
            switch g.world.call(.will_go_back, of: top) {
            case .failed: return .hookFailed
            case .value(false): return .refuse("will_go_back")
            default: return .begin
            }
        }
        if g.sign * info.translation.x > g.world.tunables.snapshotRootTranslation {
            nav.goBack()
            if g.world.pendingError != nil { return .hookFailed }
        }
        return .refuse("root")
    }
}
