/// What a navigation's pop recognizer is (manual §5.11): the raw values
/// are the Lua names and the trace's.
public enum PopRecognizerKind: String, Sendable, CaseIterable {
    /// UIKit's system edge swipe, `interactivePopGestureRecognizer`
    /// (UIScreenEdgePanGestureRecognizer's rules).
    case edge
    /// iOS 26's `interactiveContentPopGestureRecognizer`: a leading-to-
    /// trailing pan anywhere in the content (Apple's documentation).
    case content
    /// FDFullscreenPopGesture's pan (and seed 002/004's hand-made one): a
    /// pan anywhere drives the system transition.
    case fullscreen
    /// QDNavigationController's pan over a snapshot of the screen below.
    case snapshot
}

/// How one pop recognizer is set up when its navigation is made: its kind,
/// its switch and its delegate. The navigation makes a `PopRecognizer` of
/// each, which lives as long as it does.
public struct PopRecognizerSetup {
    public var kind: PopRecognizerKind
    public var enabled: Bool
    /// Who answers its delegate questions (manual §6.1).
    public var delegate: GestureDelegate

    public init(_ kind: PopRecognizerKind, enabled: Bool = true, delegate: GestureDelegate = .uikit) {
        self.kind = kind
        self.enabled = enabled
        self.delegate = delegate
    }
}

/// One of a navigation's pop recognizers, as UIKit keeps it on the
/// navigation's view: one `enabled` switch for the whole navigation (never
/// per screen) and one delegate. Each touch gets its own detector of it
/// (`PopGestureDetector`); this holds what outlives the touch.
public final class PopRecognizer {
    public let kind: PopRecognizerKind
    /// Its place in the navigation's list (0 first), the order the arena asks them.
    public let index: Int
    /// UIKit's `isEnabled`. A disabled recognizer receives no touches: its
    /// detector fails at touch-down (`pop_gesture` for the navigation's
    /// main recognizer, `disabled` for another).
    public internal(set) var enabled: Bool
    public internal(set) var delegate: GestureDelegate
    /// What it became on the last touch that reached it (`possible` before
    /// any): UIKit's `state`, which a delegate reads.
    public internal(set) var state: GestureState = .possible
    /// Its name in the trace: `pop` when it is its navigation's only one,
    /// else `pop:<kind>`.
    public internal(set) var name: String

    init(_ setup: PopRecognizerSetup, index: Int, alone: Bool) {
        kind = setup.kind
        self.index = index
        enabled = setup.enabled
        delegate = setup.delegate
        name = alone ? "pop" : "pop:" + setup.kind.rawValue
    }
}
