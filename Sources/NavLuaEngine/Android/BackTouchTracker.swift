/// The progress of Android's back gesture, as AOSP's
/// `core/java/android/window/BackTouchTracker.java` computes it (Android 16):
/// in binary32 (Java's `float`), so a port of `BackTouchTrackerTest.kt`
/// holds to its own tolerance (`assertEquals(expected, actual, 0f)`).
///
/// Progress is linear in the distance from the start up to the linear
/// distance L, then stretches towards the maximum distance M: the target
/// distance that means progress 1 starts at L + (M - L) * factor and
/// moves to M as the finger goes from L to M. A gesture that was cancelled
/// (trigger back off) and restarts measures from where it restarted, until
/// it triggers again. Production thresholds (WindowManager Shell's
/// `BackAnimationController.updateTouchThresholds`): L = min(window width,
/// `navigation_edge_action_progress_threshold` 412 dp), M = window width,
/// factor `back_progress_non_linear_factor` 0.2 (SystemPreset.android).
public struct BackTouchTracker: Sendable {
    /// `BackEvent.EDGE_LEFT` (0) or `EDGE_RIGHT` (1): the edge the swipe
    /// came from.
    public enum Edge: String, Sendable, CaseIterable {
        case left, right
    }

    public private(set) var linearDistance: Float = 0
    public private(set) var maxDistance: Float = 0
    public private(set) var nonLinearFactor: Float = 0
    public private(set) var latestX: Float = 0
    public private(set) var latestY: Float = 0
    public private(set) var initX: Float = 0
    public private(set) var initY: Float = 0
    private var startThresholdX: Float = 0
    public private(set) var edge: Edge = .left
    public private(set) var triggerBack = false

    public init() {}

    /// `setProgressThresholds(linearDistance, maxDistance, nonLinearFactor)`.
    public mutating func setProgressThresholds(linear: Float, max: Float, factor: Float) {
        linearDistance = linear
        maxDistance = max
        nonLinearFactor = factor
    }

    /// `setGestureStartLocation(touchX, touchY, swipeEdge)`.
    public mutating func setGestureStartLocation(x: Float, y: Float, edge: Edge) {
        initX = x; initY = y
        latestX = x; latestY = y
        self.edge = edge
        startThresholdX = x
    }

    /// `update(touchX, touchY)`: a finger that moves back toward its edge
    /// moves the point a restarted gesture measures from.
    public mutating func update(x: Float, y: Float) {
        if (x < startThresholdX && edge == .left) || (x > startThresholdX && edge == .right) {
            startThresholdX = x
            if (edge == .left && startThresholdX < initX) || (edge == .right && startThresholdX > initX) {
                initX = startThresholdX
            }
        }
        latestX = x
        latestY = y
    }

    /// `setTriggerBack`: turning it off restarts from the finger.
    public mutating func setTriggerBack(_ on: Bool) {
        if triggerBack != on && !on { startThresholdX = latestX }
        triggerBack = on
    }

    /// `updateStartLocation()`: progress counts from the finger now.
    public mutating func updateStartLocation() {
        initX = latestX
        initY = latestY
        startThresholdX = initX
    }

    /// `createProgressEvent().progress`.
    public var progress: Float { progress(at: latestX) }

    /// `getProgress(touchX)`, clamped to [0, 1].
    public func progress(at x: Float) -> Float {
        let startX = triggerBack ? initX : startThresholdX
        let distance = edge == .left ? x - startX : startX - x
        let deltaX = Swift.max(0, distance)
        let linear = linearDistance
        let maxD = maxDistance == 0 ? 1 : maxDistance
        let p: Float
        if linear < maxD {
            let nonLinear = maxD - linear
            let initialTarget = linear + nonLinear * nonLinearFactor
            if deltaX <= linear {
                p = deltaX / initialTarget
            } else {
                let nonLinearProgress = (deltaX - linear) / nonLinear
                // MathUtils.lerp(start, stop, amount) = start + (stop - start) * amount
                let target = initialTarget + (maxD - initialTarget) * nonLinearProgress
                p = deltaX / target
            }
        } else {
            p = deltaX / maxD
        }
        return Swift.min(Swift.max(p, 0), 1)
    }
}
