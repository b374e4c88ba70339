/// A recorded touch log played back (manual §5.1, `navlua.replay_touches`):
/// each record is a sample with its own time, delivered at the first frame
/// at or after it, whatever the frame rate, so a swipe recorded on a device
/// gives the same velocity at the lift at 60 and at 120 fps.
public struct TouchRecord: Sendable, Equatable {
    public enum Phase: String, Sendable, CaseIterable { case down, move, up, cancel }
    /// Seconds from the first record.
    public let t: Double
    /// Which finger: records with the same id are one touch, from its down
    /// to its up or cancel (an id may go down again after).
    public let id: Int
    public let phase: Phase
    public let x: Double
    public let y: Double

    public init(t: Double, id: Int, phase: Phase, x: Double, y: Double) {
        self.t = t; self.id = id; self.phase = phase; self.x = x; self.y = y
    }
}

extension World {
    /// Plays `records` from the next frame on: record 1 at that frame's time,
    /// the others as many seconds after it as they say. Returns what
    /// `drag` returns, for the first touch. The records are checked first
    /// (`where(i)` names record i in an error: its line in a file).
    public func replay(_ records: [TouchRecord], where name: (Int) -> String) throws(NavError) -> DragResult {
        let plan = try TouchReplayPlan(records, where: name)
        guard let base = clock.nanos(atFrame: clock.frame + 1),
              case let (end, false) = base.addingReportingOverflow(plan.lastOffset),
              let frames = clock.frames(until: end) else {
            throw .badCall("the records go past the end of the clock")
        }
        var first: Touch?
        try drive { () throws(NavError) in
            for finger in plan.fingers {
                let touch = Touch(id: nextID(\.touch), at: finger.runs[0].samples[0].point, in: self)
                if first == nil { first = touch }
                for run in finger.runs {
                    let samples = run.samples.map { (point: $0.point, nanos: base + $0.offset) }
                    touch.pending.append(ScheduledSamples(recorded: samples, phase: run.phase))
                }
                // a finger's last run ends it (an up or a cancel: TouchReplayPlan)
                if let end = finger.runs.last?.samples.last { touch.scheduledLocation = end.point }
                touches.append(touch)
            }
            _ = try stepFrames(max(1, frames))
        }
        guard let touch = first else { throw .badCall("there are no records") }
        return DragResult(touch)
    }
}

/// The records checked and grouped: for each touch (a down to its up or
/// cancel, in the order they went down), its runs of samples of one phase.
struct TouchReplayPlan {
    struct Sample { let point: Point; let offset: Int }
    struct Run { let phase: Touch.Phase; var samples: [Sample] }
    struct Finger { var runs: [Run] }

    private(set) var fingers: [Finger] = []
    /// The last record's time from the first, in ns.
    private(set) var lastOffset = 0

    init(_ records: [TouchRecord], where name: (Int) -> String) throws(NavError) {
        guard !records.isEmpty else { throw .badCall("there are no records") }
        let t0 = records[0].t
        var down: [Int: Int] = [:]   // id -> index in fingers
        var previous = t0
        for (i, r) in records.enumerated() {
            func bad(_ why: String) -> NavError { .badCall("\(name(i)): \(why)") }
            guard r.t.isFinite, r.x.isFinite, r.y.isFinite else { throw bad("t, x and y must be finite numbers") }
            guard r.t >= previous else {
                throw bad("out of order: t = \(formatNumber(r.t, places: 6)) comes before the record above it (\(formatNumber(previous, places: 6)))")
            }
            let seconds = r.t - t0
            guard seconds < 9e6 else { throw bad("t is more than 9,000,000 seconds after the first record") }
            previous = r.t
            let sample = Sample(point: Point(r.x, r.y), offset: Int((seconds * 1e9).rounded()))
            lastOffset = sample.offset
            switch r.phase {
            case .down:
                guard down[r.id] == nil else { throw bad("touch \(r.id) goes down again before its up") }
                down[r.id] = fingers.count
                fingers.append(Finger(runs: [Run(phase: .began, samples: [sample])]))
            case .move, .up, .cancel:
                guard let f = down[r.id] else {
                    throw bad("a \(r.phase.rawValue) of touch \(r.id), which is not down")
                }
                let phase: Touch.Phase = r.phase == .move ? .moved : r.phase == .up ? .ended : .cancelled
                if phase == .moved, let last = fingers[f].runs.indices.last, fingers[f].runs[last].phase == .moved {
                    fingers[f].runs[last].samples.append(sample)
                } else {
                    fingers[f].runs.append(Run(phase: phase, samples: [sample]))
                }
                if phase != .moved { down[r.id] = nil }
            }
        }
        if let (id, _) = down.min(by: { $0.value < $1.value }) {
            throw .badCall("touch \(id) is still down after the last record (end it with an up or a cancel)")
        }
    }
}
