/// The state of a navigation's back-swipe recognizer for one touch: a
/// state machine that holds nothing else. Its owner (`PopGestureDetector`)
/// feeds it what happened and reports what it became.
///
/// States: `possible` from touch-down; then `began` when the pan crosses the
/// slop, the arena offers it the pan and the style's begin rules pass, or
/// `failed` with the check that refused (`refused_by`). A began gesture ends
/// `ended` when the finger lifts, or `cancelled` when the touch is cancelled
/// or its release could not be decided. A touch lifted while `possible`
/// fails without a check.
struct PopGestureRecognizer {
    private(set) var state = GestureState.possible
    private(set) var refusedBy: PopRefusal?
    /// What the release decided: true finishes the pop (nil: not released,
    /// or nothing to pop).
    private(set) var finishes: Bool?

    /// Fails with the check that refused; false (and nothing changed) once
    /// it has left `possible`.
    mutating func fail(_ check: PopRefusal) -> Bool {
        guard state == .possible else { return false }
        state = .failed
        refusedBy = check
        return true
    }

    mutating func begin() {
        assert(state == .possible, "a pop gesture begins once, from possible")
        state = .began
    }

    /// The finger left the glass (`cancelled`: the touch was cancelled).
    /// Returns whether the gesture was under way, so that its release is
    /// decided.
    mutating func lift(cancelled: Bool) -> Bool {
        switch state {
        case .possible:
            state = .failed   // lifted before the pan began: no event
            return false
        case .began:
            state = cancelled ? .cancelled : .ended
            return true
        default:
            return false
        }
    }

    /// The navigation took the pop from the finger (a call under Flutter's
    /// rules, manual §4.4): the gesture is over, cancelled, whatever the
    /// finger does next; `finishes` says whether the pop goes on.
    mutating func interrupt(finishing: Bool) -> Bool {
        guard state == .began else { return false }
        state = .cancelled
        finishes = finishing
        return true
    }

    /// What the release decided (nil: nothing moved); a release that could
    /// not be decided cancels the gesture.
    mutating func released(_ decision: PopDecision?) {
        assert(state == .ended || state == .cancelled, "only a lifted gesture is released")
        if decision == .failed { state = .cancelled }
        finishes = decision.map { $0 == .finish }
    }
}
