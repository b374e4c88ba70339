/// Flutter's VelocityTracker (gestures/velocity_tracker.dart with
/// gestures/lsq_solver.dart): from the newest sample back, at most 20
/// samples while each is within 100 ms of the newest and within 40 ms of
/// the next (ages in whole milliseconds, as Duration.inMilliseconds
/// truncates them), at least 3, a weighted least-squares fit of a degree-2
/// polynomial of position against time for each axis; the velocity is its
/// linear coefficient. Fewer samples, or a fit that fails (the samples'
/// times linearly dependent), give zero. Held to Flutter's
/// velocity_tracker_test.dart (manual §5.3).
enum LeastSquaresVelocity {
    static let historySize = 20
    static let horizonMilliseconds = 100
    static let assumeStoppedMilliseconds = 40
    static let minSamples = 3

    /// Points per second from `samples` (oldest first).
    static func velocity(_ samples: ArraySlice<(nanos: Int, point: Point)>) -> Point {
        guard let newest = samples.last else { return .zero }
        var times: [Double] = [], xs: [Double] = [], ys: [Double] = []
        var previous = newest.nanos
        for sample in samples.reversed() {
            let age = (newest.nanos - sample.nanos) / 1_000_000
            let delta = abs(sample.nanos - previous) / 1_000_000
            previous = sample.nanos
            if age > horizonMilliseconds || delta > assumeStoppedMilliseconds { break }
            times.append(-Double(age))
            xs.append(sample.point.x)
            ys.append(sample.point.y)
            if times.count == historySize { break }
        }
        guard times.count >= minSamples, let vx = slope(times, xs), let vy = slope(times, ys) else { return .zero }
        return Point(vx * 1000, vy * 1000)   // points a millisecond to points a second
    }

    /// The linear coefficient of the least-squares fit of `y = b0 + b1 x +
    /// b2 x^2` (weights 1), by Gram-Schmidt QR as lsq_solver.dart does it:
    /// nil when the columns are linearly dependent (a norm below 1e-6).
    static func slope(_ x: [Double], _ y: [Double]) -> Double? {
        let m = x.count, n = 3
        // a[i][h] = x[h]^i: the weighted Vandermonde matrix, row by power
        var a = [[Double]](repeating: [Double](repeating: 0, count: m), count: n)
        for h in 0..<m {
            a[0][h] = 1
            for i in 1..<n { a[i][h] = a[i - 1][h] * x[h] }
        }
        var q = a
        var r = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        func dot(_ u: [Double], _ v: [Double]) -> Double {
            var s = 0.0
            for h in 0..<m { s += u[h] * v[h] }
            return s
        }
        for j in 0..<n {
            for i in 0..<j {
                let d = dot(q[j], q[i])
                for h in 0..<m { q[j][h] -= d * q[i][h] }
            }
            let norm = dot(q[j], q[j]).squareRoot()
            if norm < 0.000001 { return nil }
            let inverse = 1.0 / norm
            for h in 0..<m { q[j][h] *= inverse }
            for i in 0..<n { r[j][i] = i < j ? 0 : dot(q[j], a[i]) }
        }
        var b = [Double](repeating: 0, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            b[i] = dot(q[i], y)
            for j in stride(from: n - 1, to: i, by: -1) { b[i] -= r[i][j] * b[j] }
            b[i] /= r[i][i]
        }
        return b[1]
    }
}
