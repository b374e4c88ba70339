import NavLuaEngine

/// The check behind a `refused_by` value, in words, with where the rule
/// comes from (manual §5.10, ANCHORS.md), as the HTML replay shows it
/// beside a refused or cancelled gesture.
public enum RefusalWords {
    /// "pop_disabled: the top screen disables the pop (FD fd_interactivePopDisabled)";
    /// nil for a value navlua does not record.
    public static func words(for refusedBy: String) -> String? {
        guard let rule = rules[refusedBy] else { return nil }
        return refusedBy + ": " + rule
    }

    /// Why a released pop did not finish: the release rule's inputs.
    public static func cancelledAtLift(translation: Double, velocity: Double) -> String {
        "cancelled at the lift: the release rule did not finish the pop (translation "
            + formatNumber(translation, places: 1) + " pt, velocity " + formatNumber(velocity, places: 1)
            + " pt/s; the preset's completion rule, manual §5.7: UIKit's projected progress, "
            + "Flutter's fling or half width, React Navigation's translation + 0.3 velocity, QD's 80 pt)"
    }

    /// Why a released pop did not finish: the navigation's own completion
    /// rule with the value it computed (the gesture event's `rule`).
    public static func cancelledAtLift(rule: String) -> String {
        "cancelled at the lift: the navigation's completion rule did not finish the pop (manual §5.7): " + rule
    }

    /// A scroll view's pan beat the pop in the arena: which one, and the fix.
    public static func scrollViewTookThePan(_ view: String, rule: String?) -> String {
        "scroll_view: the scroll view " + view + " took the pan" + (rule.map { " (" + $0 + " arena)" } ?? "")
            + "; fix: let the pop join it at its start with pop_simultaneous = \"at_leading_edge\" on that view "
            + "(FD's shouldRecognizeSimultaneously at contentOffset.x <= 0; manual §3.4), or answer true to "
            + "should_recognize_simultaneously in the gesture delegate (§6.2)"
    }

    /// Another of the navigation's pop recognizers took the pan: which one.
    public static func anotherPopTookThePan(_ winner: String) -> String {
        "pop_recognizer: " + winner + " took the pan first (the arena asks the navigation's pop recognizers "
            + "in order; on iOS 26 the content swipe waits for the edge swipe; manual §5.11)"
    }

    /// A control beat the pop in the arena (issue 35): which one, and why.
    public static func controlTookThePan(_ control: String) -> String {
        "control: the control " + control + " took the pan (a control's pan is asked before the navigation's; "
            + "a slider's drag along it wins over its parents' recognizers, Apple's Event Handling Guide; manual §3.5)"
    }

    /// Why a pop ended without a lift.
    public static let touchCancelled = "cancelled: the touch was cancelled before the lift (the system took it)"

    /// One entry per `PopRefusal` (a test checks that none is missing) and
    /// per sheet refusal.
    static let rules: [String: String] = [
        PopRefusal.popGesture.rawValue:
            "the navigation's pop gesture is switched off (UIKit interactivePopGestureRecognizer.enabled = NO; seed 004's global switch)",
        PopRefusal.disabled.rawValue:
            "this pop recognizer is switched off (its enabled; native_stack's full_screen_gesture_enabled = false for the content swipe)",
        PopRefusal.popRecognizer.rawValue:
            "another of the navigation's pop recognizers took the pan (iOS 26: the content swipe waits for the edge swipe; manual §5.11)",
        PopRefusal.backButtonHidden.rawValue:
            "the top screen hides its back button, which turns SwiftUI's back swipe off (.navigationBarBackButtonHidden(true); users' reports)",
        PopRefusal.responseDistance.rawValue:
            "the pan is outside the navigation's gesture_response_distance (react-native-screens isInGestureResponseDistance)",
        PopRefusal.edgeWidth.rawValue:
            "the touch went down farther from the edge than edge_width (UIKit UIScreenEdgePanGestureRecognizer, 13 pt; seed 001)",
        PopRefusal.touches.rawValue:
            "a second finger came down before the gesture began (FD and UIKit: maximumNumberOfTouches = 1)",
        PopRefusal.count.rawValue:
            "nothing to pop: one screen on the stack (FD viewControllers.count <= 1; seed 001's freeze at the root)",
        PopRefusal.popDisabled.rawValue:
            "the top screen disables the pop (FD fd_interactivePopDisabled)",
        PopRefusal.maxInitialDistance.rawValue:
            "the pan began farther from the left edge than the top screen's max_initial_distance (FD fd_interactivePopMaxAllowedInitialDistanceToLeftEdge)",
        PopRefusal.transitioning.rawValue:
            "a push, pop, present or dismiss is running (FD _isTransitioning)",
        PopRefusal.direction.rawValue:
            "the pan moves the wrong way (FD translation.x <= 0; UIKit's back recognizer), or over a scroll view passed the slop along the other axis first (Flutter's arena)",
        PopRefusal.velocity.rawValue:
            "the pan moves back or too vertically (QD: vx < 0 or |vy| > |vx| / 2)",
        PopRefusal.enabled.rawValue:
            "the top screen's enabled hook answered false (QD navigationControllerEnabled)",
        PopRefusal.allowDragBack.rawValue:
            "the top screen's allow_drag_back hook answered false (QD allowDragBack)",
        PopRefusal.scrollView.rawValue:
            "a scroll view took the pan or blocks it (QD: a horizontal scroll view not at x <= 0; UIKit's and Flutter's arenas)",
        PopRefusal.sheet.rawValue:
            "a presented sheet's pan took the pan: it moves the sheet between its detents or dismisses it (UIKit UISheetPresentationController)",
        PopRefusal.control.rawValue:   // issue 35
            "a control took the pan, or a slider under the finger refused it: a control's default action wins over its parent view's recognizers (Apple's Event Handling Guide, Interacting with Other User Interface Controls; manual §3.5)",
        PopRefusal.willGoBack.rawValue:
            "the top screen's will_go_back hook answered false (QD navigationControllerWillGoBack; React Navigation beforeRemove)",
        PopRefusal.root.rawValue:
            "the snapshot style at the root: nothing to pop (QD; a presented root dismisses instead, needDissMiss)",
        PopRefusal.customBackButton.rawValue:
            "the top screen has a custom back button, which turns UIKit's edge swipe off (seed 001)",
        PopRefusal.shouldReceiveTouch.rawValue:
            "the app's gesture delegate answered false to should_receive_touch (UIKit gestureRecognizer:shouldReceiveTouch:)",
        PopRefusal.shouldBegin.rawValue:
            "the app's gesture delegate answered false to should_begin (UIKit gestureRecognizerShouldBegin:)",
        PopRefusal.error.rawValue:
            "a hook or a field read failed while the checks ran (the error is in the trace; manual §9)",
        "modal_in_presentation":
            "the sheet's top screen sets modal_in_presentation (UIKit isModalInPresentation)",
        "should_dismiss":
            "the presentation delegate answered false to should_dismiss (UIKit presentationControllerShouldDismiss:)",
    ]
}
