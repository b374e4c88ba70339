/// The check that refused a pop gesture (manual §5.10); the raw values
/// are the trace's and navlua.drag's `refused_by`.
public enum PopRefusal: String, Sendable, CaseIterable {
    /// The navigation's `pop_gesture` switch is off.
    case popGesture = "pop_gesture"
    /// A pop recognizer other than the navigation's main one is disabled
    /// (its `enabled`, e.g. native_stack's `full_screen_gesture_enabled`).
    case disabled
    /// Another of the navigation's pop recognizers took the pan (iOS 26's
    /// content swipe waits for the edge swipe; FD's pan beside it).
    case popRecognizer = "pop_recognizer"
    /// SwiftUI: the top screen hides its back button
    /// (`.navigationBarBackButtonHidden(true)`), which turns the swipe off.
    case backButtonHidden = "back_button_hidden"
    /// react-native-screens: the pan is outside `gesture_response_distance`.
    case responseDistance = "gesture_response_distance"
    /// Edge style: the touch went down farther from the edge than `edge_width`.
    case edgeWidth = "edge_width"
    /// A second finger came down before the gesture began.
    case touches
    /// Edge and full-screen styles: nothing to pop (one screen).
    case count
    /// The top screen's `pop_disabled`.
    case popDisabled = "pop_disabled"
    /// Full-screen style: the pan began beyond the top screen's `max_initial_distance`.
    case maxInitialDistance = "max_initial_distance"
    /// A push, pop, present or dismiss is running.
    case transitioning
    /// Edge and full-screen styles: the pan moves the wrong way.
    case direction
    /// Snapshot style: the pan moves back, or too vertically.
    case velocity
    /// The top screen's `enabled` hook answered false.
    case enabled
    /// The top screen's `allow_drag_back` hook answered false.
    case allowDragBack = "allow_drag_back"
    /// A scroll view took the pan.
    case scrollView = "scroll_view"
    /// A presented sheet's pan took the pan (it moves the sheet, not the stack).
    case sheet
    /// A control took the pan, or a slider under the finger refused it
    /// (UIKit's rule for controls: ControlRules.refusesParentPan; issue 35).
    case control
    /// The top screen's `will_go_back` hook answered false.
    case willGoBack = "will_go_back"
    /// Snapshot style at the root: nothing to pop (a swipe there goes back).
    case root
    /// UIKit's own delegate, edge style: the top screen has a custom back button.
    case customBackButton = "custom_back_button"
    /// The app's gesture delegate: `should_receive_touch` answered false.
    case shouldReceiveTouch = "should_receive_touch"
    /// The app's gesture delegate: `should_begin` answered false.
    case shouldBegin = "should_begin"
    /// A hook or a field read failed while the checks ran.
    case error
}
