/// A stack of screens with UIKit's push and pop, their animations and
/// lifecycle, a presentation state, and a queue for calls that arrive while
/// it is busy (from a hook, or during a transition).
///
/// Its parts, one file each: this one holds the state and its writers (the
/// stack changes in `setStack` and its two siblings alone, a transition begins and ends in
/// `begin` and `end`); `NavigationQueue` the calls and their queue;
/// `NavigationStack` what push, pop and back do; `NavigationPresentation`
/// present and dismiss; `NavigationInteractivePop` what a finger's pop and
/// the root freeze do to the stack; `NavigationLifecycle` the lifecycle,
/// the bar and the pitfalls they show; `NavigationVisual` the geometry.
public final class NavigationController: NavigationFacts {
    /// Weak: Lua may keep a navigation after navlua.reset dropped its world.
    private var owner: World? { ownerLink.object }
    private let ownerLink: WorldLink
    /// What screens, touches and presented navigations hold instead of a
    /// weak reference (Link).
    package let link = NavigationLink()
    /// Its world's size and numbers, so that drawing needs no world.
    let config: WorldConfig
    public let id: Int
    // @exclusivity(unchecked): read on every frame and every call, written
    // only by plain assignments and in-place changes that call nothing that
    // reads them, so no two accesses can overlap (see World).
    /// How it is set up. Changed after creation only through the setters
    /// below, which keep what depends on them.
    @exclusivity(unchecked) public private(set) var options: NavigationOptions
    @exclusivity(unchecked) public private(set) var screens: [Screen] = []
    /// How it is presented, from the start of a present to the end of its
    /// dismiss (manual §4.7).
    @exclusivity(unchecked) public internal(set) var presentation: PresentationState?
    public var presented: Bool { presentation != nil }
    /// A full-screen present covers it: its views are out of the window, so,
    /// as UIKit, its screens get no lifecycle calls until it is uncovered.
    @exclusivity(unchecked) public internal(set) var isCovered = false
    /// The screen a cover or uncover told its will_ call, for its did_ call.
    var coverChangeScreen: Screen?
    /// Between a cover's or uncover's will_ call and its did_ call.
    var coverAnimating = false
    /// UIAdaptivePresentationControllerDelegate (`nav.presentation_delegate`).
    public internal(set) var presentationDelegate: (any PresentationDelegate)?
    /// UINavigationControllerDelegate (`nav.delegate`): will_show, did_show.
    public internal(set) var delegate: (any NavigationDelegate)?
    /// The bar's state, one value (NavigationBarState).
    @exclusivity(unchecked) var bar = NavigationBarState()
    /// What was last asked for (UIKit's `isNavigationBarHidden`). What is
    /// drawn follows a transition to it (visual().bar).
    public var barHidden: Bool { bar.hidden }
    /// The card it is presented on: its top edge and what moves it.
    let card = PresentationCard()
    /// Vertical offset of the whole navigation while presented or dismissed.
    var presentationY: Double { card.y }
    @exclusivity(unchecked) package private(set) var transition: Transition?
    @exclusivity(unchecked) var queue: [QueuedCall] = []
    /// The gesture a finger drives on it, from its `began` to the release
    /// (the animation after it runs on its own): HeldGesture. Written by
    /// `hold` and `letGo` alone.
    @exclusivity(unchecked) private(set) var heldGesture: HeldGesture?
    /// Android: what the system back gesture drives, until its animation ends.
    var predictiveBack: BackDispatch?
    /// Whether its screens are on screen: the world's first navigation
    /// from creation (the root is shown at once), any other from a present;
    /// until a dismiss ends. Like UIKit,
    /// which sends appearance callbacks only to view controllers in a
    /// window, lifecycle events fire only while this is true, so a screen
    /// never appears twice or disappears while hidden.
    @exclusivity(unchecked) public internal(set) var onScreen = true
    /// The root freeze: a pop gesture began with one screen on the stack,
    /// so UIKit's transition never ends. Touches are ignored and later
    /// calls wait in the queue for ever; nothing in the app ends it
    /// (navlua.background(), the app going to the background and back,
    /// ends it; so does navlua.reset, a relaunch).
    @exclusivity(unchecked) public internal(set) var stuck = false
    /// The screen on top when `pop_gesture` was turned off (nil while on,
    /// or when the navigation was made with it off), for seed 004's pitfall.
    private(set) var popGestureOffBy: Screen?
    var leakReported = false
    /// The `two_pop_recognizers` pitfall is reported once per navigation.
    var twoPopRecognizersReported = false

    init(world: World, id: Int, options: NavigationOptions) {
        self.ownerLink = world.link
        self.config = world.config
        self.id = id
        self.options = options
        let setups = options.popRecognizerSetups
        popRecognizers = setups.enumerated().map { PopRecognizer($1, index: $0, alone: setups.count == 1) }
        link.object = self
    }

    deinit { link.object = nil }

    /// Whether this navigation is part of `world` (false after a reset).
    public func belongs(to world: World) -> Bool { owner === world }

    /// The world, reached only from the world's own frames or within a
    /// public call that `attachedWorld()` let through (it holds the world).
    var world: World { owner! }

    /// The world for a public call; an error, not a trap, once it is gone.
    func attachedWorld() throws(NavError) -> World {
        guard let world = owner else {
            throw .badCall("navigation \(id) belongs to a world that no longer exists")
        }
        return world
    }

    public var top: Screen? { screens.last }
    public var count: Int { screens.count }
    public var transitioning: Bool { transition != nil }
    public var style: PopStyle { options.style }
    /// The shorthand this navigation was made with, or `custom` for a list
    /// of recognizers (`nav.style`).
    public var styleName: String { options.recognizers == nil ? options.style.rawValue : "custom" }

    /// Its pop recognizers, in the order the arena asks them (manual §5.11).
    public let popRecognizers: [PopRecognizer]

    /// The recognizer `pop_gesture` and `gesture_delegate` speak for: the
    /// edge swipe when it has one (`interactivePopGestureRecognizer`), else
    /// the style's own (v1: FD's or QD's pan), else the first.
    public var mainRecognizer: PopRecognizer? {
        if let edge = popRecognizers.first(where: { $0.kind == .edge }) { return edge }
        if options.recognizers == nil {
            let own: PopRecognizerKind = switch options.style {
            case .edge: .edge
            case .fullscreen: .fullscreen
            case .snapshot: .snapshot
            }
            if let r = popRecognizers.first(where: { $0.kind == own }) { return r }
        }
        return popRecognizers.first
    }

    /// The navigation's switch, `pop_gesture`: its main recognizer's
    /// `enabled` (false with no recognizer).
    public var popGestureOn: Bool { mainRecognizer?.enabled ?? false }

    /// Its recognizer of that kind, if it has one.
    public func popRecognizer(_ kind: PopRecognizerKind) -> PopRecognizer? {
        popRecognizers.first { $0.kind == kind }
    }

    /// A pop recognizer drives pans over a snapshot (QD).
    package var width: Double { config.width }
    var sign: Double { config.layout.sign }

    // MARK: the stack

    /// The stack's writers (`setStack`, `pushOnStack`, `dropFromStack`):
    /// the only places it changes, so that pins and ownership follow. A
    /// screen is in the stack at most once (push refuses a screen already
    /// in it, set_screens a list that holds one twice), so a screen is in
    /// it exactly when its `navigation` is this one.
    ///
    /// `setStack` replaces the whole stack (the root, set_screens, the
    /// release): work in the stack's size, as the call passes a list.
    func setStack(_ new: [Screen]) {
        for screen in new {
            screen.pins += 1
            screen.navigation = self
        }
        for screen in screens {
            screen.pins -= 1
            if !new.contains(where: { $0 === screen }) { screen.navigation = nil }
        }
        screens = new
    }

    /// A push: one screen on top. Nothing below it is copied or visited,
    /// so a push costs the same on any stack.
    func pushOnStack(_ screen: Screen) {
        screen.pins += 1
        screen.navigation = self
        screens.append(screen)
    }

    /// A pop: the screens above the first `count` leave, bottom first (the
    /// order `setStack` unpins them in). Those below are not visited.
    func dropFromStack(keeping count: Int) {
        for screen in screens[count...] {
            screen.pins -= 1
            screen.navigation = nil
        }
        screens.removeLast(screens.count - count)
    }

    /// Empties the stack and the queue when the world shuts down.
    func releaseScreens() {
        for queued in queue { for screen in queued.call.screens { screen.pins -= 1 } }
        owner?.queuedCalls -= queue.count
        queue.removeAll()
        // its callbacks go without running: the world they belong to ends
        if let c = transition?.coordinator { _ = c.end(finished: false) }
        transition = nil
        heldGesture = nil
        predictiveBack = nil
        setStack([])
    }

    // MARK: the gesture a finger drives

    /// A finger's gesture takes the navigation (its pop began, or its
    /// sheet's pull).
    func hold(_ gesture: HeldGesture) { heldGesture = gesture }

    /// The finger's part of `gesture` is over; nothing if another holds it.
    func letGo(_ gesture: HeldGesture) {
        if heldGesture?.is(gesture) == true { heldGesture = nil }
    }

    // MARK: transitions

    /// `recorded: false` sets it running now and leaves its trace event to
    /// `recordBegin` (a push's: after the will_ calls, see NavigationStack).
    func begin(_ transition: Transition, recorded: Bool = true) {
        self.transition = transition
        transition.barBegins(hidden: bar.transitionBegins())
        if recorded { recordBegin(transition) }
    }

    func recordBegin(_ transition: Transition) {
        world.record(.transition, [.int("nav", id), .string("phase", "begin"),
                                   .string("what", transition.kind.rawValue),
                                   .string("screen", transition.top.title)])
    }

    func end(_ transition: Transition, finished: Bool) {
        if self.transition === transition { self.transition = nil }
        world.record(.transition, [.int("nav", id), .string("phase", finished ? "finish" : "cancel"),
                                   .string("what", transition.kind.rawValue),
                                   .string("screen", transition.top.title)])
        coordinatorEnded(transition, finished: finished)
    }

    // MARK: options

    /// The global switch (seed 004's `interactivePopGestureRecognizer.enabled`):
    /// the main recognizer's.
    public func setPopGesture(_ on: Bool) {
        guard let main = mainRecognizer else { return }
        setEnabled(main, on)
    }

    /// A recognizer's `enabled` (UIKit's `isEnabled`, navigation-wide). The
    /// main one's switch turned off is remembered for seed 004's pitfall.
    public func setEnabled(_ recognizer: PopRecognizer, _ on: Bool) {
        if on == recognizer.enabled { return }
        recognizer.enabled = on
        if recognizer === mainRecognizer {
            popGestureOffBy = on ? nil : top
            leakReported = false
        }
    }

    /// What keeps this navigation from being settled, in words.
    func activeThings() -> [String] {
        var active: [String] = []
        if let tr = transition {
            active.append(stuck ? "nav \(id): stuck in an interactive pop at the root (root freeze)" : "nav \(id): \(tr.label)")
        }
        if !queue.isEmpty { active.append("nav \(id): \(queue.count) queued call(s)") }
        return active
    }
}
