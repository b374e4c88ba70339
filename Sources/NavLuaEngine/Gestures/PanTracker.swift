/// Follows one touch as a pan: it begins on the first sample farther than
/// the slop from the touch-down point; translation is measured from that
/// point, and velocity comes from the recent samples.
package struct PanTracker {
    let downLocation: Point
    private(set) var location: Point
    private(set) var began = false
    /// Samples from the one that began the pan up to now, inclusive.
    private(set) var samplesSinceBegan = 0
    private var tracker: VelocityTracker
    let slop: Double

    init(down: Point, at nanos: Int, tunables: Tunables, slop: Double? = nil,
         estimator: VelocityEstimator = .recentSpan) {
        downLocation = down
        location = down
        self.slop = slop ?? tunables.panSlop
        tracker = VelocityTracker(tunables: tunables, estimator: estimator)
        tracker.add(down, at: nanos)
    }

    package var translation: Point { location - downLocation }

    package func velocity(at now: Int) -> Point { tracker.velocity(at: now) }

    /// Adds a sample; true when this sample begins the pan.
    mutating func add(_ point: Point, at nanos: Int) -> Bool {
        location = point
        tracker.add(point, at: nanos)
        if began {
            samplesSinceBegan += 1
            return false
        }
        guard (point - downLocation).length > slop else { return false }
        began = true
        samplesSinceBegan = 1
        return true
    }
}
