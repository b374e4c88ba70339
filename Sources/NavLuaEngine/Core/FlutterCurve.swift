/// Flutter's own curve classes, evaluated the way Flutter evaluates them
/// (packages/flutter/lib/src/animation/curves.dart), so that positions match
/// Flutter's tests to the pixel: `Cubic` inverts x by bisection and stops as
/// soon as x is within 0.001 (`_cubicErrorBound`), which is coarser than
/// navlua's own `cubicBezier` solver; `ThreePointCubic` scales two cubics
/// around a shared midpoint. Only the numbers and the method are Flutter's.
public struct FlutterCubic: Equatable, Sendable {
    public let a, b, c, d: Double   // x1, y1, x2, y2

    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d
    }

    /// Flutter's constructor asserts only that the four numbers exist. Its
    /// bisection needs x(t) to rise from 0 to 1, which holds exactly when
    /// both x control points lie in [0, 1] (the rule CSS states); outside
    /// it the loop may never end, so navlua refuses such a curve.
    public static func check(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> String? {
        if ![a, b, c, d].allSatisfy(\.isFinite) { return "control points must be finite numbers" }
        // The curve's value is at most 3 (|y1| + |y2|) + 1: past Double's
        // range its terms overflow, and inf - inf gives NaN positions.
        if !(3 * (abs(b) + abs(d)) + 1).isFinite { return "y1 and y2 are too large (got \(b) and \(d))" }
        if !(0...1).contains(a) || !(0...1).contains(c) {
            return "x1 and x2 must be in [0, 1] (got \(a) and \(c))"
        }
        return nil
    }

    static func evaluate(_ a: Double, _ b: Double, _ m: Double) -> Double {
        3 * a * (1 - m) * (1 - m) * m + 3 * b * (1 - m) * m * m + m * m * m
    }

    /// Curve.transform: exactly t at 0 and 1, else transformInternal.
    public func transform(_ t: Double) -> Double {
        if t == 0 || t == 1 { return t }
        var start = 0.0, end = 1.0
        // Flutter loops until the bound is met; 200 halvings reach the
        // limit of a Double, so this cap only guards against a bad curve.
        for _ in 0..<200 {
            let midpoint = (start + end) / 2
            let estimate = FlutterCubic.evaluate(a, c, midpoint)
            if abs(t - estimate) < 0.001 { return FlutterCubic.evaluate(b, d, midpoint) }
            if estimate < t { start = midpoint } else { end = midpoint }
        }
        return FlutterCubic.evaluate(b, d, (start + end) / 2)
    }
}

/// Flutter's `ThreePointCubic(a1, b1, midpoint, a2, b2)`.
public struct FlutterThreePointCubic: Equatable, Sendable {
    public let a1, b1, midpoint, a2, b2: Point

    public init(_ a1: Point, _ b1: Point, _ midpoint: Point, _ a2: Point, _ b2: Point) {
        self.a1 = a1; self.b1 = b1; self.midpoint = midpoint; self.a2 = a2; self.b2 = b2
    }

    public func transform(_ t: Double) -> Double {
        if t == 0 || t == 1 { return t }
        let first = t < midpoint.x
        let scaleX = first ? midpoint.x : 1 - midpoint.x
        let scaleY = first ? midpoint.y : 1 - midpoint.y
        let scaledT = (t - (first ? 0 : midpoint.x)) / scaleX
        if first {
            return FlutterCubic(a1.x / scaleX, a1.y / scaleY, b1.x / scaleX, b1.y / scaleY)
                .transform(scaledT) * scaleY
        }
        return FlutterCubic((a2.x - midpoint.x) / scaleX, (a2.y - midpoint.y) / scaleY,
                            (b2.x - midpoint.x) / scaleX, (b2.y - midpoint.y) / scaleY)
            .transform(scaledT) * scaleY + midpoint.y
    }
}
