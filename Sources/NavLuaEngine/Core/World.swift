/// The size, frame rate and reading direction of the simulated device.
public struct WorldConfig: Sendable {
    public var width: Double = 390
    public var height: Double = 844
    public var fps: Int = 60
    public var layout: Layout = .leftToRight
    /// Most trace events kept (oldest dropped first); 0 keeps none.
    public var traceLimit: Int = 100_000
    public var tunables = Tunables()
    public init() {}
}

/// The whole simulation: clock, navigations, touches, running animations and
/// the trace. Everything happens on frames of the virtual clock:
/// each frame delivers due touch samples (which updates recognizers), steps
/// animations, fires completions in the order the animations began, then
/// runs navigation calls that were queued.
public final class World {
    public let config: WorldConfig
    public private(set) var clock: Clock
    public let trace: Trace
    public private(set) var navigations: [NavigationController] = []
    /// Touches that are down, in the order they went down.
    public internal(set) var touches: [Touch] = []
    var animations: [RunningAnimation] = []

    private var nextIDs: [String: Int] = [:]
    /// >0 while user code (a hook or a subscriber) runs.
    public internal(set) var hookDepth = 0
    /// True while a driving call (tick, a touch, a navigation call) runs.
    public private(set) var isDriving = false
    /// The first hook failure of the current call; the call throws it.
    var pendingError: NavError?
    /// Asked every few frames; a message ends the running call (timeouts,
    /// Ctrl-C). The engine itself never reads a wall clock.
    public var shouldStop: (() -> String?)?
    /// Called at the end of every frame, after queued calls ran; a frame
    /// recorder samples `visual()` here for --timeline and --filmstrip.
    /// Nil (the default) costs one check per frame.
    public var frameObserver: ((World) -> Void)?

    public init(_ config: WorldConfig = WorldConfig()) {
        self.config = config
        self.clock = Clock(fps: config.fps)
        self.trace = Trace(limit: config.traceLimit)
    }

    public var width: Double { config.width }
    public var height: Double { config.height }
    public var layout: Layout { config.layout }
    public var tunables: Tunables { config.tunables }
    public var now: Int { clock.nanos }

    /// User code is running, or a driving call is under way: a new driving
    /// call now would re-enter the engine.
    public var isBusy: Bool { hookDepth > 0 || isDriving }

    func nextID(_ kind: String) -> Int {
        let id = (nextIDs[kind] ?? 0) + 1
        nextIDs[kind] = id
        return id
    }

    // MARK: entering the engine

    /// Runs a driving call: afterwards queued navigation calls run, and the
    /// first hook failure, if any, is thrown.
    func drive<T>(_ body: () throws -> T) throws -> T {
        guard !isDriving else { throw NavError("the engine is busy: this call cannot run inside a hook or subscriber") }
        isDriving = true
        defer { isDriving = false }
        let result: T
        do {
            result = try body()
            drainQueues()
        } catch let error as NavError {
            pendingError = nil
            releaseInterruptedTouches()
            throw error
        }
        if let error = pendingError {
            pendingError = nil
            releaseInterruptedTouches()
            throw error
        }
        return result
    }

    /// A call that failed part way may leave a touch with samples it never
    /// delivered: the touch is released (its gestures cancel) rather than
    /// delivering them all at once in a later frame.
    private func releaseInterruptedTouches() {
        for touch in touches where !touch.pending.isEmpty {
            release(touch, because: "was released after its call failed")
        }
        touches.removeAll { !$0.isDown }
    }

    /// Records a failure of user code; the driving call will throw it.
    func fail(_ error: NavError) {
        if pendingError == nil { pendingError = error }
        record(.error, ["message": .string(error.message)])
    }

    public func makeNavigation(_ options: NavigationOptions, root: Screen?) throws -> NavigationController {
        let nav = NavigationController(world: self, id: nextID("nav"), options: options)
        do {
            try drive {
                if let root = root { try nav.validateNewScreen(root) }
                navigations.append(nav)
                if let root = root { nav.showRoot(root) }
            }
        } catch {
            // The script gets an error and no handle: leave no navigation
            // behind that it cannot reach (and that might take its touches).
            navigations.removeAll { $0 === nav }
            nav.releaseScreens()
            throw error
        }
        return nav
    }

    public func makeScreen(_ source: ScreenSource) -> Screen {
        Screen(id: nextID("screen"), source: source)
    }

    // MARK: user code

    /// Calls a hook of `screen`, recording decision hooks in the trace.
    /// A failure is recorded and reported as `.failed`.
    package enum HookOutcome: Equatable { case undefined, value(Bool?), failed }

    func call(_ hook: Hook, of screen: Screen, _ arguments: HookArguments = .none,
              record recordIt: Bool = true) -> HookOutcome {
        hookDepth += 1
        let result: HookResult
        do {
            result = try screen.source.call(hook, arguments)
        } catch {
            hookDepth -= 1
            fail(error as? NavError ?? NavError("\(error)"))
            return .failed
        }
        hookDepth -= 1
        guard case .value(let value) = result else { return .undefined }
        if recordIt {
            record(.hook, ["name": .string(hook.rawValue), "screen": .string(screen.title),
                           "result": value.map { .bool($0) } ?? .string("nil")])
        }
        return .value(value)
    }

    /// Adds an event to the trace and tells its subscribers.
    func record(_ kind: TraceEvent.Kind, _ fields: KeyValuePairs<String, TraceValue>) {
        recordFields(kind, fields.map { ($0.key, $0.value) })
    }

    func recordFields(_ kind: TraceEvent.Kind, _ fields: [(String, TraceValue)]) {
        let event = TraceEvent(nanos: now, frame: clock.frame, kind: kind, fields: fields)
        let subscribers = trace.append(event)
        for subscriber in subscribers {
            hookDepth += 1
            do { try subscriber(event) } catch {
                hookDepth -= 1
                if pendingError == nil { pendingError = error as? NavError ?? NavError("\(error)") }
                continue
            }
            hookDepth -= 1
        }
    }

    // MARK: time

    public func tick(_ frames: Int = 1) throws {
        guard frames >= 0 else { throw NavError("frame count must not be negative (got \(frames))") }
        try drive { try stepFrames(frames) }
    }

    public func advance(seconds: Double) throws {
        guard let frames = clock.framesCovering(seconds: seconds) else {
            throw NavError("cannot advance by \(seconds) seconds")
        }
        try tick(frames)
    }

    /// Ticks until nothing is animating, tracking or transitioning, and
    /// returns the seconds that took; past `maxSeconds`, an error that names
    /// what is still active (like flutter_test's pumpAndSettle).
    public func settle(maxSeconds: Double = 10) throws -> Double {
        guard let limit = clock.framesCovering(seconds: maxSeconds) else {
            throw NavError("cannot settle for \(maxSeconds) seconds")
        }
        let start = now
        try drive {
            var frames = 0
            while !activeThings().isEmpty {
                if frames >= limit {
                    throw NavError("still active after \(formatNumber(maxSeconds, places: 3)) s: "
                                   + activeThings().joined(separator: ", "))
                }
                try stepFrames(1)
                frames += 1
                if pendingError != nil { return }
            }
        }
        return Double(now - start) / 1e9
    }

    /// What keeps the world from being settled, in words.
    public func activeThings() -> [String] {
        var active: [String] = []
        for touch in touches { active.append("touch \(touch.id) is down") }
        for nav in navigations { active += nav.activeThings() }
        // a navigation names its transition; its animation is not named again
        let transitionAnimations = navigations.compactMap { $0.transition?.animationID }
        for animation in animations where !animation.label.isEmpty && !transitionAnimations.contains(animation.id) {
            if !active.contains(animation.label) { active.append(animation.label) }
        }
        return active
    }

    /// Steps `n` frames; stops early, at the end of a frame, once a hook has
    /// failed so that the driving call can report it.
    func stepFrames(_ n: Int) throws {
        var left = n
        while left > 0 {
            if clock.frame & 63 == 0, let message = shouldStop?() { throw NavError(message) }
            guard clock.step() else { throw NavError("the clock cannot advance further") }
            deliverTouchSamples()
            stepAnimations()
            drainQueues()
            frameObserver?(self)
            if pendingError != nil { return }
            left -= 1
        }
    }

    func drainQueues() {
        guard hookDepth == 0 else { return }
        for nav in navigations { nav.drainQueue() }
    }
}

extension World {
    /// Lets go of everything: navigations release their screens (so their
    /// sources are unpinned), touches and animations stop.
    public func shutdown() {
        for nav in navigations { nav.releaseScreens() }
        navigations.removeAll()
        // Scroll views belong to screens, which outlive the world: leave none
        // of them dragging or snapping in a world that no longer runs.
        for touch in touches {
            touch.isDown = false
            touch.liftedReason = "belongs to a world that navlua.reset replaced"
            touch.scroll?.abandon()
        }
        touches.removeAll()
        for running in animations { running.abandoned?() }
        animations.removeAll()
        trace.removeSubscribers()
    }
}
