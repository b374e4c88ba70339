/// The known traps of UIKit's back swipe (manual §6.4), recorded as `pitfall`
/// events when they happen, each with the fix the seeds give.
public enum Pitfall: String, Sendable, CaseIterable {
    /// A pop gesture began with one screen on the stack (seed 001).
    case rootFreeze = "root_freeze"
    /// A custom back button made UIKit's delegate refuse the edge swipe (seed 001).
    case customBackButton = "custom_back_button"
    /// `pop_gesture` turned off by one screen, still off when another appears (seed 004).
    case popGestureLeaked = "pop_gesture_leaked"
    /// bar_per_screen off: after a cancelled swipe the bar is the one the
    /// screen below asked for (FD issue #55).
    case barAfterCancel = "bar_after_cancel"
    /// Two pop recognizers, one of them the app's full-screen pan, could
    /// both take a touch (FD on iOS 26 beside the content swipe; seed 004's
    /// pan beside the edge swipe it left on).
    case twoPopRecognizers = "two_pop_recognizers"

    /// What went wrong, in a few words.
    public var what: String {
        switch self {
        case .rootFreeze:
            return "a pop gesture began at the root: the navigation is stuck in a transition that never ends"
        case .customBackButton:
            return "a custom back button made UIKit's delegate refuse the edge swipe"
        case .popGestureLeaked:
            return "pop_gesture was turned off by one screen and is still off on another"
        case .barAfterCancel:
            return "after a cancelled swipe the bar is the one the screen below asked for"
        case .twoPopRecognizers:
            return "two pop recognizers drive the same transition: the app's full-screen pan and a system swipe both take this touch, and whichever the arena asks first pops with its own rules"
        }
    }

    /// The fix the seeds give, for the navigation's configuration: a fix
    /// must work where it is reported. With the app's own gesture delegate
    /// (or none), pop_disabled is not read (manual §6.2), so the leaked
    /// switch is restored per screen instead, as seed 004 does.
    public func fix(_ delegate: GestureDelegate) -> String {
        switch self {
        case .rootFreeze:
            return "give the gesture a delegate that refuses at the root: should_begin (or should_receive_touch) returning nav.count > 1 (seed 001)"
        case .customBackButton:
            return "set gesture_delegate to a table of your own (seed 001: delegate = self), not false, and refuse at the root"
        case .popGestureLeaked where delegate.isUIKit:
            return "keep the switch per screen: pop_disabled on the screen that wants no swipe, not nav.pop_gesture (seed 004)"
        case .popGestureLeaked:
            return "restore the switch per screen, as seed 004 does with its vcsDic: each screen sets nav.pop_gesture to its own value in did_appear (pop_disabled is not read with a gesture_delegate)"
        case .barAfterCancel:
            return "turn bar_per_screen on, so the bar follows the top screen again after a cancel (FD issue #55)"
        case .twoPopRecognizers:
            return "keep one: on iOS 26 drop the full-screen pan (the content swipe is the system's own) or set the content recognizer's enabled = false; with seed 004's pan, turn the edge recognizer off (its enabled = false, nav.pop_gesture = false) as FD does"
        }
    }

    /// One line for a failure message.
    public func line(_ delegate: GestureDelegate) -> String { "pitfall \(rawValue): \(what); fix: \(fix(delegate))" }
}
