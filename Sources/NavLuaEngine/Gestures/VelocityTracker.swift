/// Estimates a touch's velocity from its recent samples: the displacement
/// across the samples of the trailing horizon divided by their time span;
/// zero with fewer than two samples, or once the newest is stale
/// (Flutter's VelocityTracker numbers, manual §5.3 rule 3).
package struct VelocityTracker {
    private var samples: [(nanos: Int, point: Point)] = []
    let horizon: Int
    let staleAfter: Int

    init(tunables: Tunables) {
        horizon = Int((tunables.velocityHorizon * 1e9).rounded())
        staleAfter = Int((tunables.velocityStaleAfter * 1e9).rounded())
    }

    mutating func add(_ point: Point, at nanos: Int) {
        samples.append((nanos, point))
        // keep only what the horizon can still use
        if samples.count > 64 {
            let cutoff = nanos - horizon
            samples.removeAll { $0.nanos < cutoff }
        }
    }

    /// Points per second at time `now`.
    func velocity(at now: Int) -> Point {
        guard let last = samples.last, now - last.nanos <= staleAfter else { return .zero }
        let cutoff = now - horizon
        guard let first = samples.first(where: { $0.nanos >= cutoff }), first.nanos < last.nanos else {
            return .zero
        }
        let span = Double(last.nanos - first.nanos) / 1e9
        return Point((last.point.x - first.point.x) / span, (last.point.y - first.point.y) / span)
    }
}
