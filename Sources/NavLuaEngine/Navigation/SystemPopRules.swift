/// Which system the pop recognizers live in, chosen by a preset (manual
/// §5.11): which recognizers the system installs beside the app's, and how
/// they meet scroll views. Sources, with how sure each is: [D] Apple's
/// documentation, [S] open-source code, [X] decompiled UIKitCore (no build
/// named), [C] users' reports, [I] navlua's reading.
public enum SystemPopRules: String, Sendable, CaseIterable {
    /// iOS 7 to 18: one system recognizer, the edge swipe; a horizontal
    /// scroll view's pan takes a swipe first (FDFullscreenPopGesture's
    /// README and issues; manual §10).
    case ios18
    /// iOS 26: the edge swipe and the content swipe
    /// (`interactiveContentPopGestureRecognizer`, [D]). Other recognizers
    /// wait for the edge swipe to fail, so it beats scroll views [X]; the
    /// content swipe waits for the edge swipe [X], and a scroll view's pan
    /// waits for the content swipe only while the view is at rest and
    /// cannot scroll in x or sits at its leading offset [X]; the content
    /// swipe beats a sheet's pull [X].
    case ios26
    /// SwiftUI's NavigationStack on iOS 26: iOS 26's, and a screen with
    /// `navigation_bar_back_button_hidden` has no back swipe at all [C]
    /// (no modifier turns off only the content swipe [C]).
    case swiftui
    /// react-native-screens' native stack on iOS 26 (RNSScreenStack.mm
    /// [S], as users quote it in 2026): the content pop waits for every
    /// horizontally scrollable scroll view, gated by
    /// `full_screen_gesture_enabled` and limited to
    /// `gesture_response_distance`.
    case nativeStack = "native_stack"

    /// The system installs the content swipe.
    public var hasContentSwipe: Bool { self != .ios18 }

    /// The edge swipe is asked before scroll views (iOS 26's failure
    /// requirements), not after them.
    var edgeBeatsScrollViews: Bool { self != .ios18 }

    /// Whether the content swipe waits for `view`'s pan (the view is asked
    /// first) rather than the view waiting for it. iOS 26 [X]: the view
    /// waits only while at rest and unable to scroll in x or at its leading
    /// offset. react-native-screens [S]: the content pop waits for every
    /// view that can scroll horizontally.
    func contentWaits(for view: ScrollView, atRest: Bool) -> Bool {
        let scrollsInX = view.axes.contains(.horizontal)
        switch self {
        case .nativeStack: return scrollsInX
        default: return scrollsInX && !(atRest && view.atLeadingOffset)
        }
    }
}

/// react-native-screens' `gestureResponseDistance` (RNSScreenStack.mm,
/// `isInGestureResponseDistance` [S]): absolute bounds in points, each
/// optional, on where the content pop may begin: x >= start, x <= end,
/// y >= top, y <= bottom (start and end measured from the leading side).
public struct ResponseDistance: Equatable, Sendable {
    public var start: Double?
    public var end: Double?
    public var top: Double?
    public var bottom: Double?

    public init(start: Double? = nil, end: Double? = nil, top: Double? = nil, bottom: Double? = nil) {
        self.start = start; self.end = end; self.top = top; self.bottom = bottom
    }

    /// `x` is measured from the leading side.
    func contains(x: Double, y: Double) -> Bool {
        if let s = start, x < s { return false }
        if let e = end, x > e { return false }
        if let t = top, y < t { return false }
        if let b = bottom, y > b { return false }
        return true
    }
}
