/// A value moving from `from` to `to` over a span of the virtual clock.
/// value = from + (to - from) * curve(progress). It completes on the first
/// frame at or after its end time.
public struct Animation: Sendable {
    public let from: Double
    public let to: Double
    public let start: Int          // ns
    public let duration: Int       // ns
    public let curve: Curve

    public init(from: Double, to: Double, start: Int, seconds: Double, curve: Curve) {
        self.from = from
        self.to = to
        self.start = start
        let s: Double
        s = curve.setsOwnDuration ? curve.settleDuration : seconds
        // Saturates: a script may ask for 1e300 seconds.
        self.duration = max(0, (s * 1e9).rounded().saturatingInt)
        self.curve = curve
    }

    public var end: Int {
        let (sum, overflow) = start.addingReportingOverflow(duration)
        return overflow ? Int.max : sum
    }

    public func isDone(at now: Int) -> Bool { now >= end }

    public func value(at now: Int) -> Double {
        if now >= end { return to }
        if now <= start { return from }
        let p = Double(now - start) / Double(duration)
        return from + (to - from) * curve.value(at: p)
    }
}

/// How a navigation animates: duration in seconds and the curve.
public struct AnimationSpec: Sendable {
    public var duration: Double
    public var curve: Curve
    public init(duration: Double, curve: Curve) { self.duration = duration; self.curve = curve }

    /// The duration the animation really has (a spring sets its own).
    public var effectiveDuration: Double {
        if curve.setsOwnDuration { return curve.settleDuration }
        return duration
    }
}
