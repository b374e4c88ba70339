/// Who answers the pop gesture recognizer's delegate questions (manual §6.1):
/// UIKit's own delegate (`_UINavigationInteractiveTransition`), nobody (the
/// app set `interactivePopGestureRecognizer.delegate = nil`, seed 001), or
/// the app's own object (`delegate = self`, seed 001's fix).
public enum GestureDelegate {
    /// UIKit's checks (the style's begin rules), plus the custom back button rule.
    case uikit
    /// No checks but the recognizer's own: a swipe at the root freezes.
    case cleared
    /// The app's methods decide; the undefined ones answer UIKit's default (YES).
    case custom(any PopGestureDelegate)

    public var isUIKit: Bool {
        if case .uikit = self { return true }
        return false
    }

    public var custom: (any PopGestureDelegate)? {
        if case .custom(let d) = self { return d }
        return nil
    }
}

/// The three UIGestureRecognizerDelegate methods navlua models; the raw
/// values are their Lua names.
public enum GestureDelegateMethod: String, Sendable, CaseIterable {
    /// gestureRecognizer:shouldReceiveTouch:, at touch-down.
    case should_receive_touch
    /// gestureRecognizerShouldBegin:, when the pan crosses the slop.
    case should_begin
    /// gestureRecognizer:shouldRecognizeSimultaneouslyWithGestureRecognizer:,
    /// when a scroll view holds the pan and the pop asks to join it.
    case should_recognize_simultaneously
}

/// What a delegate method is called with after the navigation.
public enum GestureDelegateArguments {
    case touch(id: Int, location: Point)
    case gesture(GestureInfo)
    case simultaneous(GestureInfo, other: ScrollView)
}

/// An app's gesture delegate (a Lua table, for the bridge).
public protocol PopGestureDelegate: AnyObject {
    /// Calls the method if the delegate defines it; `.value(nil)` is the
    /// default answer. A result other than a boolean or nil is an error.
    func call(_ method: GestureDelegateMethod, _ nav: NavigationController,
              _ arguments: GestureDelegateArguments) throws -> HookResult
}

/// A screen's back button (`leftBarButtonItem`): UIKit's own, or a custom
/// view, which makes UIKit's delegate refuse the edge swipe (seed 001).
public enum BackButton: String, Sendable {
    case system, custom
}
