/// A navigation's screens in motion. `progress` runs from 0 at the start of
/// the motion to 1 at its end: for a push, 1 is the new screen in place;
/// for the pops, 1 is the top screen gone. The snapshot style measures its
/// motion in points (`offset`) instead, as QDNavigationController does.
package final class Transition {
    package enum Kind: String {
        case push, pop
        case interactivePop = "interactive_pop"
        case snapshotPop = "snapshot_pop"
        case present, dismiss
    }

    package let kind: Kind
    /// The screen in front: arriving for a push, leaving for the pops.
    let top: Screen
    let below: Screen?
    package var progress: Double = 0
    /// Snapshot style: how far the top screen has moved toward the trailing side.
    package var offset: Double = 0
    /// The running animation, once the motion is no longer under a finger.
    var animationID: Int?

    init(kind: Kind, top: Screen, below: Screen?) {
        self.kind = kind
        self.top = top
        self.below = below
    }

    var label: String { "transition \(kind.rawValue) of '\(top.title)'" }
}

/// Where each screen is drawn at the current frame.
public struct Visual {
    public struct Placed { public let screen: Screen; public let x: Double }
    /// Frame of the scaled snapshot of the screen below (snapshot style).
    public struct Snapshot { public let screen: Screen; public let x, y, width, height: Double }

    public let top: Placed?
    public let below: Placed?
    public let dim: Double
    public let barHidden: Bool
    public let snapshot: Snapshot?
    /// Snapshot style only: alpha of the black mask over the snapshot.
    public let mask: Double?
    /// Vertical offset of a presented navigation (0 when fully shown).
    public let y: Double
}
