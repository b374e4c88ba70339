/// How the screens move during a push or a pop, per screen, as Flutter's
/// CupertinoPageTransition drives them: the route animation t runs 0 -> 1
/// for a push and 1 -> 0 for a pop; the top screen is at W (1 - top(t)) and
/// the screen below at -parallax W below(t). `popTop` and `popBelow` are the
/// reverse curves a CurvedAnimation uses while the animation runs backward.
public struct PageCurves: Equatable, Sendable {
    public var pushTop: Curve
    public var pushBelow: Curve
    public var popTop: Curve
    public var popBelow: Curve

    public init(pushTop: Curve, pushBelow: Curve, popTop: Curve, popBelow: Curve) {
        self.pushTop = pushTop; self.pushBelow = pushBelow
        self.popTop = popTop; self.popBelow = popBelow
    }
}

/// How a released interactive pop travels the rest of the way.
public enum DropRule: Equatable, Sendable {
    /// UIPercentDrivenInteractiveTransition: the transition's own curve at
    /// completion speed max(remaining, T|v|) (manual §5.8).
    case completionSpeed
    /// A fixed duration and curve, whatever is left (Flutter's
    /// _kDroppedSwipePageAnimationDuration with fastEaseInToSlowEaseOut).
    case fixed(duration: Double, curve: Curve)
    /// A spring that starts with the finger's velocity (React Navigation).
    case spring(PhysicalSpring)

    public var name: String {
        switch self {
        case .completionSpeed: return "completion_speed"
        case .fixed: return "fixed"
        case .spring: return "spring"
        }
    }
}

/// Every number and rule that differs between platforms, set together on a
/// navigation by `preset`. Options given beside a preset override one value.
public struct Preset {
    public var name: String
    /// nil: the navigation's own default style.
    public var style: PopStyle?
    public var edgeWidth: Double
    /// A pan on this navigation begins past this distance from touch-down.
    public var panSlop: Double
    /// Touch samples a second (Tunables.touchRate has the sources).
    public var touchRate: Int = Tunables().touchRate
    /// How a finger's velocity is estimated.
    public var velocity: VelocityEstimator = .recentSpan
    public var parallax: Double
    public var dim: Double
    public var transition: AnimationSpec
    /// nil: `transition.curve` moves both screens (UIKit).
    public var pageCurves: PageCurves?
    public var completion: CompletionRule
    public var drop: DropRule
    /// Push and pop as a spring (React Navigation), instead of `transition`.
    public var transitionSpring: PhysicalSpring?
    /// A push or pop while a transition runs: waits (UIKit) or acts at once
    /// (Flutter's navigator).
    public var callsDuringTransition: CallsDuringTransition = .queue
    /// A sheet's numbers, and a full-screen present's motion (nil: the
    /// navigation's own `presentation`).
    public var sheet: SheetRules = .uikit
    public var presentation: AnimationSpec?
    /// Which pan wins a touch over a scroll view, and at which sample
    /// (PanArbitration.swift has each rule's sources).
    public var arbitration: PanArbitration = .uikit
    /// How the bar's items fade during push and pop (BarCrossFade.swift).
    public var barCrossFade: BarCrossFade = .uikit
    /// Which system's pop recognizers (SystemPopRules.swift): iOS 7 to 18's
    /// edge swipe alone, or iOS 26's edge and content swipes.
    public var system: SystemPopRules = .ios18
    /// Android's system back gesture (nil: the app's own pop gesture).
    public var systemBack: SystemBackRules? = nil
    /// What moves while the back gesture scrubs a pop (Android).
    public var backAnimation: BackAnimationStyle = .compose

    /// UIKit of iOS 7 to 18: its numbers, each with its source in
    /// Tunables.swift (the 0.35 s push is lore, not measured, manual §7.2),
    /// and UIKit as shipped: the system edge swipe (FD and QD are styles
    /// an app chooses).
    public static func uikit(_ t: Tunables = Tunables()) -> Preset {
        Preset(name: "uikit", style: .edge, edgeWidth: t.edgeWidth, panSlop: t.panSlop, touchRate: t.touchRate,
               parallax: t.parallax, dim: t.dim,
               transition: t.transition, pageCurves: nil, completion: .uikit,
               drop: .completionSpeed, transitionSpring: nil,
               // UIKit's recognizers at the slop, by direction: a
               // UIScrollView's pan takes only a drag along an axis it scrolls.
               arbitration: .uikit,
               // UIKit's bar cross-fade: an estimate (Apple publishes no numbers).
               barCrossFade: .uikit)
    }

    /// Flutter's CupertinoPageRoute (packages/flutter/lib/src/cupertino/
    /// route.dart, current stable; checked against test/cupertino/route_test.dart).
    public static var flutter: Preset { Preset(
        name: "flutter",
        // _CupertinoBackGestureDetector: a Listener on the leading edge only.
        style: .edge,
        // _kBackGestureWidth = 20.0 (or the safe-area padding, if wider).
        edgeWidth: 20,
        // HorizontalDragGestureRecognizer: kTouchSlop = 18 (gestures/constants.dart).
        panSlop: 18,
        // Flutter dispatches a PointerMoveEvent for every sample the platform
        // reports (no resampling unless `resamplingEnabled`): the device's
        // rate, an iPhone's 120 Hz (navlua's reading of the engine).
        touchRate: 120,
        // VelocityTracker (gestures/velocity_tracker.dart): the drag
        // recognizers' default, a least-squares fit over 100 ms.
        velocity: .leastSquares,
        // _kMiddleLeftTween: Offset.zero -> Offset(-1.0 / 3.0, 0).
        parallax: 1.0 / 3.0,
        // _kCupertinoPageTransitionBarrierColor = Color(0x18000000): 24/255.
        dim: 24.0 / 255.0,
        // CupertinoRouteTransitionMixin.transitionDuration: 500 ms. The route
        // animation itself is linear; the curves below shape each screen.
        transition: AnimationSpec(duration: 0.5, curve: .linear),
        // CupertinoPageTransition: primary fastEaseInToSlowEaseOut (reverse:
        // its flip), secondary linearToEaseOut (reverse: easeInToLinear).
        pageCurves: PageCurves(pushTop: .fastEaseInToSlowEaseOut, pushBelow: .linearToEaseOut,
                               popTop: .flipped(.fastEaseInToSlowEaseOut), popBelow: .easeInToLinear),
        // dragEnd: |v| >= _kMinFlingVelocity (1.0 widths/s) decides by
        // direction, else controller.value > 0.5 keeps the page.
        completion: .flutter,
        drop: .fixed(duration: flutterDrop.duration, curve: flutterDrop.curve),
        transitionSpring: nil,
        // NavigatorState.push/pop act at once: a pop during a push reverses
        // it (route_test.dart "Interrupted push"), and a call during a back
        // swipe ends the swipe (flutter/flutter#141268).
        callsDuringTransition: .interrupt,
        sheet: .flutter,
        // fullscreenDialog: CupertinoFullscreenDialogTransition slides up over
        // the route's 500 ms on Curves.linearToEaseOut (its reverse curve is
        // the flip, which moves the page down along the same curve in time):
        // route_test.dart "Fullscreen route animates correct transform values".
        presentation: AnimationSpec(duration: 0.5, curve: .linearToEaseOut),
        // gestures/arena.dart + monodrag.dart: the first drag recognizer
        // whose own axis passes kTouchSlop (18) wins.
        arbitration: .flutter,
        // CupertinoNavigationBar's hero flight, _NavigationBarTransition.
        barCrossFade: .flutter) }

    /// Flutter's dragEnd: animateTo / animateBack over
    /// _kDroppedSwipePageAnimationDuration (350 ms) with
    /// Curves.fastEaseInToSlowEaseOut; the pages stay linear
    /// (userGestureInProgress) until it ends.
    public static let flutterDrop: (duration: Double, curve: Curve) = (0.35, .fastEaseInToSlowEaseOut)

    /// React Navigation's iOS spring (@react-navigation/stack
    /// TransitionSpecs.TransitionIOSSpec): "exact values from
    /// UINavigationController's animation configuration".
    public static let reactSpring = PhysicalSpring(
        stiffness: 1000, damping: 500, mass: 3, overshootClamping: true,
        restDisplacement: 10, restSpeed: 10)

    /// @react-navigation/stack (current): Card.tsx and CardStyleInterpolators.
    public static var reactNavigation: Preset { Preset(
        name: "react_navigation",
        // Card.tsx: the pan activates only from the edge.
        style: .edge,
        // GESTURE_RESPONSE_DISTANCE_HORIZONTAL = 50 (gestureResponseDistance).
        edgeWidth: 50,
        // gestureActivationCriteria: activeOffsetX 5 (navlua measures the
        // distance, not the horizontal offset alone).
        panSlop: 5,
        // react-native-gesture-handler reads UIKit's touches on iOS: the
        // iPhone's 120 Hz.
        touchRate: 120,
        // forHorizontalIOS: next.progress [0, 1] -> [0, screen.width * -0.3].
        parallax: 0.3,
        // forHorizontalIOS: overlay opacity current.progress [0, 1] -> [0, 0.07]
        // (0.07 in v5 and v6; v7 changed it to 0.1).
        dim: 0.07,
        // Not used for push and pop (the spring below is); kept for `T`.
        transition: AnimationSpec(duration: 0.35, curve: .linear),
        pageCurves: nil,
        // Card.tsx handleGestureStateChange: closing when
        // translation + velocity * gestureVelocityImpact (0.3) > width / 2.
        completion: .reactNavigation,
        // Card.tsx animate(): Animated.spring with the gesture's velocity.
        drop: .spring(reactSpring),
        transitionSpring: reactSpring,
        sheet: .reactNavigation,
        // The card's PanGestureHandler (gestureActivationCriteria: active
        // offset 5 along x, fail offset 20 along y) runs among UIKit's
        // recognizers on iOS; navlua uses UIKit's rule: a simplification.
        arbitration: .uikit,
        // The stack's iOS header (HeaderStyleInterpolators.forUIKit) mimics
        // UIKit's; navlua uses UIKit's estimate for it.
        barCrossFade: .uikit) }

    /// iOS 26's UIKit: `uikit`'s numbers (Apple published none new), and
    /// the system's two recognizers, the edge swipe and the content swipe
    /// (SystemPopRules.ios26 has the rules and their sources).
    public static func ios26(_ t: Tunables = Tunables()) -> Preset {
        var p = uikit(t)
        p.name = "ios26"
        p.system = .ios26
        return p
    }

    /// SwiftUI's NavigationStack on iOS 26: UIKit's navigation controller
    /// underneath (its numbers and both recognizers), and a hidden back
    /// button turns the swipe off (SystemPopRules.swiftui).
    public static func swiftUI(_ t: Tunables = Tunables()) -> Preset {
        var p = ios26(t)
        p.name = "swiftui"
        p.system = .swiftui
        return p
    }

    /// react-native-screens' native stack on iOS 26 (RNSScreenStack.mm): a
    /// UINavigationController, so UIKit's numbers and both system
    /// recognizers, with that library's rules for the content swipe
    /// (SystemPopRules.nativeStack). Not `react_navigation`, the JS stack.
    public static func nativeStack(_ t: Tunables = Tunables()) -> Preset {
        var p = ios26(t)
        p.name = "native_stack"
        p.system = .nativeStack
        return p
    }

    public static func builtIn(_ t: Tunables = Tunables()) -> [Preset] {
        builtInNames.compactMap { builtIn(named: $0, t) }
    }

    /// The built-in presets' names, in the order `navlua.presets` lists them.
    public static let builtInNames = ["uikit", "flutter", "react_navigation", "ios26", "swiftui", "native_stack", "android"]

    /// One built-in preset, made when asked for: making all seven at every
    /// start cost 20,000 instructions (2% of a start).
    public static func builtIn(named name: String, _ t: Tunables = Tunables()) -> Preset? {
        switch name {
        case "uikit": return uikit(t)
        case "flutter": return flutter
        case "react_navigation": return reactNavigation
        case "ios26": return ios26(t)
        case "swiftui": return swiftUI(t)
        case "native_stack": return nativeStack(t)
        case "android": return android
        default: return nil
        }
    }

    /// The options of a navigation made with this preset.
    public func apply(to o: inout NavigationOptions) {
        o.preset = name
        if let s = style { o.style = s }
        o.edgeWidth = edgeWidth
        o.panSlop = panSlop
        o.touchRate = touchRate
        o.velocity = velocity
        o.parallax = parallax
        o.dim = dim
        o.transition = transition
        o.pageCurves = pageCurves
        o.completion = completion
        o.drop = drop
        o.transitionSpring = transitionSpring
        o.callsDuringTransition = callsDuringTransition
        o.sheet = sheet
        if let p = presentation { o.presentation = p }
        o.arbitration = arbitration
        o.barCrossFade = barCrossFade
        o.system = system
        o.systemBack = systemBack
        o.backAnimation = backAnimation
    }
}
