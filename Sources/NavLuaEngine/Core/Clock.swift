/// The virtual clock. Time is integer nanoseconds; frame `k` happens at
/// floor(k * 1e9 / fps) ns, computed from `k` and never accumulated, so ten
/// hours at 120 fps land exactly.
public struct Clock: Sendable {
    public let fps: Int
    public private(set) var frame: Int = 0
    /// Nanoseconds at `frame`, kept so that reading the time costs nothing.
    public private(set) var nanos: Int = 0

    public init(fps: Int) { self.fps = fps }

    public static let nanosPerSecond = 1_000_000_000

    /// Nanoseconds at frame `k`, or nil where the product overflows.
    public func nanos(atFrame k: Int) -> Int? {
        let (product, overflow) = k.multipliedReportingOverflow(by: Clock.nanosPerSecond)
        return overflow ? nil : product / fps
    }

    public var seconds: Double { Double(nanos) / 1e9 }

    /// Frames from now until the first frame at or after `seconds` from now.
    /// The request is rounded down to whole nanoseconds, as frame times are:
    /// rounding 1/60 s up to 16666667 ns would pass frame 1 (16666666 ns)
    /// and make `advance(1/60)` two frames.
    public func framesCovering(seconds: Double) -> Int? {
        let delta = (seconds * 1e9).rounded(.down)
        guard delta.isFinite, delta >= 0, delta < 9e15 else { return nil }
        let target = nanos.addingReportingOverflow(Int(delta))
        guard !target.overflow else { return nil }
        // the first f with f * 1e9 >= target * fps
        let (scaled, o) = target.partialValue.multipliedReportingOverflow(by: fps)
        guard !o else { return nil }
        let f = (scaled + Clock.nanosPerSecond - 1) / Clock.nanosPerSecond
        return max(0, f - frame)
    }

    /// Moves to the next frame; false when the clock would overflow.
    mutating func step() -> Bool {
        guard frame < Int.max - 1, let next = nanos(atFrame: frame + 1) else { return false }
        frame += 1
        nanos = next
        return true
    }
}
