/// Which back-swipe a navigation models.
public enum PopStyle: String, Sendable, CaseIterable {
    /// UIKit's system edge swipe (UIScreenEdgePanGestureRecognizer).
    case edge
    /// FDFullscreenPopGesture: a pan anywhere drives the system transition.
    case fullscreen
    /// QDNavigationController: a pan moves the view over a snapshot.
    case snapshot

    /// Who the gesture arena asks first when a pan begins over a scroll
    /// view. UIKit's edge swipe and FD's pan wait for the scroll views
    /// (innermost first, the order the router lists them), and the pop
    /// joins one only when the view allows; QD makes other pans wait for
    /// its pop.
    var arenaOrder: [Recognizer] {
        switch self {
        case .edge, .fullscreen: return [.scroll, .sheet, .pop]
        case .snapshot: return [.pop, .scroll, .sheet]
        }
    }
}

/// How a navigation is set up; manual §4.1.
public struct NavigationOptions {
    public var style: PopStyle = .fullscreen
    public var popGesture = true
    /// QD `needDissMiss`: at the root, back and a right swipe dismiss.
    public var dismissAtRoot = false
    /// FD `fd_viewControllerBasedNavigationBarAppearanceEnabled`.
    public var barPerScreen = true
    public var edgeWidth: Double
    /// Touches on this navigation begin a pan past this distance (points).
    public var panSlop: Double
    /// Touch samples a second on this navigation (TouchGrid).
    public var touchRate: Int
    /// How a finger's velocity is estimated (VelocityTracker).
    public var velocity: VelocityEstimator = .recentSpan
    public var completion: CompletionRule = .uikit
    /// Who answers the pop gesture's delegate questions (edge and fullscreen styles).
    public var gestureDelegate: GestureDelegate = .uikit
    public var transition: AnimationSpec
    public var presentation: AnimationSpec
    /// The preset these values came from (Preset.swift); "uikit" by default.
    public var preset = "uikit"
    /// The screen below starts this fraction of the width to the leading side.
    public var parallax: Double
    /// Black over the screen below while it is covered.
    public var dim: Double
    /// Per-screen curves of push and pop (nil: `transition.curve` for both).
    public var pageCurves: PageCurves?
    /// How a released interactive pop travels the rest of the way.
    public var drop: DropRule = .completionSpeed
    /// Push and pop as this spring instead of `transition`.
    public var transitionSpring: PhysicalSpring?
    /// What a push or pop made while a transition runs does (manual §4.4).
    public var callsDuringTransition: CallsDuringTransition = .queue
    /// A sheet's numbers (manual §4.7).
    public var sheet: SheetRules = .uikit
    /// Which pan takes a touch over a scroll view (PanArbitration.swift).
    public var arbitration: PanArbitration = .uikit
    /// How the bar's titles and back buttons fade during push and pop.
    public var barCrossFade: BarCrossFade = .uikit
    /// Android's system back gesture (preset `android`); nil: none.
    public var systemBack: SystemBackRules?
    /// What moves while the back gesture scrubs a pop (`back_animation`).
    public var backAnimation: BackAnimationStyle = .compose

    public init(tunables: Tunables = Tunables()) {
        edgeWidth = tunables.edgeWidth
        panSlop = tunables.panSlop
        touchRate = tunables.touchRate
        transition = tunables.transition
        presentation = tunables.presentation
        parallax = tunables.parallax
        dim = tunables.dim
    }
}

extension NavigationOptions {
    /// A push and pop animation given beside a preset replaces the preset's
    /// motion: its spring, and, when it names a curve, its per-screen curves.
    public mutating func replaceTransition(_ spec: AnimationSpec, curveGiven: Bool) {
        transition = spec
        transitionSpring = nil
        if curveGiven { pageCurves = nil }
    }

    /// Options that cannot go together.
    public func check() throws(NavError) {
        if style == .snapshot && !gestureDelegate.isUIKit {
            throw .badCall("gesture_delegate applies to the edge and fullscreen styles, not snapshot (QD has its own delegate)")
        }
    }
}
