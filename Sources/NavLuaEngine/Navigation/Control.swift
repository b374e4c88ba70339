/// A control on a screen (manual §3.5): a slider, a swipeable row or a
/// drawing canvas, which competes with the pop for a touch that goes down on
/// it. What decides is in ControlRules.swift; a touch on it is followed by a
/// `ControlTouch`. Its frame is in the screen's coordinates, as a scroll
/// view's (manual §4.7).
public final class Control {
    /// What the control is.
    public enum Kind: String, Sendable, CaseIterable {
        /// A UISlider (a UIControl): its value follows a horizontal drag.
        case slider
        /// A table row with trailing swipe actions (UITableView's swipe
        /// actions, react-native-gesture-handler's Swipeable, Flutter's
        /// Slidable): open or closed.
        case swipeRow = "swipe_row"
        /// A drawing canvas or a map: it takes touches in any direction.
        case canvas
    }

    /// How it follows a finger.
    public enum Handling: String, Sendable, CaseIterable {
        /// With its own pan recognizer, a member of the touch's gesture
        /// arena.
        case recognizer
        /// With raw touches (touchesBegan / touchesMoved): no arena member;
        /// a recognizer that takes the touch cancels them (UIKit's default
        /// `cancelsTouchesInView`).
        case touches
    }

    public let id: Int
    public let kind: Kind
    public let handling: Handling
    public let frame: Rect
    /// A swipe row's trailing actions, in points: half of it opens the row
    /// (ControlRules.rowOpenThreshold).
    public let actionsWidth: Double
    /// A slider's value, 0...1; written by its finger (`ControlTouch`).
    public internal(set) var value: Double
    /// A swipe row's actions are showing.
    public internal(set) var open: Bool
    /// Touches that went down on it.
    public internal(set) var touches = 0
    /// Touches of a raw-touch control (or of a slider, which tracks raw
    /// touches as every UIControl does) cancelled because a recognizer took
    /// them, or because a failure released them.
    public internal(set) var cancelled = 0
    /// The touch that moves it now (a UIControl tracks one touch at a
    /// time): set when a finger takes it, cleared at that finger's lift or
    /// cancel, or when the world goes away.
    var trackingTouch: Int?
    /// The pop recognizers its own recognizer waits for (`require_to_fail`,
    /// manual §5.11): asked after them, it takes the pan only once they failed.
    public internal(set) var requiredToFail: [PopRecognizer] = []

    /// UIKit's `require(toFail:)` on the control's recognizer: only a
    /// control that handles its touches with a recognizer has one (a
    /// UISlider tracks raw touches and wins by UIKit's control rule).
    public func require(toFail recognizer: PopRecognizer) throws(NavError) {
        if kind == .slider {
            throw NavError("a slider tracks its touches as a UIControl and wins by UIKit's control rule: it has no recognizer to wait")
        }
        guard handling == .recognizer else {
            throw NavError("this \(kind.rawValue) handles raw touches: it has no recognizer to wait (give it handles = \"recognizer\")")
        }
        if !requiredToFail.contains(where: { $0 === recognizer }) { requiredToFail.append(recognizer) }
    }

    public init(id: Int, kind: Kind, handling: Handling, frame: Rect, value: Double = 0.5,
                open: Bool = false, actionsWidth: Double = ControlRules.rowActionsWidth) {
        self.id = id
        self.kind = kind
        self.handling = handling
        self.frame = frame
        self.value = min(max(value, 0), 1)
        self.open = open
        self.actionsWidth = actionsWidth
    }

    /// A finger moves it now.
    public var tracking: Bool { trackingTouch != nil }

    /// Its name in the trace's `arena` event: `control:ID`.
    var traceName: String { "control:\(id)" }
}

extension Screen {
    /// Adds a control; a later one lies over the ones before it.
    public func addControl(_ control: Control) { controls.append(control) }

    /// The control a touch at `point` goes to: the last added whose frame
    /// holds it (UIKit hit-tests the last subview first, and delivers the
    /// touch to that one view; a control holds no other control).
    func control(at point: Point) -> Control? {
        controls.last { $0.frame.contains(point) }
    }
}
