#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mass on a spring as React Native's Animated.spring runs it
/// (react-native Libraries/Animated/animations/SpringAnimation.js), which is
/// what @react-navigation/stack's TransitionIOSSpec drives: stiffness,
/// damping and mass, the initial velocity of the finger, and an end when the
/// value is at rest (both thresholds in the animated value's units, points
/// here) or, with overshoot clamping, when it passes its target. Like
/// Animated, a damping ratio of 1 or more is solved as critically damped.
public struct PhysicalSpring: Equatable, Sendable {
    public var stiffness: Double
    public var damping: Double
    public var mass: Double
    public var overshootClamping: Bool
    public var restDisplacement: Double
    public var restSpeed: Double

    /// Set when an animation starts: the distance to travel and the initial
    /// velocity toward the target, both in points, and the settle time.
    var distance = 0.0
    var velocity = 0.0
    var settle = 0.0

    public init(stiffness: Double, damping: Double, mass: Double, overshootClamping: Bool,
                restDisplacement: Double, restSpeed: Double) {
        self.stiffness = stiffness
        self.damping = damping
        self.mass = mass
        self.overshootClamping = overshootClamping
        self.restDisplacement = restDisplacement
        self.restSpeed = restSpeed
    }

    /// The longest a spring may take to come to rest.
    public static let maxSettle = 60.0

    /// Why this spring cannot be used, or nil.
    public func problem() -> String? {
        let numbers = [stiffness, damping, mass, restDisplacement, restSpeed]
        if !numbers.allSatisfy(\.isFinite) { return "spring values must be finite numbers" }
        if stiffness <= 0 || mass <= 0 { return "stiffness and mass must be positive" }
        if damping < 0 || restDisplacement <= 0 || restSpeed <= 0 {
            return "damping must be >= 0 and the rest thresholds positive"
        }
        var probe = self
        probe.distance = 1000
        if probe.restTime() == nil {
            return "it does not come to rest within \(Int(PhysicalSpring.maxSettle)) s over 1000 points (raise damping, or set overshoot_clamping)"
        }
        return nil
    }

    /// Remaining displacement (target minus position) and velocity at t.
    func state(at t: Double) -> (x: Double, v: Double) {
        let omega0 = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        let x0 = distance, v0 = -velocity
        if zeta < 1 {
            let omega1 = omega0 * (1 - zeta * zeta).squareRoot()
            let envelope = exp(-zeta * omega0 * t)
            let a = (v0 + zeta * omega0 * x0) / omega1
            let x = envelope * (a * sin(omega1 * t) + x0 * cos(omega1 * t))
            let v = zeta * omega0 * envelope * (sin(omega1 * t) * a + x0 * cos(omega1 * t))
                - envelope * (cos(omega1 * t) * (v0 + zeta * omega0 * x0) - omega1 * x0 * sin(omega1 * t))
            return (x, v)
        }
        let envelope = exp(-omega0 * t)
        return (envelope * (x0 + (v0 + omega0 * x0) * t),
                envelope * (v0 * (t * omega0 - 1) + t * x0 * omega0 * omega0))
    }

    /// Whether Animated would stop it at t.
    private func stops(at t: Double) -> Bool {
        let (x, v) = state(at: t)
        // x is target - position, so passing the target flips its sign
        let overshooting = overshootClamping && distance != 0 && (x * distance < 0)
        return overshooting || (abs(v) <= restSpeed && abs(x) <= restDisplacement)
    }

    /// The first millisecond at which Animated would stop it, or nil. It
    /// looks every 10 ms, then for the first millisecond in the last step:
    /// Animated itself checks once a frame (16 ms), so a moment of rest
    /// shorter than that is not an end for it either.
    func restTime() -> Double? {
        if distance == 0 && velocity == 0 { return 0 }
        let coarse = Int(PhysicalSpring.maxSettle * 100)
        for i in 1...coarse where stops(at: Double(i) / 100) {
            for ms in (i * 10 - 9)...(i * 10) where stops(at: Double(ms) / 1000) {
                return Double(ms) / 1000
            }
        }
        return nil
    }

    /// This spring started over `distance` points with `velocity` points
    /// per second toward its target (nil when it never comes to rest).
    public func started(distance: Double, velocity: Double) -> PhysicalSpring? {
        var s = self
        s.distance = distance
        s.velocity = distance < 0 ? -velocity : velocity
        s.distance = abs(distance)
        guard let t = s.restTime() else { return nil }
        s.settle = t
        return s
    }

    /// Fraction of the way at `progress` of its settle time.
    func value(at progress: Double) -> Double {
        guard distance != 0 else { return 1 }
        return 1 - state(at: progress * settle).x / distance
    }
}
