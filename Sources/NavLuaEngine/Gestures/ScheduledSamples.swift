/// Samples of one call on a touch, made one per frame as they fall due, so
/// that a move over a long time costs no memory: a linear path from `from`
/// to `to` in `count` samples, the first on the frame after `after`.
package final class ScheduledSamples {
    let phase: Touch.Phase
    private let from: Point
    private let to: Point
    private let count: Int
    private let firstFrame: Int
    private var delivered = 0

    init(after frame: Int, count: Int, from: Point, to: Point, phase: Touch.Phase) {
        self.firstFrame = frame + 1
        self.count = count
        self.from = from
        self.to = to
        self.phase = phase
    }

    var nextFrame: Int { firstFrame + delivered }
    var isDone: Bool { delivered >= count }

    /// The next sample's point; the last one is exactly `to`.
    func next() -> Point {
        delivered += 1
        if delivered >= count { return to }
        let f = Double(delivered) / Double(count)
        return Point(from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f)
    }
}
