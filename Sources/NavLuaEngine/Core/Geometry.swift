/// A point or a displacement, in points.
public struct Point: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public static let zero = Point(0, 0)
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public var length: Double { (x * x + y * y).squareRoot() }
}

/// A rectangle in a screen's coordinates, in points.
public struct Rect: Equatable, Sendable {
    public var x, y, width, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public func contains(_ p: Point) -> Bool {
        p.x >= x && p.x < x + width && p.y >= y && p.y < y + height
    }
}

/// Reading direction. In `.rightToLeft` the leading edge is the right one and
/// every horizontal rule is mirrored.
public enum Layout: String, Sendable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// +1 in LTR, -1 in RTL: multiply a horizontal displacement by it to get
    /// the displacement toward the trailing side ("forward" for a back swipe).
    public var sign: Double { self == .leftToRight ? 1 : -1 }
}

package func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double { min(max(v, lo), hi) }

extension Double {
    /// This value as an Int, saturating at +-2^53 and 0 for NaN: script
    /// input such as a 1e-300-point-wide view must not trap a conversion.
    var saturatingInt: Int {
        guard !isNaN else { return 0 }
        return Int(Swift.min(Swift.max(self, -9_007_199_254_740_992), 9_007_199_254_740_992))
    }
}
