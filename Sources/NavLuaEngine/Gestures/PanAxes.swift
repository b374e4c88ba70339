/// The axes a recognizer moves along (a scroll view: those whose content is
/// larger than its frame; the pop: the platform's, see `PanArbitration`).
public struct PanAxes: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let horizontal = PanAxes(rawValue: 1)
    public static let vertical = PanAxes(rawValue: 2)
    public static let both: PanAxes = [.horizontal, .vertical]

    /// The axis a displacement is mostly along: horizontal when |x| >= |y|
    /// (a tie counts as horizontal, as the edge pan's direction test does,
    /// which fails only when |y| > |x|).
    static func dominant(_ t: Point) -> PanAxes {
        abs(t.x) >= abs(t.y) ? .horizontal : .vertical
    }
}
