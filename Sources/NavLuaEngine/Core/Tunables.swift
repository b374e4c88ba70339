/// Every number behind navlua's behaviour rules, with its unit and source,
/// kept in one place so that a platform preset can set them together.
/// Lengths are points, durations seconds, velocities points per second.
public struct Tunables: Sendable {
    /// Edge style: the touch must begin this close to the leading edge.
    /// UIKit's UIScreenEdgePanGestureRecognizer region (manual §5.4.2 rule 2).
    public var edgeWidth: Double = 13
    /// A pan begins once the touch is farther than this from where it went
    /// down. UIKit's pan hysteresis (manual §5.3 rule 1).
    public var panSlop: Double = 15
    /// The screen below starts this fraction of the width to the leading side.
    /// UIKit, React Navigation, SloppySwiper.
    public var parallax: Double = 0.3
    /// Black over the screen below at the start of a push's reveal.
    public var dim: Double = 0.1
    /// Push and pop: 0.35 s is common lore for UIKit, not confirmed
    /// (manual §7.2); ease-in-out is UIPercentDrivenInteractiveTransition's
    /// default completion curve.
    public var transition = AnimationSpec(duration: 0.35, curve: .easeInOut)
    /// Present and dismiss (manual §4.7).
    public var presentation = AnimationSpec(duration: 0.5, curve: .easeInOut)
    /// How often the device samples a finger, per second (manual §5.1).
    /// Apple: "UIKit usually delivers touches to your app at around 60 Hz,
    /// but some devices are capable of recording touch information at up
    /// to 240 Hz" (Getting High-Fidelity Input with Coalesced Touches);
    /// 120 Hz is the iPhone's since the iPhone X (Apple's developer table of
    /// devices, as reported when it shipped; iPad Pro and Apple Pencil: 240).
    /// Every sample since the last frame reaches the recognizers.
    public var touchRate: Int = 120
    /// The most a preset may set: a sample a millisecond.
    public static let mostTouchRate = 1000
    /// Velocity estimator horizon and staleness (Flutter's VelocityTracker).
    public var velocityHorizon: Double = 0.100
    public var velocityStaleAfter: Double = 0.040
    /// UIKit's augmented finish rule: p + vT > min(uikitFinishDistance / W, uikitFinishFraction).
    public var uikitFinishDistance: Double = 187.5
    public var uikitFinishFraction: Double = 0.5
    /// Below this many samples since `began`, UIKit decides by direction alone.
    public var uikitMinSamples: Int = 3
    /// Flutter: |v| at or above this many widths per second decides by direction.
    public var flutterMinFlingWidths: Double = 1.0
    public var flutterFinishFraction: Double = 0.5
    /// React Navigation: gestureVelocityImpact.
    public var reactVelocityImpact: Double = 0.3
    /// QDNavigationController (seed 000).
    public var snapshotFinishDistance: Double = 80
    public var snapshotFinishDuration: Double = 0.2
    public var snapshotCancelDuration: Double = 0.3
    public var snapshotMaskBase: Double = 0.4
    public var snapshotMaskDivisor: Double = 800
    public var snapshotGap: Double = 0.04
    /// Snapshot style at the root: a right swipe farther than this goes back.
    public var snapshotRootTranslation: Double = 2
    /// Paging scroll views: snap duration, and the release speed that
    /// carries the scroll one page on. navlua's choice (manual §5.5 rule 5).
    public var pagingSnapDuration: Double = 0.3
    public var pagingFlingVelocity: Double = 300
    /// A scroll view with `directional_lock` locks a drag to one axis when,
    /// at the pan's begin, |minor| <= this x |major| (within about 26.6
    /// degrees of the axis); a steeper (diagonal) drag does not lock.
    /// Apple's isDirectionalLockEnabled documentation says a diagonal drag
    /// does not lock but gives no angle: navlua's estimate (manual §5.5).
    public var directionalLockMaxSlope: Double = 0.5
    // The bar's cross-fade is per preset, not a tunable (BarCrossFade.swift):
    // UIKit's is an estimate (Apple publishes no numbers for the title
    // cross-fade), Flutter's is _NavigationBarTransition's intervals.

    public init() {}
}
