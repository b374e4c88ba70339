/// A stack of screens with UIKit's push and pop, their animations and
/// lifecycle, a presentation state, and a queue for calls that arrive while
/// it is busy (from a hook, or during a transition).
public final class NavigationController {
    /// Weak: Lua may keep a navigation after navlua.reset dropped its world.
    private weak var owner: World?
    /// Its world's size and numbers, so that drawing needs no world.
    private let config: WorldConfig
    public let id: Int
    public var options: NavigationOptions
    public private(set) var screens: [Screen] = []
    public private(set) var presented = false
    public private(set) var barHidden = false
    /// Vertical offset of the whole navigation while presented or dismissed.
    private(set) var presentationY: Double = 0
    package var transition: Transition?
    private(set) var queue: [NavigationCall] = []
    /// The pop a finger drives on this navigation, from its gesture's
    /// `began` to the release (the animation after it runs on its own).
    private(set) var interactivePop: InteractivePop?
    /// Whether its screens are on screen: from creation (the root is shown
    /// at once) until a dismiss ends, and again from a present. Like UIKit,
    /// which sends appearance callbacks only to view controllers in a
    /// window, lifecycle events fire only while this is true, so a screen
    /// never appears twice or disappears while hidden.
    public private(set) var onScreen = true
    /// The root freeze (issue 13): a pop gesture began with one screen on
    /// the stack, so UIKit's transition never ends. Touches are ignored and
    /// later calls wait in the queue for ever; nothing in the app ends it
    /// (the README's recovery rule: navlua.background(), the app going to
    /// the background and back, ends it; so does navlua.reset, a relaunch).
    public private(set) var stuck = false
    /// The screen on top when `pop_gesture` was turned off (nil while on,
    /// or when the navigation was made with it off), for seed 004's pitfall.
    private var popGestureOffBy: Screen?
    private var leakReported = false

    init(world: World, id: Int, options: NavigationOptions) {
        self.owner = world
        self.config = world.config
        self.id = id
        self.options = options
    }

    /// Whether this navigation is part of `world` (false after a reset).
    public func belongs(to world: World) -> Bool { owner === world }

    /// The world, reached only from the world's own frames or within a
    /// public call that `attachedWorld()` let through (it holds the world).
    var world: World { owner! }

    /// The world for a public call; an error, not a trap, once it is gone.
    private func attachedWorld() throws(NavError) -> World {
        guard let world = owner else {
            throw .badCall("navigation \(id) belongs to a world that no longer exists")
        }
        return world
    }

    public var top: Screen? { screens.last }
    public var count: Int { screens.count }
    public var transitioning: Bool { transition != nil }
    public var style: PopStyle { options.style }
    package var width: Double { config.width }
    var sign: Double { config.layout.sign }

    // MARK: the public calls

    public func push(_ screen: Screen, animated: Bool) throws(NavError) {
        try perform(.push(screen, animated: animated))
    }

    /// Returns the popped screen; nil at the root or when the call was queued.
    @discardableResult
    public func pop(animated: Bool) throws(NavError) -> Screen? {
        try perform(.pop(animated: animated))
    }

    @discardableResult
    public func popToRoot(animated: Bool) throws(NavError) -> Screen? {
        try perform(.popToRoot(animated: animated))
    }

    @discardableResult
    public func pop(to screen: Screen, animated: Bool) throws(NavError) -> Screen? {
        try perform(.popTo(screen, animated: animated))
    }

    public func setScreens(_ list: [Screen], animated: Bool) throws(NavError) {
        try perform(.setScreens(list, animated: animated))
    }

    /// The back button: `will_go_back`, then pop, or dismiss at the root.
    public func back() throws(NavError) {
        try perform(.back)
    }

    public func present(animated: Bool) throws(NavError) {
        try perform(.present(animated: animated))
    }

    public func dismiss(animated: Bool) throws(NavError) {
        try perform(.dismiss(animated: animated))
    }

    /// Calls made from a hook or while anything moves wait their turn.
    var mustQueue: Bool {
        world.hookDepth > 0 || transition != nil || interactivePop != nil || !queue.isEmpty
    }

    @discardableResult
    private func perform(_ call: NavigationCall) throws(NavError) -> Screen? {
        let world = try attachedWorld()
        try check(call)
        if mustQueue || waitsForAnotherNavigation(call) {
            enqueue(call)
            return nil
        }
        return try world.drive { () throws(NavError) in try apply(call) }
    }

    private func enqueue(_ call: NavigationCall) {
        for screen in call.screens { screen.pins += 1 }
        queue.append(call)
        world.record(.queued, ["nav": .int(id), "call": .string(call.name)])
    }

    /// Runs queued calls while the navigation is free; a failure is the
    /// current driving call's error.
    func drainQueue() {
        while !queue.isEmpty && !mustQueueIgnoringQueue && !waitsForAnotherNavigation(queue[0]) {
            let call = queue.removeFirst()
            defer { for screen in call.screens { screen.pins -= 1 } }
            do throws(NavError) {
                try check(call)
                _ = try apply(call)
            } catch {
                world.fail(error)
            }
        }
    }

    private var mustQueueIgnoringQueue: Bool {
        world.hookDepth > 0 || transition != nil || interactivePop != nil
    }

    /// A screen that another navigation is still animating out (popped
    /// there, its transition running) joins this one only once that
    /// transition ends, so that its did_disappear comes before its
    /// will_appear here.
    private func waitsForAnotherNavigation(_ call: NavigationCall) -> Bool {
        let screens = call.screens
        guard !screens.isEmpty else { return false }
        return world.navigations.contains { other in
            guard other !== self, let tr = other.transition else { return false }
            return screens.contains { $0 === tr.top || $0 === tr.below }
        }
    }

    /// Errors that do not depend on when the call runs.
    private func check(_ call: NavigationCall) throws(NavError) {
        switch call {
        case .push(let screen, _):
            if let other = screen.navigation, other !== self {
                throw .badCall("screen '\(screen.title)' is in another navigation")
            }
        case .popTo(let screen, _):
            if !screens.contains(where: { $0 === screen }) && !queue.contains(where: { $0.screens.contains { $0 === screen } }) {
                throw .badCall("screen '\(screen.title)' is not in the stack")
            }
        case .setScreens(let list, _):
            guard !list.isEmpty else { throw .badCall("the list of screens is empty") }
            for (i, screen) in list.enumerated() {
                if list[..<i].contains(where: { $0 === screen }) {
                    throw .badCall("screen '\(screen.title)' is in the list twice")
                }
                if let other = screen.navigation, other !== self {
                    throw .badCall("screen '\(screen.title)' is in another navigation")
                }
            }
        case .present:
            if screens.isEmpty { throw .badCall("the navigation has no screens to present") }
        default:
            break
        }
    }

    private func apply(_ call: NavigationCall) throws(NavError) -> Screen? {
        switch call {
        case let .push(screen, animated):
            try applyPush(screen, animated: animated)
            return nil
        case let .pop(animated):
            return popTo(index: screens.count - 2, animated: animated)
        case let .popToRoot(animated):
            return popTo(index: 0, animated: animated)
        case let .popTo(screen, animated):
            guard let index = screens.firstIndex(where: { $0 === screen }) else {
                throw .badCall("screen '\(screen.title)' is not in the stack")
            }
            return popTo(index: index, animated: animated)
        case let .setScreens(list, animated):
            applySetScreens(list, animated: animated)
            return nil
        case .back:
            goBack()
            return nil
        case let .present(animated):
            guard !presented else { throw .badCall("the navigation is already presented") }
            guard let top = top else { throw .badCall("the navigation has no screens to present") }
            startPresentation(showing: true, top: top, animated: animated)
            return nil
        case let .dismiss(animated):
            guard presented, let top = top else { throw .badCall("the navigation is not presented") }
            startPresentation(showing: false, top: top, animated: animated)
            return nil
        }
    }

    // MARK: stack changes

    /// The one place the stack changes, so that pins and ownership follow.
    private func setStack(_ new: [Screen]) {
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

    /// Empties the stack and the queue when the world shuts down.
    func releaseScreens() {
        for call in queue { for screen in call.screens { screen.pins -= 1 } }
        queue.removeAll()
        transition = nil
        interactivePop = nil
        setStack([])
    }

    func showRoot(_ root: Screen) {
        setStack([root])
        world.record(.push, ["nav": .int(id), "screen": .string(root.title), "animated": .bool(false)])
        lifecycle(.will_appear, root, animated: false)
        lifecycle(.did_appear, root, animated: false)
    }

    func validateNewScreen(_ screen: Screen) throws(NavError) {
        if let other = screen.navigation, other !== self {
            throw .badCall("screen '\(screen.title)' is in another navigation")
        }
    }

    private func applyPush(_ screen: Screen, animated: Bool) throws(NavError) {
        if screens.contains(where: { $0 === screen }) {
            guard style == .fullscreen else {
                throw .badCall("screen '\(screen.title)' is already in the stack")
            }
            // FDFullscreenPopGesture's guard against pushing twice.
            world.record(.push_ignored, ["nav": .int(id), "screen": .string(screen.title)])
            return
        }
        let from = top
        setStack(screens + [screen])
        world.record(.push, ["nav": .int(id), "screen": .string(screen.title), "animated": .bool(animated)])
        move(arriving: screen, leaving: from, kind: .push, animated: animated && from != nil)
    }

    func popTo(index: Int, animated: Bool) -> Screen? {
        guard index >= 0, index < screens.count - 1, let leaving = top else { return nil }
        let target = screens[index]
        setStack(Array(screens[...index]))
        world.record(.pop, ["nav": .int(id), "screen": .string(leaving.title),
                            "to": .string(target.title), "animated": .bool(animated)])
        move(arriving: target, leaving: leaving, kind: .pop, animated: animated)
        return leaving
    }

    private func applySetScreens(_ list: [Screen], animated: Bool) {
        let oldTop = top
        let wasInStack = list.last.map { new in screens.contains { $0 === new } } ?? false
        setStack(list)
        world.record(.push, ["nav": .int(id), "screen": .string(list.last!.title),
                             "animated": .bool(animated), "set_screens": .int(list.count)])
        guard let newTop = top, newTop !== oldTop else { return }
        move(arriving: newTop, leaving: oldTop, kind: wasInStack ? .pop : .push,
             animated: animated && oldTop != nil)
    }

    /// Lifecycle and motion for a screen replacing another on top.
    private func move(arriving: Screen, leaving: Screen?, kind: Transition.Kind, animated: Bool) {
        if let leaving = leaving { lifecycle(.will_disappear, leaving, animated: animated) }
        lifecycle(.will_appear, arriving, animated: animated)
        guard animated, let leaving = leaving else {
            if let leaving = leaving { lifecycle(.did_disappear, leaving, animated: false) }
            lifecycle(.did_appear, arriving, animated: false)
            return
        }
        let transition = kind == .push
            ? Transition(kind: .push, top: arriving, below: leaving)
            : Transition(kind: .pop, top: leaving, below: arriving)
        begin(transition)
        let spec = options.transition
        transition.animationID = world.animate(
            from: 0, to: 1, seconds: spec.duration, curve: transitionCurve, label: transition.label,
            apply: { transition.progress = $0 },
            complete: { [unowned self] in
                self.end(transition, finished: true)
                self.lifecycle(.did_disappear, leaving, animated: true)
                self.lifecycle(.did_appear, arriving, animated: true)
            })
    }

    /// The curve of a push or pop: React Navigation's spring travels the
    /// width from rest; otherwise the transition's own curve.
    private var transitionCurve: Curve {
        if let spring = options.transitionSpring?.started(distance: width, velocity: 0) {
            return .physicalSpring(spring)
        }
        return options.transition.curve
    }

    func begin(_ transition: Transition) {
        self.transition = transition
        world.record(.transition, ["nav": .int(id), "phase": .string("begin"),
                                   "what": .string(transition.kind.rawValue),
                                   "screen": .string(transition.top.title)])
    }

    func end(_ transition: Transition, finished: Bool) {
        if self.transition === transition { self.transition = nil }
        world.record(.transition, ["nav": .int(id), "phase": .string(finished ? "finish" : "cancel"),
                                   "what": .string(transition.kind.rawValue),
                                   "screen": .string(transition.top.title)])
    }

    /// The global switch (seed 004's `interactivePopGestureRecognizer.enabled`).
    public func setPopGesture(_ on: Bool) {
        if on == options.popGesture { return }
        options.popGesture = on
        popGestureOffBy = on ? nil : top
        leakReported = false
    }

    // MARK: the pop gesture (its recognizer reports here, as to UIKit's target)

    func popGestureBegan(_ gesture: PopGestureRecognizer) {
        interactivePop = InteractivePop(nav: self, gesture: gesture)
    }

    func popGestureMoved(_ gesture: PopGestureRecognizer) {
        guard let pop = interactivePop, pop.gesture === gesture else { return }
        pop.follow()
    }

    /// The finger's part is over: calls wait for the transition only.
    func popGestureEnded(_ gesture: PopGestureRecognizer, cancelled: Bool) -> PopDecision? {
        guard let pop = interactivePop, pop.gesture === gesture else { return nil }
        interactivePop = nil
        return pop.release(cancelled: cancelled)
    }

    // MARK: interactive pops (what InteractivePop asks of the stack)

    /// Begins a pop that a finger drives; nil at the root (nothing to pop).
    /// UIKit's interactive transition tells both screens at once; QD's
    /// slide over a snapshot tells neither until it pops.
    func beginInteractivePop(_ kind: Transition.Kind) -> Transition? {
        guard screens.count > 1, let top = top else {
            if kind == .interactivePop { freeze() }
            return nil
        }
        let tr = Transition(kind: kind, top: top, below: screens[screens.count - 2])
        begin(tr)
        if kind == .interactivePop {
            lifecycle(.will_disappear, top, animated: true)
            lifecycle(.will_appear, screens[screens.count - 2], animated: true)
        }
        return tr
    }

    /// Ends an interactive pop that finishes: the top screen goes, and it
    /// is told `pop_gesture_did_end`. The stack is as it was when the pop
    /// began: while a transition runs, calls wait in the queue.
    func finishInteractivePop(_ tr: Transition) {
        assert(top === tr.top && screens.count > 1, "the stack changed under an interactive pop")
        end(tr, finished: true)
        if tr.kind == .snapshotPop {
            // QD: the view has slid out; now the pop, without animation.
            _ = popTo(index: screens.count - 2, animated: false)
        } else {
            lifecycle(.did_disappear, tr.top, animated: true)
            lifecycle(.did_appear, screens[screens.count - 2], animated: true)
            setStack(Array(screens.dropLast()))
            world.record(.pop, ["nav": .int(id), "screen": .string(tr.top.title),
                                "to": .string(top?.title ?? ""), "animated": .bool(true),
                                "interactive": .bool(true)])
        }
        _ = world.call(.pop_gesture_did_end, of: tr.top)
    }

    /// UIKit's interactive transition with nothing to pop: it begins and
    /// never ends (seed 001's "假死", the app appears frozen).
    private func freeze() {
        guard !stuck, let root = top else { return }
        stuck = true
        let tr = Transition(kind: .interactivePop, top: root, below: nil)
        begin(tr)
        world.pitfall(.rootFreeze, self, screen: root,
                      [("why", .string(options.gestureDelegate.custom == nil
                        ? "the gesture delegate was cleared (false): nothing refused at the root"
                        : "the gesture delegate let the pop begin with one screen"))])
    }

    /// The recovery rule (README): the app went to the background and came
    /// back. The frozen transition ends (cancelled, the stack as it was)
    /// and the calls that waited run, so what the user did while it looked
    /// frozen shows at once, as in react-native-navigation #341 and #5502.
    func recoverFromFreeze() {
        guard stuck, let tr = transition else { return }
        stuck = false
        end(tr, finished: false)
    }

    /// Ends an interactive pop that was cancelled: the stack stays.
    func cancelInteractivePop(_ tr: Transition) {
        end(tr, finished: false)
        guard tr.kind == .interactivePop, let below = tr.below else { return }
        if !options.barPerScreen { checkBarAfterCancel(top: tr.top, below: below) }
        // UIKit's order for a cancelled interactive pop.
        lifecycle(.will_disappear, below, animated: true)
        lifecycle(.did_disappear, below, animated: true)
        lifecycle(.will_appear, tr.top, animated: true)
        lifecycle(.did_appear, tr.top, animated: true)
    }

    /// bar_per_screen off: the screen below asked for its bar as the swipe
    /// began, and nothing puts the top screen's back (FD issue #55).
    private func checkBarAfterCancel(top: Screen, below: Screen) {
        guard let t = world.read({ try top.source.flag("navigation_bar_hidden") }),
              let b = world.read({ try below.source.flag("navigation_bar_hidden") }), t != b else { return }
        world.pitfall(.barAfterCancel, self, screen: top, [("below", .string(below.title))])
    }

    // MARK: back and presentation

    /// Back button semantics (QD's popOrDissMiss): ask `will_go_back`, then
    /// pop, or at the root dismiss when allowed. Returns whether it went.
    @discardableResult
    func goBack() -> Bool {
        guard let top = top else { return false }
        // after a failure (this hook's or an earlier one) the call winds down
        if world.call(.will_go_back, of: top) == .value(false) || world.hasFailed { return false }
        if screens.count > 1 {
            _ = popTo(index: screens.count - 2, animated: true)
            return true
        }
        if options.dismissAtRoot && presented {
            startPresentation(showing: false, top: top, animated: true)
            return true
        }
        return false
    }

    /// Presenting a navigation that is still on screen (one made with a
    /// root and never dismissed) slides it up without a second will_appear.
    private func startPresentation(showing: Bool, top: Screen, animated: Bool) {
        let kind: Transition.Kind = showing ? .present : .dismiss
        if showing { presented = true }
        world.record(showing ? .present : .dismiss, ["nav": .int(id), "animated": .bool(animated)])
        let appears = showing && !onScreen
        onScreen = true
        if appears || !showing { lifecycle(showing ? .will_appear : .will_disappear, top, animated: animated) }
        let finish = { [unowned self] in
            if !showing { self.presented = false }
            if appears || !showing { self.lifecycle(showing ? .did_appear : .did_disappear, top, animated: animated) }
            if !showing { self.onScreen = false }
        }
        let hidden = world.height, shown = 0.0
        guard animated else {
            presentationY = showing ? shown : hidden
            finish()
            return
        }
        let transition = Transition(kind: kind, top: top, below: nil)
        begin(transition)
        let spec = options.presentation
        transition.animationID = world.animate(
            from: showing ? hidden : shown, to: showing ? shown : hidden,
            seconds: spec.duration, curve: spec.curve, label: transition.label,
            apply: { [unowned self] in self.presentationY = $0 },
            complete: { [unowned self] in
                self.end(transition, finished: true)
                finish()
            })
    }

    // MARK: lifecycle and bar

    func lifecycle(_ hook: Hook, _ screen: Screen, animated: Bool) {
        guard onScreen else {
            // off screen: no callbacks, but the bar still follows the top
            if hook == .will_appear { applyBar(of: screen, animated: false) }
            return
        }
        world.record(.lifecycle, ["nav": .int(id), "name": .string(hook.rawValue),
                                  "screen": .string(screen.title), "animated": .bool(animated)])
        if hook == .will_appear { applyBar(of: screen, animated: animated) }
        _ = world.call(hook, of: screen, .animated(animated), record: false)
        if hook == .did_appear { checkLeakedSwitch(screen) }
    }

    /// Seed 004: the switch is global, so a screen that turned it off
    /// leaves it off for the next one (reported once per time it is off).
    private func checkLeakedSwitch(_ screen: Screen) {
        guard !options.popGesture, !leakReported, let by = popGestureOffBy, by !== screen else { return }
        leakReported = true
        world.pitfall(.popGestureLeaked, self, screen: screen, [("turned_off_by", .string(by.title))])
    }

    /// FD: the appearing screen's preference applies at its will_appear.
    private func applyBar(of screen: Screen, animated: Bool) {
        guard options.barPerScreen else { return }
        guard let hidden = world.read({ try screen.source.flag("navigation_bar_hidden") }),
              hidden != barHidden else { return }
        barHidden = hidden
        world.record(.bar, ["nav": .int(id), "hidden": .bool(hidden),
                            "screen": .string(screen.title), "animated": .bool(animated)])
    }

    // MARK: what it looks like

    public func visual() -> Visual {
        let w = width, s = sign, t = config.tunables
        let parallax = options.parallax, dimming = options.dim
        var top: Visual.Placed? = self.top.map { Visual.Placed(screen: $0, x: 0) }
        var below: Visual.Placed?
        var dim = 0.0
        var snapshot: Visual.Snapshot?
        var mask: Double? = style == .snapshot ? 0 : nil
        if let tr = transition {
            let q = tr.progress
            switch tr.kind {
            case .push, .pop:
                // the route animation's value, as Flutter's CupertinoPageTransition reads it
                let r = tr.kind == .push ? q : 1 - q
                let c = options.pageCurves
                let topShown = c.map { (tr.kind == .push ? $0.pushTop : $0.popTop).value(at: r) } ?? r
                let belowCovered = c.map { (tr.kind == .push ? $0.pushBelow : $0.popBelow).value(at: r) } ?? r
                top = Visual.Placed(screen: tr.top, x: s * w * (1 - topShown))
                below = tr.below.map { Visual.Placed(screen: $0, x: -s * parallax * w * belowCovered) }
                dim = dimming * r
            case .interactivePop:
                // linear under the finger and during the drop, on every preset
                top = Visual.Placed(screen: tr.top, x: s * w * q)
                below = tr.below.map { Visual.Placed(screen: $0, x: -s * parallax * w * (1 - q)) }
                dim = dimming * (1 - q)
            case .snapshotPop:
                let x = tr.offset
                top = Visual.Placed(screen: tr.top, x: s * x)
                mask = t.snapshotMaskBase - x / t.snapshotMaskDivisor
                if let b = tr.below {
                    let g = t.snapshotGap * (w - x) / w
                    let h = config.height
                    snapshot = Visual.Snapshot(screen: b, x: g * w, y: g * h,
                                               width: (1 - 2 * g) * w, height: (1 - 2 * g) * h)
                }
            case .present, .dismiss:
                break
            }
        }
        return Visual(top: top, below: below, dim: dim, barHidden: barHidden,
                      snapshot: snapshot, mask: mask, y: presentationY)
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

/// A navigation call, kept as a value so that it can wait in the queue.
package enum NavigationCall {
    case push(Screen, animated: Bool)
    case pop(animated: Bool)
    case popToRoot(animated: Bool)
    case popTo(Screen, animated: Bool)
    case setScreens([Screen], animated: Bool)
    case back
    case present(animated: Bool)
    case dismiss(animated: Bool)

    var name: String {
        switch self {
        case .push(let s, _): return "push '\(s.title)'"
        case .pop: return "pop"
        case .popToRoot: return "pop_to_root"
        case .popTo(let s, _): return "pop_to '\(s.title)'"
        case .setScreens(let l, _): return "set_screens (\(l.count))"
        case .back: return "back"
        case .present: return "present"
        case .dismiss: return "dismiss"
        }
    }

    /// Screens the call holds while it waits.
    var screens: [Screen] {
        switch self {
        case .push(let s, _), .popTo(let s, _): return [s]
        case .setScreens(let l, _): return l
        default: return []
        }
    }
}
