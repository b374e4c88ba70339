import NavLuaEngine

/// Keeps a `FrameSample` of every frame of a run, for the timeline, the
/// filmstrip and the trace's counters. The world calls `record` at the end
/// of each frame through `World.frameObserver`; nothing is recorded unless
/// a recorder is installed.
///
/// Memory is bounded: past `capacity` samples, every other one is dropped
/// and from then on only every `stride`-th frame is kept (2, 4, 8, ...), so
/// a long run keeps evenly spaced frames of its whole length.
///
/// After `navlua.reset` the samples start over with the new world, as the
/// trace does.
///
/// What the samples keep is counted in the recorded world's memory account,
/// so that `--memory-limit` holds them (a run with many navigations keeps
/// each one's state at every frame).
public final class FrameRecorder {
    public private(set) var samples: [FrameSample] = []
    /// Most samples kept before thinning.
    public let capacity: Int
    /// Frames kept are multiples of this.
    public private(set) var stride = 1
    /// The world recorded, told by its link (kept, so that no later world
    /// can have its address): a weak reference would put the world's
    /// reference counts on their slow path (README, issue 23).
    private var world: WorldLink?
    /// The recorded world's account, and what the samples keep in it.
    private var account: MemoryAccount?
    private var keptBytes = 0

    public init(capacity: Int = 100_000) {
        self.capacity = max(2, capacity)
    }

    deinit { account?.add(-keptBytes) }

    private func keep(_ bytes: Int) {
        keptBytes += bytes
        account?.add(bytes)
    }

    /// `sample` in place of the last one, or after it.
    private func put(_ sample: FrameSample, replacingLast replace: Bool) {
        if replace {
            keep(sample.retainedBytes - samples[samples.count - 1].retainedBytes)
            samples[samples.count - 1] = sample
        } else {
            keep(sample.retainedBytes)
            samples.append(sample)
        }
    }

    /// Samples `world` at its current frame.
    public func record(_ world: World) {
        follow(world)
        let frame = world.clock.frame
        guard frame % stride == 0 else { return }
        if let last = samples.last, last.frame == frame {
            put(FrameSample(world), replacingLast: true)
            return
        }
        if samples.count >= capacity {
            stride *= 2
            samples.removeAll { $0.frame % stride != 0 }
            keep(samples.reduce(0) { $0 + $1.retainedBytes } - keptBytes)
            guard frame % stride == 0 else { return }
        }
        put(FrameSample(world), replacingLast: false)
    }

    /// The samples with the world's present state as the last one (calls
    /// made after the last frame, like a push without animation, show).
    public func finish(_ world: World) -> [FrameSample] {
        follow(world)
        let last = samples.last.map { $0.frame == world.clock.frame } ?? false
        put(FrameSample(world), replacingLast: last)
        return samples
    }

    /// Starts over when the world was replaced.
    private func follow(_ world: World) {
        guard world.link !== self.world else { return }
        self.world = world.link
        samples.removeAll()
        keep(-keptBytes)
        account = world.account
        stride = 1
    }
}
