/// The numbers of Android's system back gesture (gesture navigation, the
/// default since Android 10; predictive by default for apps targeting API 36,
/// Android 16). navlua measures in points and reads them as dp (1 pt = 1 dp).
/// Each number says where it comes from and how sure navlua is:
/// [source] from AOSP `frameworks/base` or a vendor's docs, [estimate] navlua's.
public struct SystemBackRules: Equatable, Sendable {
    /// dp from the left or the right edge where a touch-down may begin the
    /// gesture. [source] `config_backGestureInset` = 20dp in
    /// `packages/overlays/NavigationBarModeGesturalOverlay/res/values/config.xml`
    /// (the "Back sensitivity" setting scales it; navlua takes the default).
    public var gestureInset: Double = 20
    /// dp across (with |dx| > |dy|) at which SystemUI takes the touch from the
    /// app (`pilferPointers`) and the back gesture starts. [source]
    /// `EdgeBackGestureHandler`: `mTouchSlop = scaledTouchSlop (8dp,
    /// ViewConfiguration.TOUCH_SLOP) * BACK_GESTURE_SLOP_MULTIPLIER (0.75)`.
    public var startSlop: Double = 6
    /// Seconds a finger may rest in the inset before it moved far enough: past
    /// them the gesture is not allowed. [source] `EdgeBackGestureHandler`
    /// `MAX_LONG_PRESS_TIMEOUT` = `gestures.back_timeout` default 250 ms
    /// (min with ViewConfiguration's long-press timeout, 400 ms).
    public var longPressTimeout: Double = 0.25
    /// dp across from touch-down past which a lift goes back (the back arrow
    /// turns ACTIVE). [source] `BackPanelController.updateArrowStateOnMove`,
    /// `navigation_edge_action_drag_threshold` = 16dp (SystemUI dimens.xml).
    public var triggerDistance: Double = 16
    /// dp of continuous motion back toward the edge that turns an ACTIVE arrow
    /// INACTIVE (a lift then cancels), and of motion away that re-activates it.
    /// [estimate] `navigation_edge_minimum_x_delta_for_switch`: navlua did not
    /// find the value in the sources it read; 32 dp is its estimate. (Newer
    /// SystemUI uses velocity-based dynamic thresholds; navlua models the
    /// distance rule of `BackPanelController` as released in Android 14.)
    public var switchDistance: Double = 32
    /// Linear distance of the progress, before the stretch (capped at the
    /// window's width). [source] `navigation_edge_action_progress_threshold`
    /// = 412dp, read by `EdgeBackGestureHandler` as `mBackSwipeLinearThreshold`.
    public var linearDistance: Double = 412
    /// [source] `back_progress_non_linear_factor` = 0.2 (SystemUI dimens.xml),
    /// `BackTouchTracker.setProgressThresholds`.
    public var nonLinearFactor: Double = 0.2

    public init() {}

    /// The tracker's thresholds in a window `width` wide:
    /// L = min(width, 412 dp), M = width (BackAnimationController).
    func thresholds(width: Double) -> (linear: Float, max: Float, factor: Float) {
        (Float(min(width, linearDistance)), Float(width), Float(nonLinearFactor))
    }
}

/// What moves on the screen while the back gesture scrubs a pop
/// (`back_animation`): BackAnimation.swift has each one's numbers.
public enum BackAnimationStyle: String, Sendable, CaseIterable {
    /// Navigation Compose's default predictive pop (NavHost).
    case compose
    /// Material's shared-container back (material-components-android motion/).
    case material
    /// Flutter's PredictiveBackPageTransitionsBuilder.
    case flutter
    /// The system's cross-activity animation (WindowManager Shell).
    case crossActivity = "cross_activity"

    public static var names: [String] { allCases.map(\.rawValue) }
}
