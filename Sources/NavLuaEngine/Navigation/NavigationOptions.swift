/// Which back-swipe a navigation models.
public enum PopStyle: String, Sendable, CaseIterable {
    /// UIKit's system edge swipe (UIScreenEdgePanGestureRecognizer).
    case edge
    /// FDFullscreenPopGesture: a pan anywhere drives the system transition.
    case fullscreen
    /// QDNavigationController: a pan moves the view over a snapshot.
    case snapshot
}

/// How a navigation is set up; manual §4.1.
public struct NavigationOptions {
    /// The one-recognizer shorthand (v1): the app's pop recognizer. With
    /// `recognizers` given it is not read.
    public var style: PopStyle = .fullscreen
    /// The pop recognizers listed one by one (`recognizers = {...}`), in the
    /// order the arena asks them; nil: the style's, beside the system's.
    public var recognizers: [PopRecognizerSetup]?
    /// Which system the recognizers live in (a preset's; SystemPopRules).
    public var system: SystemPopRules = .ios18
    /// react-native-screens' `fullScreenGestureEnabled`: the content
    /// swipe's switch when the navigation is made (native_stack: true).
    public var fullScreenGestureEnabled = true
    /// react-native-screens' `gestureResponseDistance` (nil: anywhere).
    public var responseDistance: ResponseDistance?
    /// The style's recognizer's switch when the navigation is made.
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
    /// Who answers the style's recognizer's delegate questions (edge and
    /// fullscreen styles), when the navigation is made.
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

    /// The pop recognizers a navigation made with these options has, in
    /// the order the arena asks them: the list given, or else the style's
    /// recognizer with the system's beside it. FD and QD turn the system's
    /// edge swipe off and install their own pan (FD: `interactivePopGesture
    /// Recognizer.enabled = NO`); iOS 26's content swipe stays, which is
    /// the `two_pop_recognizers` pitfall.
    public var popRecognizerSetups: [PopRecognizerSetup] {
        // Android has no app pop: the system's back gesture (manual §15)
        if systemBack != nil { return [] }
        if let given = recognizers { return given }
        let own: PopRecognizerSetup
        switch style {
        case .edge: own = PopRecognizerSetup(.edge, enabled: popGesture, delegate: gestureDelegate)
        case .fullscreen: own = PopRecognizerSetup(.fullscreen, enabled: popGesture, delegate: gestureDelegate)
        case .snapshot: own = PopRecognizerSetup(.snapshot, enabled: popGesture, delegate: gestureDelegate)
        }
        guard system.hasContentSwipe else { return [own] }
        let content = PopRecognizerSetup(.content, enabled: system == .nativeStack ? fullScreenGestureEnabled : true)
        return style == .edge ? [own, content] : [content, own]
    }

    /// One of the recognizers is QD's snapshot pan (the screens are masked).
    var hasSnapshotPop: Bool {
        guard let given = recognizers else { return style == .snapshot }
        return given.contains { $0.kind == .snapshot }
    }

    /// Options that cannot go together.
    public func check() throws(NavError) {
        for r in popRecognizerSetups where r.kind == .snapshot && !r.delegate.isUIKit {
            throw .badCall(recognizers == nil
                ? "gesture_delegate applies to the edge and fullscreen styles, not snapshot (QD has its own delegate)"
                : "a delegate applies to the edge, content and fullscreen recognizers, not snapshot (QD has its own delegate)")
        }
        var seen: [PopRecognizerKind] = []
        for r in popRecognizerSetups {
            if seen.contains(r.kind) { throw .badCall("'recognizers' lists '\(r.kind.rawValue)' twice (a navigation has one of each)") }
            seen.append(r.kind)
        }
    }
}
