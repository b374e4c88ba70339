/// What a transition coordinator's callbacks are told
/// (UIViewControllerTransitionCoordinatorContext), at the moment they run.
public struct TransitionContext {
    /// A finger drives the transition now.
    public var isInteractive: Bool
    /// A finger drove it from its start (an interactive pop).
    public var initiallyInteractive: Bool
    /// The transition ends (or ended) with the screens as they were.
    public var isCancelled: Bool
    /// How far it has come, 0 to 1 (for a pop: 1 is the top screen gone).
    public var percentComplete: Double
    /// The navigation's push/pop duration, in seconds.
    public var transitionDuration: Double
    /// The finger's speed at the release, in widths per second toward the
    /// trailing side (0 before a release and for a transition without one).
    public var completionVelocity: Double
    /// The screen on top when it began, and the one on top if it finishes.
    public var from: Screen?
    public var to: Screen?
    /// Always true: UIKit makes no coordinator for a change without animation.
    public var isAnimated: Bool
}

/// UIKit's transition coordinator for one push, pop or interactive pop
/// (`nav.transition_coordinator`, manual §6.5): callbacks registered while
/// the transition runs are called when the finger's part ends
/// (`notifyWhenInteractionChangesUsingBlock:`, where seed 004 calls
/// `cl_popGestureDidEnd`), on each frame (`animateAlongsideTransition:`),
/// and when it ends, finished or cancelled (its completion).
///
/// It holds the callbacks as values its caller gives (the bridge's Lua
/// functions); the navigation tells it when each moment comes.
public final class TransitionCoordinator {
    public typealias Callback = (TransitionContext) throws -> Void

    /// Unique in its world, so Lua sees one object per coordinator.
    public let id: Int
    /// Weak: Lua may keep the coordinator after its transition is gone.
    private weak var transition: Transition?
    private let isPush: Bool
    private let top: Screen
    private let below: Screen?
    /// The progress when it ended (read once the transition is gone).
    private var lastProgress = 0.0
    private let duration: Double
    public let initiallyInteractive: Bool
    /// The finger's part is over (or there never was one).
    public private(set) var interactionEnded: Bool
    public private(set) var isCancelled = false
    private var completionVelocity = 0.0
    /// The transition has ended: nothing registered now would ever run.
    public private(set) var isOver = false

    private var interactionCallbacks: [Callback] = []
    private var alongside: [Callback] = []
    private var completions: [Callback] = []

    init(transition: Transition, duration: Double, id: Int) {
        self.id = id
        self.transition = transition
        isPush = transition.kind == .push
        top = transition.top
        below = transition.below
        self.duration = duration
        initiallyInteractive = transition.kind == .interactivePop
        interactionEnded = !initiallyInteractive
    }

    /// Told when a frame callback is first registered (the world then
    /// calls frames).
    var onFollow: (() -> Void)?

    /// Whether a frame has anything to call.
    var followsFrames: Bool { !alongside.isEmpty }

    public var context: TransitionContext {
        TransitionContext(
            isInteractive: !interactionEnded, initiallyInteractive: initiallyInteractive,
            isCancelled: isCancelled, percentComplete: transition?.progress ?? lastProgress,
            transitionDuration: duration, completionVelocity: completionVelocity,
            from: isPush ? below : top, to: isPush ? top : below,
            isAnimated: true)
    }

    /// Registers `callback` for the end of the finger's part; false (and
    /// never called) once that has passed, or when no finger drives it.
    @discardableResult
    public func notifyWhenInteractionChanges(_ callback: @escaping Callback) -> Bool {
        guard !isOver, !interactionEnded else { return false }
        interactionCallbacks.append(callback)
        return true
    }

    /// Registers a callback for each frame and one for the end; false (and
    /// neither called) once the transition has ended, as UIKit's returns NO.
    @discardableResult
    public func animateAlongside(_ frame: Callback?, completion: Callback?) -> Bool {
        guard !isOver else { return false }
        if let f = frame {
            alongside.append(f)
            onFollow?()
        }
        if let c = completion { completions.append(c) }
        return true
    }

    // MARK: told by the navigation; each returns the callbacks to run, in
    // the order they were registered, so the caller runs them as user code

    /// The finger lifted or its touch was cancelled.
    func endInteraction(cancelled: Bool, velocity: Double) -> [Callback] {
        guard !interactionEnded else { return [] }
        interactionEnded = true
        isCancelled = cancelled
        completionVelocity = velocity
        defer { interactionCallbacks.removeAll() }
        return interactionCallbacks
    }

    var frameCallbacks: [Callback] { isOver ? [] : alongside }

    /// The transition ended.
    func end(finished: Bool) -> [Callback] {
        guard !isOver else { return [] }
        if !finished { isCancelled = true }
        lastProgress = transition?.progress ?? lastProgress
        interactionEnded = true
        isOver = true
        let run = completions
        interactionCallbacks.removeAll()
        alongside.removeAll()
        completions.removeAll()
        return run
    }
}
