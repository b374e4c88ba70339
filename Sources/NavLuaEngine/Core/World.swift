/// The size, frame rate and reading direction of the simulated device.
public struct WorldConfig: Sendable {
    public var width: Double = 390
    public var height: Double = 844
    public var fps: Int = 60
    public var layout: Layout = .leftToRight
    /// Most trace events kept (oldest dropped first); 0 keeps none.
    public var traceLimit: Int = 100_000
    /// Most bytes the kept trace events may hold (oldest dropped first), as
    /// `TraceEvent.retainedBytes` counts them.
    public var traceBytes: Int = WorldConfig.defaultTraceBytes
    /// 32 MiB: about 200,000 events of short titles, more than `traceLimit`
    /// keeps; it binds only when events copy long strings.
    public static let defaultTraceBytes = 32 << 20
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
    // Properties marked @exclusivity(unchecked) are read on every frame or
    // every call; each read would otherwise pay a run-time exclusivity check
    // (swift_beginAccess, about 60 instructions: half of an idle frame).
    // Every write to them is a plain assignment or an in-place change whose
    // closures read none of them, so no two accesses can overlap, whatever
    // a script does.
    public var clock: Clock { frameClock }
    /// The clock's storage, unchecked (see below: its one writer is the
    /// frame's `step`, which calls nothing) and inlinable so that
    /// `navlua.now()` reads it without a call, and so without retaining
    /// the world (whose counts live in a side table: ~120 instructions).
    @usableFromInline @exclusivity(unchecked) internal var frameClock: Clock
    public let trace: Trace
    @exclusivity(unchecked) public private(set) var navigations: [NavigationController] = []
    /// Touches that are down, in the order they went down.
    @exclusivity(unchecked) public internal(set) var touches: [Touch] = []
    @exclusivity(unchecked) var animations: [RunningAnimation] = []
    /// Bezier values the animations' frames already asked for.
    let bezierMemo = BezierMemo()
    /// The pitfalls that occurred, first occurrence order (manual §6.4).
    public private(set) var pitfalls: [Pitfall] = []
    /// Their lines for failure messages, each with the fix for the
    /// configuration it occurred in.
    private var pitfallLines: [String] = []

    /// The last id given to each kind of thing (ids count from 1 per kind).
    private var lastIDs = LastIDs()
    /// Calls waiting in all navigations' queues, so that a frame with none
    /// visits no navigation (NavigationQueue keeps it).
    @exclusivity(unchecked) var queuedCalls = 0
    /// >0 while user code (a hook or a subscriber) runs.
    @exclusivity(unchecked) public internal(set) var hookDepth = 0
    /// Some transition coordinator has a callback for each frame
    /// (`animate_alongside`); cleared when a frame finds none.
    @exclusivity(unchecked) var coordinatorsFollowFrames = false
    /// True while a driving call (tick, a touch, a navigation call) runs.
    @exclusivity(unchecked) public private(set) var isDriving = false
    /// The first failure of user code that no driving call has thrown yet.
    @exclusivity(unchecked) private var failure: NavError?
    /// Asked every few frames; a message ends the running call (timeouts,
    /// Ctrl-C). The engine itself never reads a wall clock.
    @exclusivity(unchecked) public var shouldStop: (() -> String?)?
    /// Called at the end of every frame, after queued calls ran; a frame
    /// recorder samples `visual()` here for --timeline and --filmstrip.
    /// Nil (the default) costs one check per frame.
    @exclusivity(unchecked) public var frameObserver: ((World) -> Void)?

    /// What the engine keeps for the script, counted (`MemoryAccount`).
    public let account: MemoryAccount

    /// `account`: where the world counts the bytes it keeps (by default an
    /// account of its own).
    public init(_ config: WorldConfig = WorldConfig(), account: MemoryAccount = MemoryAccount()) {
        self.config = config
        self.frameClock = Clock(fps: config.fps)
        self.account = account
        self.trace = Trace(limit: config.traceLimit, byteLimit: config.traceBytes, account: account)
        link.object = self
    }

    /// What touches and navigations hold instead of a weak reference (Link).
    package let link = WorldLink()

    deinit { link.object = nil }

    public var width: Double { config.width }
    public var height: Double { config.height }
    public var layout: Layout { config.layout }
    public var tunables: Tunables { config.tunables }
    @inlinable public var now: Int { frameClock.nanos }

    /// User code is running, or a driving call is under way: a new driving
    /// call now would re-enter the engine.
    public var isBusy: Bool { hookDepth > 0 || isDriving }

    /// The kinds of things that get ids, one counter each: a stored field
    /// per kind rather than a dictionary keyed by name, as an animation
    /// takes one on every push and pop.
    struct LastIDs {
        var nav = 0, screen = 0, animation = 0, touch = 0, coordinator = 0
    }

    func nextID(_ kind: WritableKeyPath<LastIDs, Int>) -> Int {
        lastIDs[keyPath: kind] += 1
        return lastIDs[keyPath: kind]
    }

    // MARK: entering the engine

    /// Runs a driving call: afterwards queued navigation calls run, and the
    /// first failure of user code, if any, is thrown. It owns that failure:
    /// user code records it (`fail`), and only this call takes it.
    @discardableResult
    func drive<T>(_ body: () throws(NavError) -> T) throws(NavError) -> T {
        guard !isDriving else {
            throw .badCall("the engine is busy: this call cannot run inside a hook or subscriber")
        }
        isDriving = true
        defer { isDriving = false }
        do throws(NavError) {
            let result = try body()
            drainQueues()
            if let failure = failure { throw failure }
            return result
        } catch {
            failure = nil
            releaseInterruptedTouches()
            throw error
        }
    }

    /// Whether user code has failed in the driving call under way. The call
    /// then winds down to report it: the frame finishes but no other frame
    /// runs, the back button does not go, and a pan that begins releases
    /// its touch.
    var hasFailed: Bool { failure != nil }

    /// A call that failed part way may leave a touch with samples it never
    /// delivered: the touch is released (its gestures cancel) rather than
    /// delivering them all at once in a later frame.
    private func releaseInterruptedTouches() {
        for touch in touches where !touch.pending.isEmpty {
            release(touch, because: "was released after its call failed")
        }
        touches.removeAll { !$0.isDown }
    }

    /// Records a failure of user code; the driving call will throw the first.
    func fail(_ error: NavError) {
        if failure == nil { failure = error }
        record(.error, [.string("message", error.message)])
    }

    /// Makes a navigation showing `root`; `prepare` runs before the root
    /// is shown (the app sets its delegate there, as in viewDidLoad).
    public func makeNavigation(_ options: NavigationOptions, root: Screen?,
                               prepare: (NavigationController) throws(NavError) -> Void = { _ in })
        throws(NavError) -> NavigationController {
        try options.check()
        let nav = NavigationController(world: self, id: nextID(\.nav), options: options)
        do throws(NavError) {
            try drive { () throws(NavError) in
                if let root = root { try nav.validateNewScreen(root) }
                try prepare(nav)
                // Only the first navigation is the window's root; a later
                // one is off screen until presented, as UIKit calls
                // viewWillAppear/viewDidAppear when the presentation runs
                // (a controller out of a window gets no appearance calls).
                nav.onScreen = navigations.isEmpty
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
        account.add(World.navigationBytes)
        return nav
    }

    /// What one navigation keeps while its world runs (its controller,
    /// stack, recognizers, bar): an estimate (100,000 of them took 227 MB
    /// resident beside the Lua heap, issue 40).
    static let navigationBytes = 2_300

    public func makeScreen(_ source: ScreenSource) -> Screen {
        Screen(id: nextID(\.screen), source: source)
    }

    // MARK: user code

    /// What asking a hook gave; `.failed` once its failure is recorded.
    package enum HookOutcome: Equatable { case undefined, value(Bool?), failed }

    /// Calls a hook of `screen`, recording decision hooks in the trace.
    func call(_ hook: Hook, of screen: Screen, _ arguments: HookArguments = .none,
              record recordIt: Bool = true) -> HookOutcome {
        hookDepth += 1
        let result: HookResult
        do {
            result = try screen.source.call(hook, arguments)
        } catch {
            hookDepth -= 1
            fail(.hookFailed(hook: hook, screen: screen.title, message: NavError.text(of: error)))
            return .failed
        }
        hookDepth -= 1
        guard case .value(let value) = result else { return .undefined }
        if recordIt {
            record(.hook, [.string("name", hook.rawValue), .string("screen", screen.title),
                           TraceField("result", value.map { .bool($0) } ?? .string("nil"))])
        }
        return .value(value)
    }

    /// Calls a method of `nav`'s gesture delegate, traced like a screen hook
    /// (`hook name=should_begin nav=1 result=...`). A failure is recorded
    /// and gives `.failed`; calls made from it are queued (hookDepth).
    func callDelegate(_ method: GestureDelegateMethod, of nav: NavigationController, _ recognizer: PopRecognizer,
                      _ arguments: GestureDelegateArguments) -> HookOutcome {
        guard let delegate = recognizer.delegate.custom else { return .undefined }
        hookDepth += 1
        let result: HookResult
        do {
            result = try delegate.call(method, nav, arguments)
        } catch {
            hookDepth -= 1
            fail(.callbackFailed(NavError.text(of: error)))
            return .failed
        }
        hookDepth -= 1
        guard case .value(let value) = result else { return .undefined }
        record(.hook, [.string("name", method.rawValue), .int("nav", nav.id),
                       TraceField("result", value.map { .bool($0) } ?? .string("nil"))])
        return .value(value)
    }

    /// Runs app code that is not a screen's hook (a navigation delegate's
    /// method, a transition coordinator's callback) as a hook runs: calls
    /// made from it are queued, and a failure is recorded as `what failed`.
    /// Nothing runs once the driving call has failed.
    @discardableResult
    func callUserCode(_ body: () throws -> Void) -> Bool {
        guard !hasFailed else { return false }
        hookDepth += 1
        defer { hookDepth -= 1 }
        do { try body() } catch {
            fail(.callbackFailed(NavError.text(of: error)))
            return false
        }
        return true
    }

    /// Records a pitfall; the first of each kind is kept for failure messages.
    func pitfall(_ p: Pitfall, _ nav: NavigationController, screen: Screen?, _ extra: [TraceField] = []) {
        let delegate = nav.mainRecognizer?.delegate ?? .uikit
        if !pitfalls.contains(p) {
            pitfalls.append(p)
            pitfallLines.append(p.line(delegate))
        }
        var fields: [TraceField] = [.string("name", p.rawValue), .int("nav", nav.id)]
        if let s = screen { fields.append(.string("screen", s.title)) }
        fields.append(contentsOf: extra)
        fields.append(.string("fix", p.fix(delegate)))
        record(.pitfall, fields)
    }

    /// Reads what user code provides (a screen's field, a scroll view's
    /// rule) for a decision; a failure is recorded and gives nil.
    func read<T>(_ body: () throws -> T) -> T? {
        do { return try body() } catch {
            fail(.callbackFailed(NavError.text(of: error)))
            return nil
        }
    }

    /// Adds an event to the trace and tells its subscribers. A subscriber's
    /// failure is kept but not recorded (that would tell the subscribers
    /// again); outside a driving call (a call queued while a transition
    /// runs) the next driving call throws it.
    func record(_ kind: TraceEvent.Kind, _ fields: [TraceField]) {
        let event = TraceEvent(nanos: now, frame: clock.frame, kind: kind, fields: fields)
        let subscribers = trace.append(event)
        for subscriber in subscribers {
            hookDepth += 1
            do { try subscriber(event) } catch {
                if failure == nil { failure = .callbackFailed(NavError.text(of: error)) }
            }
            hookDepth -= 1
        }
    }

    /// The app goes to the background and comes back to the foreground
    /// (navlua.background()): the one way out of a root freeze.
    public func backgroundAndForeground() throws(NavError) {
        try drive { () throws(NavError) in
            record(.app, [.string("phase", "background")])
            for nav in navigations { nav.recoverFromFreeze() }
            record(.app, [.string("phase", "foreground")])
        }
    }

    // MARK: time

    public func tick(_ frames: Int = 1) throws(NavError) {
        guard frames >= 0 else { throw .badCall("frame count must not be negative (got \(frames))") }
        try drive { () throws(NavError) in try stepFrames(frames) }
    }

    public func advance(seconds: Double) throws(NavError) {
        guard let frames = clock.framesCovering(seconds: seconds) else {
            throw .badCall("cannot advance by \(seconds) seconds")
        }
        try tick(frames)
    }

    /// Ticks until nothing is animating, tracking or transitioning, and
    /// returns the seconds that took; past `maxSeconds`, an error that names
    /// what is still active (like flutter_test's pumpAndSettle).
    public func settle(maxSeconds: Double = 10) throws(NavError) -> Double {
        guard let limit = clock.framesCovering(seconds: maxSeconds) else {
            throw .badCall("cannot settle for \(maxSeconds) seconds")
        }
        let start = now
        try drive { () throws(NavError) in
            var frames = 0
            while !isSettled {
                if frames >= limit {
                    throw .stillActive(seconds: maxSeconds, active: activeThings(), pitfalls: pitfallLines)
                }
                guard try stepFrames(1) else { return }
                frames += 1
            }
        }
        return Double(now - start) / 1e9
    }

    /// Whether nothing keeps the world from being settled: `activeThings()`
    /// would be empty. Told without building its words, as settle asks it
    /// on every frame (a transition's label reads its screen's title).
    var isSettled: Bool {
        touches.isEmpty
            && navigations.allSatisfy { $0.transition == nil && $0.queue.isEmpty }
            // with no transition running, every labelled animation counts
            && !animations.contains { $0.name != nil }
    }

    /// What keeps the world from being settled, in words.
    public func activeThings() -> [String] {
        var active: [String] = []
        for touch in touches { active.append("touch \(touch.id) is down") }
        for nav in navigations { active += nav.activeThings() }
        // a navigation names its transition; its animation is not named again
        let transitionAnimations = navigations.compactMap { $0.transition?.animationID }
        for animation in animations where animation.name != nil && !transitionAnimations.contains(animation.id) {
            let label = animation.label
            if !active.contains(label) { active.append(label) }
        }
        return active
    }

    /// Steps `n` frames; stops early, at the end of a frame, once user code
    /// has failed so that the driving call can report it (false then).
    @discardableResult @inline(__always)
    func stepFrames(_ n: Int) throws(NavError) -> Bool {
        var left = n
        while left > 0 {
            if clock.frame & 63 == 0, let message = shouldStop?() { throw .stopped(message) }
            guard frameClock.step() else { throw .badCall("the clock cannot advance further") }
            if !touches.isEmpty { deliverTouchSamples() }   // no call on a frame without fingers
            stepAnimations()
            if coordinatorsFollowFrames { runAlongsideCallbacks() }
            drainQueues()
            frameObserver?(self)
            if hasFailed { return false }
            left -= 1
        }
        return true
    }

    func drainQueues() {
        guard hookDepth == 0, queuedCalls > 0 else { return }
        for nav in navigations { nav.drainQueue() }
    }
}

extension World {
    /// Lets go of everything: navigations release their screens (so their
    /// sources are unpinned), touches and animations stop.
    public func shutdown() {
        for nav in navigations { nav.releaseScreens() }
        account.add(-navigations.count * World.navigationBytes)
        navigations.removeAll()
        // Scroll views belong to screens, which outlive the world: leave none
        // of them dragging or snapping in a world that no longer runs.
        for touch in touches {
            touch.end(because: "belongs to a world that navlua.reset replaced")
            touch.scroll?.abandon()
            touch.sheet?.abandon()
            for candidate in touch.scrollCandidates { candidate.abandon() }
            touch.control?.abandon()   // issue 35
        }
        touches.removeAll()
        for running in animations { running.abandoned?() }
        animations.removeAll()
        trace.removeSubscribers()
    }
}
