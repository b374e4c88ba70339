/// What a drag or a tap came to: navlua.drag's answer.
public struct DragResult: Equatable, Sendable {
    /// Who got the pan: the pop when its gesture began, else the scroll
    /// view when it scrolled (nil: neither).
    public let recognizer: Recognizer?
    /// The state of that recognizer, or else of the pop gesture.
    public let state: GestureState?
    /// Whether the released pop finishes (nil when no pop was released).
    public let finished: Bool?
    /// The check that refused the pop gesture, if one did.
    public let refusedBy: PopRefusal?
    /// The finger's velocity when it lifted, in points per second.
    public let velocity: Point

    init(_ touch: Touch) {
        recognizer = touch.recognizer
        state = touch.recognizerState
        finished = touch.popFinishes
        refusedBy = touch.popRefusedBy
        velocity = touch.releaseVelocity
    }
}

extension World {
    /// Down at `from`, a straight move to `to` over `seconds` along
    /// `profile`, a hold, then
    /// up (or a cancel). The caller never holds the touch, so a failure
    /// part way releases it.
    public func drag(from: Point, to: Point, seconds: Double = 0.25, hold: Double = 0,
                     cancel: Bool = false, profile: TouchProfile = .linear) throws(NavError) -> DragResult {
        let touch = try touchDown(at: from)
        try releasingOnFailure(touch) { () throws(NavError) in
            try move(touch, to: to, seconds: seconds, profile: profile)
            if hold > 0 { try self.hold(touch, seconds: hold) }
            if cancel { try self.cancel(touch) } else { try lift(touch) }
        }
        return DragResult(touch)
    }

    /// Down and up at `point`.
    public func tap(at point: Point) throws(NavError) -> DragResult {
        let touch = try touchDown(at: point)
        try releasingOnFailure(touch) { () throws(NavError) in try lift(touch) }
        return DragResult(touch)
    }

    private func releasingOnFailure(_ touch: Touch, _ body: () throws(NavError) -> Void) throws(NavError) {
        do throws(NavError) { try body() } catch {
            release(touch, because: "was released after a hook failed")
            throw error
        }
    }
}
