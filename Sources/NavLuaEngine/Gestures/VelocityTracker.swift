/// How a platform estimates a finger's velocity from its samples (a
/// preset's `velocity`, manual §5.3 rule 3).
public enum VelocityEstimator: String, Sendable, CaseIterable {
    /// The displacement across the samples of the trailing horizon divided
    /// by their time span: navlua's estimate for UIKit, whose estimator is
    /// not published.
    case recentSpan = "recent_span"
    /// Flutter's VelocityTracker: a least-squares fit (LeastSquaresVelocity).
    case leastSquares = "least_squares"
}

/// Estimates a touch's velocity from its recent samples, by the
/// navigation's estimator; zero once the newest sample is stale (40 ms,
/// Flutter's `_assumePointerMoveStoppedMilliseconds`).
package struct VelocityTracker {
    private var samples: [(nanos: Int, point: Point)] = []
    let horizon: Int
    let staleAfter: Int
    let estimator: VelocityEstimator

    init(tunables: Tunables, estimator: VelocityEstimator = .recentSpan) {
        horizon = Int((tunables.velocityHorizon * 1e9).rounded())
        staleAfter = Int((tunables.velocityStaleAfter * 1e9).rounded())
        self.estimator = estimator
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
        if estimator == .leastSquares { return LeastSquaresVelocity.velocity(samples[...]) }
        let cutoff = now - horizon
        guard let first = samples.first(where: { $0.nanos >= cutoff }), first.nanos < last.nanos else {
            return .zero
        }
        let span = Double(last.nanos - first.nanos) / 1e9
        return Point((last.point.x - first.point.x) / span, (last.point.y - first.point.y) / span)
    }
}
