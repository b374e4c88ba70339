extension PopBeginRules {
    /// UIKit's system edge swipe: the touch must go down within the edge
    /// (checked at touch-down), then: more than one screen; the top has
    /// UIKit's back button (a custom one makes UIKit's delegate refuse,
    /// seed 001, a pitfall the detector reports); the top not
    /// `pop_disabled`; no transition running; the edge pan's direction test
    /// (not against the layout direction, not mostly vertical); then the
    /// hooks. (Seed 001: refusing at the root avoids the freeze.)
    static func edge(_ c: PopBeginContext) -> BeginDecision {
        let nav = c.navigation
        guard nav.count > 1, let top = nav.top else { return .refuse(.count) }
        if let refusal = systemBackSwipeOff(c, top) { return refusal }
        return systemDelegateChecks(c, top)
    }
}
