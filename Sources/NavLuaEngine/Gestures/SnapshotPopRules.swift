extension PopBeginRules {
    /// QDNavigationController's order (seed 000): a pan moving back or too
    /// vertical is refused; a running transition refuses (as in the other
    /// styles); `enabled`; `allow_drag_back` decides when
    /// defined; QD's scroll view rule (QDScrollRule: content wider than the
    /// screen, the first view that decides); then with more than
    /// one screen `will_go_back`, and at the root a right swipe of more than
    /// 2 points goes back (dismissing when allowed) while the gesture fails.
    /// Going back is left to the caller: a check only decides.
    static func snapshot(_ c: PopBeginContext) -> BeginDecision {
        let nav = c.navigation
        guard let top = nav.top else { return .refuse(.count) }
        let vx = c.sign * c.pan.velocity.x
        if vx < 0 || abs(c.pan.velocity.y) > abs(vx) / 2 { return .refuse(.velocity) }
        // Not in QD's list, but a running push, pop, present or dismiss
        // must end first: one navigation runs one transition at a time.
        if nav.transitioning { return .refuse(.transitioning) }
        if let decided = askEnabledAndAllowDragBack(c, top) { return decided }
        if QDScrollRule.blocks(top.scrollViews, at: c.pan.location, screenWidth: c.width, layout: c.layout) {
            return .refuse(.scrollView)
        }
        if nav.count > 1 { return askWillGoBack(c, top) }
        if c.sign * c.pan.translation.x > c.tunables.snapshotRootTranslation { return .goBackAtRoot }
        return .refuse(.root)
    }
}
