/// A navigation's screens in motion. `progress` runs from 0 at the start of
/// the motion to 1 at its end: for a push, 1 is the new screen in place;
/// for the pops, 1 is the top screen gone. The snapshot style measures its
/// motion in points (`offset`) instead, as QDNavigationController does.
///
/// Its value changes only through `follow` (a finger drives it) and
/// `animate` (an animation runs it), both called by the one driver of the
/// transition: the navigation for a push, pop, present or dismiss, its
/// `InteractivePop` for a pop under a finger.
package final class Transition {
    package enum Kind: String {
        case push, pop
        case interactivePop = "interactive_pop"
        case snapshotPop = "snapshot_pop"
        case present, dismiss
        /// A sheet pulled down past its lowest detent (manual §4.7).
        case interactiveDismiss = "interactive_dismiss"
    }

    package let kind: Kind
    /// The screen in front: arriving for a push, leaving for the pops.
    let top: Screen
    let below: Screen?
    @exclusivity(unchecked) package private(set) var progress: Double = 0
    /// Snapshot style: how far the top screen has moved toward the trailing side.
    @exclusivity(unchecked) package private(set) var offset: Double = 0
    /// The running animation, once the motion is no longer under a finger.
    @exclusivity(unchecked) private(set) var animationID: Int?
    /// UIKit's coordinator for it, made when first asked for (most
    /// transitions are never asked): see NavigationCoordination.
    @exclusivity(unchecked) var coordinator: TransitionCoordinator?
    /// Whether the bar was hidden when the motion began: the state a bar
    /// change made with it starts from (NavigationBarGeometry); a change
    /// made at once during the motion moves it there (`barMovedAtOnce`).
    private(set) var barHiddenAtBegin = false
    /// The same, as it was when the motion began, whatever came after
    /// (FD #55's check).
    private(set) var barHiddenWhenBegan = false

    /// The motion begins with the bar in this state.
    func barBegins(hidden: Bool) {
        barHiddenAtBegin = hidden
        barHiddenWhenBegan = hidden
    }

    /// The bar changed at once during the motion: its motion starts there.
    func barMovedAtOnce(to hidden: Bool) { barHiddenAtBegin = hidden }

    init(kind: Kind, top: Screen, below: Screen?) {
        self.kind = kind
        self.top = top
        self.below = below
    }

    /// How `settle` names it: built when asked, since it reads the top
    /// screen's title (a Lua call), which two string builds a push and pop
    /// did for nothing (README, issue 23).
    var label: String { "transition \(kind.rawValue) of '\(top.title)'" }

    /// The value the motion is measured in: `offset` for the snapshot
    /// style, `progress` otherwise.
    var value: Double { kind == .snapshotPop ? offset : progress }

    /// A finger moves it to `value`.
    func follow(_ value: Double) {
        if kind == .snapshotPop { offset = value } else { progress = value }
    }

    /// Animates from where it is to `to`; `complete` runs at the end.
    func animate(in world: World, to: Double, seconds: Double, curve: Curve,
                 complete: @escaping () -> Void) {
        let apply: (Double) -> Void = kind == .snapshotPop ? { self.offset = $0 } : { self.progress = $0 }
        animationID = world.animate(from: value, to: to, seconds: seconds, curve: curve, name: { self.label },
                                    apply: apply, complete: complete)
    }

    /// Animates something else than the screens (a presentation moves its
    /// navigation) from `from` to `to`, as this transition's animation.
    func animate(in world: World, from: Double, to: Double, seconds: Double, curve: Curve,
                 apply: @escaping (Double) -> Void, complete: @escaping () -> Void) -> Int {
        let id = world.animate(from: from, to: to, seconds: seconds, curve: curve, name: { self.label },
                               apply: apply, complete: complete)
        animationID = id
        return id
    }
}

/// Where each screen is drawn at the current frame.
public struct Visual {
    public struct Placed { public let screen: Screen; public let x: Double }
    /// Frame of the scaled snapshot of the screen below (snapshot style).
    public struct Snapshot { public let screen: Screen; public let x, y, width, height: Double }

    public let top: Placed?
    public let below: Placed?
    public let dim: Double
    /// True when `bar.shown` is 0 (SPEC v1's `bar_hidden`).
    public var barHidden: Bool { bar.hidden }
    /// The bar at this frame: how much of it shows, and its items.
    public let bar: BarVisual
    public let snapshot: Snapshot?
    /// Snapshot style only: alpha of the black mask over the snapshot.
    public let mask: Double?
    /// Vertical offset of a presented navigation (0 when fully shown).
    public let y: Double
    /// How it is presented, while it is (manual §4.7).
    public var presented: Presented? = nil
    /// Android: the predictive back animation under way (BackAnimation.swift).
    public var back: BackVisual? = nil

    /// A presented navigation's card: its style, its top edge `y`, its
    /// detent, how far it is shown (1 at its detent, 0 off screen), and
    /// what a sheet does to the screen behind it (nil for full screen).
    public struct Presented {
        public let style: PresentationStyle
        public let y: Double
        public let detent: Detent?
        public let progress: Double
        public let behind: Behind?
    }

    /// The covered screen, scaled about its top centre by `scale`, moved
    /// down `y` points, under a black `dim`.
    public struct Behind { public let scale, y, dim: Double }
}
