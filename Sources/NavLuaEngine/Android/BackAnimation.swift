/// How one screen is drawn during a predictive back animation.
public struct BackLayer {
    public let screen: Screen
    /// Scale about the screen's centre.
    public var scale: Double = 1
    /// Offset in points, after the scale.
    public var x: Double = 0
    public var y: Double = 0
    public var cornerRadius: Double = 0
    public var alpha: Double = 1
}

/// What a predictive back animation draws at one frame (`nav:visual().back`).
public struct BackVisual {
    public let style: BackAnimationStyle
    /// The gesture's progress that drives it (eased or not, as the style
    /// reads it: `progress` is BackEventCompat's).
    public let progress: Double
    /// The screen that leaves (the app's window at the root).
    public let top: BackLayer
    /// The screen that is revealed; nil going back to home.
    public let below: BackLayer?
    /// Black over the revealed screen, 0..1.
    public let scrim: Double
    /// The root's back-to-home: the app's window leaves for the launcher.
    public let home: Bool
    /// Where the animation is: following the finger, committing (fraction
    /// 0..1 of the commit animation) or cancelling.
    public let phase: String
}

/// The numbers of each `back_animation`, with their sources ([source] read
/// in the project's code, [estimate] navlua's where the source has no
/// number or navlua simplifies), and the geometry they give.
///
/// Every style is a function of the gesture's progress p (0..1) while the
/// finger moves and while a cancel takes p back to 0, and of the commit
/// animation's fraction f (0..1, linear in time) after a commit.
enum BackAnimation {
    /// Material's back progress interpolator, also the system's:
    /// PathInterpolator(0.1, 0.1, 0, 1) [source] material-components-android
    /// `motion/MaterialBackAnimationHelper`, WindowManager Shell
    /// `CrossActivityBackAnimation` (gesture interpolator).
    static let progressCurve = Curve.cubicBezier(0.1, 0.1, 0, 1)
    /// Android's standard curve FAST_OUT_SLOW_IN = (0.4, 0, 0.2, 1) [source]
    /// `com.android.internal.animation.Interpolators`.
    static let fastOutSlowIn = Curve.cubicBezier(0.4, 0, 0.2, 1)

    /// How long the rest of the way takes after the lift, and on which curve.
    static func finish(_ style: BackAnimationStyle, home: Bool, commit: Bool) -> (seconds: Double, curve: Curve) {
        if home {
            // [estimate] the system's back-to-home (CrossTaskBackAnimation,
            // launcher-driven): the cross-activity commit's 300 ms.
            return commit ? (0.3, fastOutSlowIn) : (0.25, .easeOut)
        }
        switch style {
        case .compose:
            // [source] ANCHORS: the enter fades in on a spring, damping 1.0,
            // stiffness 1600 (ω = 40 rad/s); [estimate] as 200 ms ease-out,
            // about when that spring settles within 1%.
            return (0.2, .easeOut)
        case .material:
            // [source] cancel 100 ms (MaterialBackAnimationHelper
            // CANCEL_DURATION_DEFAULT); [estimate] commit 300 ms fast-out-slow-in.
            return commit ? (0.3, fastOutSlowIn) : (0.1, fastOutSlowIn)
        case .flutter:
            // [source] _kCommitMilliseconds = 100 with Curves.easeOut
            // (predictive_back_page_transitions_builder.dart); [estimate] a
            // cancel as route.dart's dropped swipe: 350 ms
            // fastEaseInToSlowEaseOut.
            return commit ? (0.1, .linear) : (Preset.flutterDrop.duration, Preset.flutterDrop.curve)
        case .crossActivity:
            // [source] commit 300 ms FAST_OUT_SLOW_IN (CrossActivityBackAnimation;
            // newer releases 450 ms emphasized); [estimate] cancel 250 ms.
            return commit ? (0.3, fastOutSlowIn) : (0.25, .easeOut)
        }
    }

    /// The frame's geometry. `dy` is how far the finger moved down since
    /// the gesture started; `towardRight` is +1 from the left edge, -1 from
    /// the right one.
    static func visual(_ style: BackAnimationStyle, top: Screen, below: Screen?, progress p: Double,
                       commit f: Double?, dy: Double, towardRight: Double, width w: Double,
                       height h: Double) -> BackVisual {
        let phase = f == nil ? "progress" : "commit"
        guard let below = below else {
            return home(style, top: top, progress: p, commit: f, towardRight: towardRight, phase: phase)
        }
        var t = BackLayer(screen: top)
        var b = BackLayer(screen: below)
        var scrim = 0.0
        switch style {
        case .compose:
            // [source] predictive pop exit scaleOut(targetScale = 0.7), pop
            // enter fadeIn (NavHost.kt, DefaultNavTransitions.android.kt);
            // [estimate] the seekable transition's fraction = progress, and
            // the commit runs the rest of it.
            let q = f.map { p + (1 - p) * Curve.easeOut.value(at: $0) } ?? p
            t.scale = 1 - 0.3 * q
            b.alpha = q
        case .material:
            // [source] min scale 0.9, progress interpolator (0.1, 0.1, 0, 1),
            // x shift width / 20 - 8 dp toward the side away from the edge
            // (MaterialMainContainerBackHelper); [estimate] corner radius up
            // to 28 dp (M3 extra-large shape), y shift as Flutter's; commit
            // fades the screen out.
            let e = progressCurve.value(at: p)
            t.scale = 1 - 0.1 * e
            t.x = towardRight * (w / 20 - 8) * e
            t.y = yShift(dy, height: h)
            t.cornerRadius = 28 * e
            if let f = f { t.alpha = 1 - fastOutSlowIn.value(at: f) }
        case .flutter:
            // [source] _PredictiveBackSharedElementPageTransition: the route
            // animation is 1 - progress; scale 0.9 -> 1 (_kMinScale), x shift
            // width / 20 - 8 (_kDivisionFactor, _kMargin), y by
            // _getYPosition, corner 32 -> 0 (_kDeviceBorderRadius); at commit
            // (100 ms) scale -> 1 linearly, position -> (width * 0.1, 0) and
            // opacity -> 0 on Curves.easeOut.
            let s0 = 1 - 0.1 * p
            let x0 = towardRight * (w / 20 - 8) * p
            let y0 = yShift(dy, height: h)
            t.cornerRadius = 32 * p
            if let f = f {
                let e = Curve.easeOut.value(at: f)
                t.scale = s0 + (1 - s0) * f
                t.x = x0 + (w * 0.1 - x0) * e
                t.y = y0 * (1 - e)
                t.alpha = 1 - e
            } else {
                t.scale = s0; t.x = x0; t.y = y0
            }
        case .crossActivity:
            // [source] both windows scale to 0.9 on the gesture interpolator;
            // the entering one starts 96 dp to the side, 8 dp margin, scrim
            // 0.2 (light theme) over it; commit 300 ms FAST_OUT_SLOW_IN
            // (CrossActivityBackAnimation, DefaultCrossActivityBackAnimation);
            // [estimate] corner radius up to 32 dp, and the commit's path
            // (closing window out to the far side, entering to rest).
            let e = progressCurve.value(at: p)
            let scale = 1 - 0.1 * e
            t.scale = scale; b.scale = scale
            t.x = towardRight * 8 * e
            b.x = -towardRight * 96
            t.cornerRadius = 32 * e; b.cornerRadius = 32 * e
            scrim = 0.2
            if let f = f {
                let c = fastOutSlowIn.value(at: f)
                t.x += (towardRight * w - t.x) * c
                b.x *= 1 - c
                b.scale = scale + (1 - scale) * c
                b.cornerRadius *= 1 - c
                scrim *= 1 - c
            }
        }
        return BackVisual(style: style, progress: p, top: t, below: b, scrim: scrim, home: false, phase: phase)
    }

    /// Flutter's _getYPosition: easeOut(|dy| / height) * sign(dy) *
    /// (height / 20 - 8), clamped.
    static func yShift(_ dy: Double, height h: Double) -> Double {
        let maxShift = h / 20 - 8
        guard h > 0, maxShift > 0 else { return 0 }
        let eased = Curve.easeOut.value(at: min(abs(dy) / h, 1)) * (dy < 0 ? -1 : (dy > 0 ? 1 : 0)) * maxShift
        return min(max(eased, -maxShift), maxShift)
    }

    /// The system's back-to-home at the root: the app's window shrinks
    /// while the finger moves and leaves for the launcher at the commit.
    /// [source] scale 0.9 on the gesture interpolator, as the cross-activity
    /// closing window; [estimate] the commit shrinks it to 0.5 and fades it.
    private static func home(_ style: BackAnimationStyle, top: Screen, progress p: Double, commit f: Double?,
                             towardRight: Double, phase: String) -> BackVisual {
        var t = BackLayer(screen: top)
        let e = progressCurve.value(at: p)
        t.scale = 1 - 0.1 * e
        t.x = towardRight * 8 * e
        t.cornerRadius = 32 * e
        if let f = f {
            let c = fastOutSlowIn.value(at: f)
            t.scale += (0.5 - t.scale) * c
            t.alpha = 1 - c
        }
        return BackVisual(style: style, progress: p, top: t, below: nil, scrim: 0, home: true, phase: phase)
    }
}

extension Visual {
    /// The visual with its screens where the predictive back draws them:
    /// `top` and `below` at the back layers' x, `dim` the scrim (the
    /// iOS-style slide of an interactive pop does not apply).
    func drawn(by back: BackVisual) -> Visual {
        var v = Visual(top: Visual.Placed(screen: back.top.screen, x: back.top.x),
                       below: back.below.map { Visual.Placed(screen: $0.screen, x: $0.x) },
                       dim: back.scrim, bar: bar, snapshot: snapshot, mask: mask, y: y)
        v.presented = presented
        v.back = back
        return v
    }
}
