/// The samples of one call on a touch, each with its own time on the
/// device's touch grid, made as they fall due, so that a move over a long
/// time costs no memory: a path from `from` to `to` that starts at `start`
/// and arrives `span` ns later, sampled at every tick after `start` up to
/// the first tick at or after the arrival, where it is exactly `to` (manual
/// §5.1). A move of no duration is one sample, at the first tick.
///
/// Where the grid has the start on a tick, the fraction of the way is
/// counted in ticks ((j - j0) / (seconds x rate)), so that a drag whose
/// samples fall on the frames gives the positions it gave when samples were
/// one per frame, to the bit.
package final class ScheduledSamples {
    let phase: Touch.Phase
    private let from: Point
    private let to: Point
    private let grid: TouchGrid
    /// The tick of the next sample and of the last.
    private var tick: Int
    let lastTick: Int
    /// The next sample's time, in ns.
    private(set) var nextNanos: Int
    /// The last sample's time, in ns.
    let lastNanos: Int
    /// How far along the time each tick is: (tick - origin) / length,
    /// in ticks or, when the start is not on the grid, in ns.
    private let origin: Double
    private let length: Double
    private let onGrid: Bool
    private let ease: Curve?
    /// A script's profile, evaluated for every sample when the move was made.
    private let fractions: [Double]?
    /// Samples a device recorded (TouchReplay), delivered as they are.
    private let recorded: [(point: Point, nanos: Int)]?

    /// nil where the times overflow, or a custom profile failed (it throws).
    init?(from: Point, to: Point, start: Int, seconds: Double, grid: TouchGrid,
          phase: Touch.Phase, profile: TouchProfile = .linear) throws(NavError) {
        let span = (seconds * 1e9).rounded(.down)
        guard span.isFinite, span >= 0, span < 9e15, let first = grid.tick(atOrAfter: start, strictly: true),
              let arrival = grid.tick(atOrAfter: start + Int(span)),
              let firstNanos = grid.nanos(atTick: first), let startTick = grid.tick(atOrAfter: start),
              let startTickNanos = grid.nanos(atTick: startTick), let lastNanos = grid.nanos(atTick: max(first, arrival))
        else { return nil }
        self.lastNanos = lastNanos
        recorded = nil
        self.from = from
        self.to = to
        self.grid = grid
        self.phase = phase
        tick = first
        lastTick = max(first, arrival)
        nextNanos = firstNanos
        onGrid = startTickNanos == start
        if onGrid {
            origin = Double(startTick)
            // the duration in ticks; a product within a rounding of a whole
            // number of ticks is that number (0.3 s x 60 Hz is 18)
            let ticks = seconds * Double(grid.rate)
            length = abs(ticks - ticks.rounded()) < 1e-9 ? ticks.rounded() : ticks
        } else {
            origin = Double(start)
            length = span
        }
        switch profile {
        case .linear:
            ease = nil
            fractions = nil
        case .curve(let c):
            ease = c
            fractions = nil
        case .custom(let f):
            ease = nil
            let count = lastTick - first + 1
            guard count <= ScheduledSamples.mostCustomSamples else {
                throw .badCall("a profile function is called once a sample: \(count) samples is more than \(ScheduledSamples.mostCustomSamples)")
            }
            var values: [Double] = []
            values.reserveCapacity(count)
            for j in first...lastTick {
                let value = try f(Self.fraction(j, origin, length, onGrid, grid))
                guard value.isFinite else {
                    throw .badCall("the profile function returned \(value); it must return a finite number")
                }
                values.append(value)
            }
            fractions = values
        }
    }

    /// The most samples a move with a profile function may have (they are
    /// computed when the move is made): an hour at 240 Hz.
    static let mostCustomSamples = 864_000

    /// Recorded samples of one phase, in time order (not empty), each
    /// delivered at its own time.
    init(recorded samples: [(point: Point, nanos: Int)], phase: Touch.Phase) {
        self.phase = phase
        recorded = samples
        from = samples[0].point
        to = samples[samples.count - 1].point
        grid = TouchGrid(rate: 1)
        tick = 0
        lastTick = samples.count - 1
        nextNanos = samples[0].nanos
        lastNanos = samples[samples.count - 1].nanos
        origin = 0
        length = 0
        onGrid = false
        ease = nil
        fractions = nil
    }

    var isDone: Bool { tick > lastTick }

    /// The next sample: where, and when (ns). The last one is exactly `to`.
    func next() -> (point: Point, nanos: Int) {
        if let samples = recorded {
            let sample = samples[tick]
            tick += 1
            if tick <= lastTick { nextNanos = samples[tick].nanos }
            return sample
        }
        let j = tick, at = nextNanos
        tick += 1
        if tick <= lastTick { nextNanos = grid.nanos(atTick: tick) ?? Int.max }
        if j == lastTick { return (to, at) }
        let f: Double
        if let values = fractions {
            f = values[j - (lastTick - values.count + 1)]
        } else {
            let t = Self.fraction(j, origin, length, onGrid, grid)
            f = ease.map { $0.value(at: t) } ?? t
        }
        return (Point(from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f), at)
    }

    /// How far along the time tick `j` is, clamped to [0, 1].
    private static func fraction(_ j: Int, _ origin: Double, _ length: Double, _ onGrid: Bool,
                                 _ grid: TouchGrid) -> Double {
        guard length > 0 else { return 1 }
        let at = onGrid ? Double(j) : Double(grid.nanos(atTick: j) ?? 0)
        return clamp((at - origin) / length, 0, 1)
    }
}
