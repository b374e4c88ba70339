/// Driving touches (manual §5.1): each call schedules the finger's samples
/// on the device's touch grid (`TouchGrid`, the rate of the navigation's
/// preset) and steps the frames that deliver them.
///
/// A finger has its own timeline: a call goes on from where the touch's
/// previous call left the finger, as long as nothing else moved the clock
/// since (the frame that delivered its last sample is still the current
/// one); otherwise the finger waited on the glass until now. So a move, a
/// hold and a lift take the same times at 60 and at 120 fps, and the
/// velocity at the lift is the same.
extension World {
    /// A failure in the touch-down frame (a hook raised) releases the new
    /// touch: the caller never got it, so nothing else could lift it.
    public func touchDown(at point: Point) throws(NavError) -> Touch {
        var made: Touch?
        do throws(NavError) {
            return try drive { () throws(NavError) in
                let touch = Touch(id: nextID(\.touch), at: point, in: self)
                made = touch
                let grid = touchGrid(for: touchTarget)
                guard let down = try ScheduledSamples(from: point, to: point, start: now, seconds: 0, grid: grid,
                                                      phase: .began) else {
                    throw .badCall("the clock cannot advance further")
                }
                touches.append(touch)
                try schedule(down, on: touch)
                return touch
            }
        } catch {
            if let touch = made { release(touch, because: "was released after a hook failed") }
            throw error
        }
    }

    /// Moves to `point` over `seconds` along `profile`, a sample at every
    /// tick of the touch grid; duration 0 is one sample, at the next tick.
    public func move(_ touch: Touch, to point: Point, seconds: Double,
                     profile: TouchProfile = .linear) throws(NavError) {
        try requireDown(touch)
        // made within the drive: a profile function runs as user code, and
        // may not drive the world itself
        try drive { () throws(NavError) in
            guard let samples = try ScheduledSamples(from: touch.scheduledLocation, to: point, start: fingerTime(touch),
                                                     seconds: seconds, grid: touchGrid(for: touch.navigation),
                                                     phase: .moved, profile: profile) else {
                throw .badCall("cannot move over \(seconds) seconds")
            }
            touch.scheduledLocation = point
            try schedule(samples, on: touch)
        }
    }

    /// Keeps the finger still for `seconds` (no samples).
    public func hold(_ touch: Touch, seconds: Double) throws(NavError) {
        try requireDown(touch)
        let span = (seconds * 1e9).rounded(.down)
        let start = fingerTime(touch)
        guard span.isFinite, span >= 0, span < 9e15, case let (end, false) = start.addingReportingOverflow(Int(span)),
              let frames = clock.frames(until: end) else {
            throw .badCall("cannot hold for \(seconds) seconds")
        }
        try drive { () throws(NavError) in
            if try stepFrames(frames) { touch.leftFinger(at: end, frame: clock.frame) }
        }
    }

    public func lift(_ touch: Touch) throws(NavError) {
        try end(touch, .ended)
    }

    public func cancel(_ touch: Touch) throws(NavError) {
        try end(touch, .cancelled)
    }

    private func end(_ touch: Touch, _ phase: Touch.Phase) throws(NavError) {
        try requireDown(touch)
        let at = touch.scheduledLocation
        guard let sample = try ScheduledSamples(from: at, to: at, start: fingerTime(touch), seconds: 0,
                                                grid: touchGrid(for: touch.navigation), phase: phase) else {
            throw .badCall("the clock cannot advance further")
        }
        try drive { () throws(NavError) in try schedule(sample, on: touch) }
    }

    func requireDown(_ touch: Touch) throws(NavError) {
        guard touch.isDown else { throw .badCall("touch \(touch.id) \(touch.liftedReason)") }
    }

    /// Where the finger's next call starts: where its last call left it,
    /// or now when the clock has moved on since (the finger waited).
    private func fingerTime(_ touch: Touch) -> Int {
        touch.timelineFrame == clock.frame ? min(touch.timelineNanos, now) : now
    }

    /// The touch grid of the navigation a touch goes to (its preset's
    /// rate), or one sample a frame where no navigation takes it.
    func touchGrid(for nav: NavigationController?) -> TouchGrid {
        TouchGrid(rate: nav?.options.touchRate ?? config.fps)
    }

    /// Queues `samples` on the touch and steps the frames that deliver
    /// them (at least one: a sample already due goes with the next frame).
    private func schedule(_ samples: ScheduledSamples, on touch: Touch) throws(NavError) {
        let last = samples.lastNanos
        guard let frames = clock.frames(until: last) else { throw .badCall("the clock cannot advance further") }
        touch.pending.append(samples)
        if try stepFrames(max(1, frames)) { touch.leftFinger(at: last, frame: clock.frame) }
    }
}
