/// The rules a control plays by against the pop and the scroll views
/// (manual §3.5). Each carries its source and how sure it is: [D] vendor
/// documentation, [S] open-source code, [C] users' reports, or navlua's
/// estimate when nothing was found. Where the arena asks controls is
/// `ArenaOrder` (ArenaOrder.swift).
public enum ControlRules {
    /// A swipe row's trailing actions, in points, when the script gives
    /// none. navlua's estimate: about one UIContextualAction button; Apple
    /// publishes no width.
    public static let rowActionsWidth = 80.0

    /// A closed row opens when released at least this far trailing to
    /// leading, and an open one closes when released at least this far
    /// leading to trailing: half its actions' width. [D]
    /// react-native-gesture-handler's Swipeable, `rightThreshold`: the
    /// distance "at which released panel will animate to the open state (or
    /// the open panel will animate into the closed state). By default it's a
    /// half of the panel's width". UIKit's threshold is not published
    /// (navlua uses the same).
    static func rowOpenThreshold(_ control: Control) -> Double { control.actionsWidth / 2 }

    /// The axes a control's pan claims: a slider and a row move
    /// horizontally, a canvas both ways.
    static func axes(_ kind: Control.Kind) -> PanAxes {
        switch kind {
        case .slider, .swipeRow: return .horizontal
        case .canvas: return .both
        }
    }

    /// Whether a control is a member of the touch's gesture arena: one that
    /// handles its touches with a recognizer, and a slider whatever
    /// `handles` says, because a UISlider is a UIControl, whose default
    /// action wins over its parents' recognizers ([D] below).
    static func joinsArena(_ control: Control) -> Bool {
        control.kind == .slider || control.handling == .recognizer
    }

    /// UIKit's rule for controls, [D] Apple's Event Handling Guide for iOS,
    /// "Interacting with Other User Interface Controls": "In iOS 6.0 and
    /// later, default control actions prevent overlapping gesture
    /// recognizer behavior", among them "a single finger swipe on the knob
    /// of a UISlider, in a direction parallel to the slider". The pop's
    /// recognizers are on the navigation's view, a parent of the slider, so
    /// a drag along a slider refuses the pop (`control`) whatever order the
    /// arena asks in. navlua's simplification: anywhere on the slider, not
    /// only its knob. [C] Pans are reported to take slider drags all the
    /// same (FDFullscreenPopGesture #115, #196; SwipeTransition #19;
    /// finn-no/charcoal-ios PR #92): off the knob, or custom views, which
    /// the documented rule does not cover; in navlua a slider-like view
    /// that is not a UIControl is a `canvas` or a raw-touch control.
    static func refusesParentPan(_ control: Control, _ translation: Point, _ rule: PanArbitration,
                                 slop: Double) -> Bool {
        control.kind == .slider && rule.claims(.horizontal, translation, touchSlop: slop)
    }

    /// The refusal a pop recognizer asked for `touch`'s pan gets from the
    /// control under the finger (`control` when a slider refuses it), for
    /// every pop member's `accept()` to call first.
    static func popRefusal(_ touch: Touch, _ options: NavigationOptions) -> PopRefusal? {
        guard let control = touch.control?.control,
              refusesParentPan(control, touch.pan?.translation ?? .zero, options.arbitration,
                               slop: options.panSlop) else { return nil }
        return .control
    }

    /// A slider's value as the finger moves `dx` points leading to trailing
    /// from where it went down: the value it had plus dx / width, clamped to 0...1. navlua's
    /// simplification (a UISlider's thumb follows the finger; navlua has no
    /// thumb, so the whole track counts).
    static func sliderValue(from start: Double, dx: Double, width: Double) -> Double {
        guard width > 0 else { return start }
        return min(max(start + dx / width, 0), 1)
    }

    /// Whether a swipe row's pan takes a drag `dx` points along: an open row
    /// takes every horizontal drag (a leading-to-trailing one closes it
    /// before anything pops: [C] react-native-gesture-handler #4104 expects
    /// exactly this and reports iOS 26's full-screen back swipe taking it
    /// instead; FDFullscreenPopGesture #178: UITableView's row edit actions
    /// conflict with FD's full-screen pan), a closed row takes a
    /// trailing-to-leading drag (it opens);
    /// a leading-to-trailing drag on a closed row is not the row's, and
    /// the pop may take it. navlua's estimate for UIKit's table view, whose
    /// swipe recognizer is private. `dx` is leading to trailing (the
    /// layout's sign), as for the slider.
    static func rowTakes(open: Bool, dx: Double) -> Bool { open || dx < 0 }

    /// A row's state after a drag of `dx` points it followed: a closed row
    /// released at least the threshold trailing to leading opens; an open
    /// row released at least the threshold leading to trailing closes;
    /// otherwise it stays as it was (rowOpenThreshold's source).
    static func rowOpens(wasOpen: Bool, dx: Double, threshold: Double) -> Bool {
        wasOpen ? dx < threshold : dx <= -threshold
    }
}
