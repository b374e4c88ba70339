extension PopBeginRules {
    /// iOS 26's content swipe (`interactiveContentPopGestureRecognizer`): it
    /// pops "when a person initially pans horizontally in a leading to
    /// trailing direction" anywhere in the content (Apple's documentation).
    /// Its delegate is the system's, the same object as the edge swipe's
    /// ([X]: both drive `handleNavigationTransition:`), so navlua asks it
    /// the edge swipe's checks but the edge: more than one screen; UIKit's
    /// back button (navlua's reading: the custom-button rule is that
    /// delegate's); not `pop_disabled`; no transition running; the direction
    /// (translation.x >= 0, not mostly vertical, [X]); then the hooks.
    /// react-native-screens' native stack adds `gesture_response_distance`
    /// (`isInGestureResponseDistance`, [S]), and SwiftUI a hidden back
    /// button (`systemBackSwipeOff`).
    static func content(_ c: PopBeginContext) -> BeginDecision {
        let nav = c.navigation
        guard nav.count > 1, let top = nav.top else { return .refuse(.count) }
        if let refusal = systemBackSwipeOff(c, top) { return refusal }
        if c.options.system == .nativeStack, let limit = c.options.responseDistance,
           !limit.contains(x: c.distanceFromLeadingEdge(c.pan.location.x), y: c.pan.location.y) {
            return .refuse(.responseDistance)
        }
        return systemDelegateChecks(c, top)
    }

    /// UIKit's own delegate of the system swipes (`_UINavigationInteractiveTransition`,
    /// one object for the edge and the content swipe): UIKit's back button
    /// (a custom one refuses, seed 001); the top not `pop_disabled`; no
    /// transition running; the pan's direction; then the hooks.
    static func systemDelegateChecks(_ c: PopBeginContext, _ top: Screen) -> BeginDecision {
        guard let button = c.ask.read({ try top.backButton() }) else { return .failed }
        if button == .custom { return .refuse(.customBackButton) }
        guard let disabled = c.ask.read({ try top.source.flag(.pop_disabled) }) else { return .failed }
        if disabled { return .refuse(.popDisabled) }
        if c.navigation.transitioning { return .refuse(.transitioning) }
        if edgePanFails(c) { return .refuse(.direction) }
        return askHooks(c, top)
    }

    /// SwiftUI: a screen with `.navigationBarBackButtonHidden(true)` has no
    /// back swipe at all, edge or content (users' reports; Apple documents
    /// no switch for the content swipe alone). Nil: the swipe may go on.
    static func systemBackSwipeOff(_ c: PopBeginContext, _ top: Screen) -> BeginDecision? {
        guard c.options.system == .swiftui else { return nil }
        guard let hidden = c.ask.read({ try top.source.flag(.navigation_bar_back_button_hidden) }) else { return .failed }
        return hidden ? .refuse(.backButtonHidden) : nil
    }
}
