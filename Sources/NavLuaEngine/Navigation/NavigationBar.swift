/// The navigation bar as it is drawn at one frame (SPEC §11, manual §4.8):
/// how much of it is on screen, and the items on it.
public struct BarVisual: Equatable {
    /// 0 hidden, 1 fully on screen, between while a hide or show animates
    /// with a transition.
    public let shown: Double
    /// One per bar item while the bar is on screen (none when `shown` is 0);
    /// during a transition the items of both screens, some at alpha 0.
    public let items: [BarItem]

    public var hidden: Bool { shown == 0 }
}

/// Which part of a screen's bar an item is.
public enum BarPart: String, Sendable {
    /// The screen's title, centred.
    case title
    /// The system back button: its chevron and the label that shows the
    /// title of the screen below.
    case back
}

/// One item on the bar. `x` is its anchor in points from the device's left
/// edge: a title's centre, the leading edge of a back button's label (the
/// label travels between the middle and the leading edge; the chevron stays).
public struct BarItem: Equatable {
    public let screen: Screen
    public let part: BarPart
    public let x: Double
    /// The opacity of a title, or of a back button's label.
    public let alpha: Double
    /// A back button: the opacity of its chevron (Flutter fades it on its
    /// own interval); nil for a title.
    public let chevron: Double?
    /// A back button: the title it shows (the screen below's); nil for a title.
    public let label: String?

    public static func == (a: BarItem, b: BarItem) -> Bool {
        a.screen === b.screen && a.part == b.part && a.x == b.x && a.alpha == b.alpha
            && a.chevron == b.chevron && a.label == b.label
    }
}
