/// Cubic Bezier values already computed, found by their exact inputs.
///
/// A transition's frames fall at the same progress every time it runs (a
/// 0.35 s push at 120 fps is at k/42 on its k-th frame), so most frames of
/// a run ask a question already answered. Solving x(t) = p takes Newton's
/// method five or so steps (~190 instructions); a slot is found by the
/// progress's bits and checked against all five inputs bit for bit, so a
/// value read here is the value `Curve.cubicBezierValue` would compute:
/// traces do not change, whatever the slots hold.
final class BezierMemo {
    fileprivate struct Slot {
        var p: UInt64, x1: UInt64, y1: UInt64, x2: UInt64, y2: UInt64
        var value: Double
    }

    /// 256 slots (12 KiB a world) in pairs: a question's pair is found by
    /// its progress's bits, and it may sit in either slot of it, so two
    /// questions a run keeps asking that fall in one pair do not take the
    /// slot from each other at every frame (a push's and a pop's 84
    /// progresses missed 18% of frames with one slot a question, 0 with
    /// two). A miss costs one solve, never a wrong value.
    private static let pairBits = 7
    private let slots: UnsafeMutablePointer<Slot>

    init() {
        let count = 2 << BezierMemo.pairBits
        slots = .allocate(capacity: count)
        // p = 1 is never asked (the callers answer 0 and 1 themselves), so
        // an empty slot matches no question.
        slots.initialize(repeating: Slot(p: (1.0).bitPattern, x1: 0, y1: 0, x2: 0, y2: 0, value: 1),
                         count: count)
    }

    deinit { slots.deallocate() }

    /// `Curve.cubicBezierValue(clamped: p, x1, y1, x2, y2)`.
    @inline(__always)
    func value(clamped p: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        let question = Slot(p: p.bitPattern, x1: x1.bitPattern, y1: y1.bitPattern,
                            x2: x2.bitPattern, y2: y2.bitPattern, value: 0)
        // Fibonacci hashing: the top bits of the product mix all of p's.
        let hash = p.bitPattern &* 0x9E37_79B9_7F4A_7C15
        let first = slots + 2 * Int(truncatingIfNeeded: hash >> UInt64(64 - BezierMemo.pairBits))
        if first.pointee.answers(question) { return first.pointee.value }
        let second = first + 1
        if second.pointee.answers(question) { return second.pointee.value }
        // the newest answer first, the one it displaces second
        var answered = question
        answered.value = Curve.cubicBezierValue(clamped: p, x1, y1, x2, y2)
        second.pointee = first.pointee
        first.pointee = answered
        return answered.value
    }
}

extension BezierMemo.Slot {
    /// The same five inputs, bit for bit.
    @inline(__always)
    func answers(_ q: Self) -> Bool {
        p == q.p && x1 == q.x1 && y1 == q.y1 && x2 == q.x2 && y2 == q.y2
    }
}
