#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An easing curve: maps progress in [0, 1] to a fraction of the way.
public enum Curve: Equatable, Sendable {
    case linear
    /// CSS/UIKit cubic Bezier through (0,0), (x1,y1), (x2,y2), (1,1).
    case cubicBezier(Double, Double, Double, Double)
    /// A critically or under-damped spring from 0 to 1: damping ratio and
    /// response (the period of the undamped spring, in seconds), as SwiftUI
    /// and UIKit's spring animations take them.
    case spring(damping: Double, response: Double)
    /// Flutter's `Cubic`, evaluated as Flutter does (FlutterCurve.swift).
    case flutterCubic(FlutterCubic)
    /// Flutter's `ThreePointCubic`.
    case flutterThreePoint(FlutterThreePointCubic)
    /// Flutter's `FlippedCurve`: 1 - curve(1 - t).
    indirect case flipped(Curve)
    /// React Native's Animated.spring; it sets its own duration.
    case physicalSpring(PhysicalSpring)

    public static let easeIn = Curve.cubicBezier(0.42, 0, 1, 1)
    public static let easeOut = Curve.cubicBezier(0, 0, 0.58, 1)
    public static let easeInOut = Curve.cubicBezier(0.42, 0, 0.58, 1)

    // Flutter's named curves that the presets use (curves.dart, Curves.*).
    public static let flutterEase = Curve.flutterCubic(FlutterCubic(0.25, 0.1, 0.25, 1.0))
    public static let linearToEaseOut = Curve.flutterCubic(FlutterCubic(0.35, 0.91, 0.33, 0.97))
    public static let easeInToLinear = Curve.flutterCubic(FlutterCubic(0.67, 0.03, 0.65, 0.09))
    public static let fastLinearToSlowEaseIn = Curve.flutterCubic(FlutterCubic(0.18, 1.0, 0.04, 1.0))
    public static let fastEaseInToSlowEaseOut = Curve.flutterThreePoint(FlutterThreePointCubic(
        Point(0.056, 0.024), Point(0.108, 0.3085), Point(0.198, 0.541),
        Point(0.3655, 1.0), Point(0.5465, 0.989)))

    /// Every curve name, the four CSS curves first, then Flutter's (manual §2.4).
    public static let names = [
        "linear", "ease_in", "ease_out", "ease_in_out",
        "ease", "linear_to_ease_out", "ease_in_to_linear", "fast_linear_to_slow_ease_in",
        "fast_ease_in_to_slow_ease_out", "fast_ease_in_to_slow_ease_out_flipped",
        "linear_to_ease_out_flipped",
    ]

    /// The curve names of manual §2.4, Flutter's in snake case.
    public static func named(_ name: String) -> Curve? {
        switch name {
        case "linear": return .linear
        case "ease_in": return .easeIn
        case "ease_out": return .easeOut
        case "ease_in_out": return .easeInOut
        case "ease": return .flutterEase
        case "linear_to_ease_out": return .linearToEaseOut
        case "ease_in_to_linear": return .easeInToLinear
        case "fast_linear_to_slow_ease_in": return .fastLinearToSlowEaseIn
        case "fast_ease_in_to_slow_ease_out": return .fastEaseInToSlowEaseOut
        case "fast_ease_in_to_slow_ease_out_flipped": return .flipped(.fastEaseInToSlowEaseOut)
        case "linear_to_ease_out_flipped": return .flipped(.linearToEaseOut)
        default: return nil
        }
    }

    public var name: String {
        if let known = Curve.names.first(where: { Curve.named($0) == self }) { return known }
        switch self {
        case .cubicBezier: return "cubic_bezier"
        case .spring: return "spring"
        case .flutterCubic: return "cubic"
        case .flutterThreePoint: return "three_point_cubic"
        case .flipped(let c): return c.name + "_flipped"
        case .physicalSpring: return "physical_spring"
        default: return "curve"
        }
    }

    /// Fraction of the way at `progress` (clamped to [0, 1]); exactly 0 at 0
    /// and 1 at 1.
    public func value(at progress: Double) -> Double {
        let p = clamp(progress, 0, 1)
        if p == 0 { return 0 }
        if p == 1 { return 1 }
        switch self {
        case .linear:
            return p
        case let .cubicBezier(x1, y1, x2, y2):
            return Curve.cubicBezierValue(clamped: p, x1, y1, x2, y2)
        case let .spring(damping, response):
            return Curve.springPosition(at: p * settleDuration, damping: damping, response: response)
        case let .flutterCubic(c):
            return c.transform(p)
        case let .flutterThreePoint(c):
            return c.transform(p)
        case let .flipped(c):
            return 1 - c.value(at: 1 - p)
        case let .physicalSpring(s):
            return s.value(at: p)
        }
    }

    /// Springs decide how long they last.
    public var setsOwnDuration: Bool {
        switch self {
        case .spring, .physicalSpring: return true
        default: return false
        }
    }

    /// For a spring, the time until it stays within 0.1% of its target;
    /// a spring animation lasts this long whatever duration was asked.
    public var settleDuration: Double {
        if case let .physicalSpring(s) = self { return s.settle }
        guard case let .spring(damping, response) = self else { return 0 }
        let omega = 2 * Double.pi / response
        let decay = damping < 1 ? damping * omega : omega * (damping - (damping * damping - 1).squareRoot())
        // At most an hour: a script's extreme spring must not stall forever.
        return min(3600, log(1000) / decay + (damping >= 1 ? response : 0))
    }

    /// A cubic Bezier's value at a progress already clamped, neither 0 nor
    /// 1 (`value(at:)` and a running animation's frame share it).
    @inline(__always)
    static func cubicBezierValue(clamped p: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        let t = Curve.bezierParameter(forX: p, x1, x2)
        return Curve.bezier(t, y1, y2)
    }

    // One coordinate of a cubic Bezier with end points 0 and 1.
    static func bezier(_ t: Double, _ c1: Double, _ c2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t
    }

    // Solves x(t) = x for t: Newton's method until the step in t is
    // negligible, with bisection as the fallback where the slope is too flat
    // to trust. Convergence is judged on t, not on x: where x(t) is flat a
    // tiny error in x is a large one in t, and so in y.
    static func bezierParameter(forX x: Double, _ x1: Double, _ x2: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let err = bezier(t, x1, x2) - x
            if err == 0 { return t }
            let u = 1 - t
            let slope = 3 * u * u * x1 + 6 * u * t * (x2 - x1) + 3 * t * t * (1 - x2)
            if abs(slope) < 1e-6 { break }
            let step = err / slope
            t -= step
            if abs(step) < 1e-13 && t >= 0 && t <= 1 { return t }
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<64 {
            let mid = (lo + hi) / 2
            if bezier(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    // Position of a unit spring released from 0 toward 1 at rest, at time t.
    static func springPosition(at t: Double, damping zeta: Double, response: Double) -> Double {
        let omega = 2 * Double.pi / response
        if zeta < 1 {
            let wd = omega * (1 - zeta * zeta).squareRoot()
            let envelope = exp(-zeta * omega * t)
            return 1 - envelope * (cos(wd * t) + (zeta * omega / wd) * sin(wd * t))
        } else if zeta == 1 {
            return 1 - exp(-omega * t) * (1 + omega * t)
        } else {
            let s = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - s), r2 = -omega * (zeta + s)
            let c2 = r1 / (r2 - r1)
            let c1 = -1 - c2
            return 1 + c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }
}
