/// The recognizers that compete for a touch's pan; the raw values are the
/// names the trace and navlua.drag use.
public enum Recognizer: String, Sendable, CaseIterable {
    /// The navigation's back swipe (`PopGestureRecognizer`).
    case pop
    /// A scroll view's pan (`ScrollPan`).
    case scroll
    /// A presented sheet's dismissal pan (`SheetPan`).
    case sheet
    /// A control's pan or tracking (`ControlTouch`; issue 35).
    case control
    /// Android's system back gesture (`SystemBackGesture`), which SystemUI
    /// runs before the app's recognizers.
    case systemBack = "system_back"
}

/// A recognizer's state, UIKit's `UIGestureRecognizer.State`: `possible`
/// until it decides, then `failed`, or `began`, `changed` while it moves,
/// and `ended` or `cancelled`. The raw values are the trace's names.
public enum GestureState: String, Sendable, CaseIterable {
    case possible, began, changed, ended, cancelled, failed
}
