/// When a device samples a finger: `rate` times a second, on a grid of its
/// own, independent of the frames. Tick j happens at floor(j * 1e9 / rate)
/// ns, computed from j as frames are (Clock), so a device at 120 Hz and a
/// world at 60 or 120 fps share every frame's instant. All the samples since
/// the last frame reach the recognizers before the frame runs (UIKit's
/// coalesced touches, Flutter's pointer events): manual §5.1.
struct TouchGrid {
    /// Samples per second.
    let rate: Int

    /// Nanoseconds at tick `j`, or nil where it overflows.
    func nanos(atTick j: Int) -> Int? {
        let (product, overflow) = j.multipliedReportingOverflow(by: Clock.nanosPerSecond)
        return overflow ? nil : product / rate
    }

    /// The first tick at or after `nanos` (`strictly`: after it), or nil
    /// where it overflows. floor(j * 1e9 / rate) >= t exactly when
    /// j * 1e9 >= t * rate, so j = ceil(t * rate / 1e9).
    func tick(atOrAfter nanos: Int, strictly: Bool = false) -> Int? {
        guard nanos >= 0, nanos < Int.max else { return nil }
        let t = strictly ? nanos + 1 : nanos
        let (scaled, overflow) = t.multipliedReportingOverflow(by: rate)
        guard !overflow, scaled <= Int.max - Clock.nanosPerSecond else { return nil }
        return (scaled + Clock.nanosPerSecond - 1) / Clock.nanosPerSecond
    }
}

extension Clock {
    /// Frames from now until the first frame at or after `nanos` (0 when
    /// that is now or past), or nil where it overflows.
    func frames(until nanos: Int) -> Int? {
        let (scaled, overflow) = nanos.multipliedReportingOverflow(by: fps)
        guard !overflow, scaled <= Int.max - Clock.nanosPerSecond else { return nil }
        let f = (scaled + Clock.nanosPerSecond - 1) / Clock.nanosPerSecond
        return max(0, f - frame)
    }
}
