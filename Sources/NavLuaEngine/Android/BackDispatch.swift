/// What one back gesture drives, decided when it starts, as the system's
/// `BackAnimationController` and androidx's `OnBackPressedDispatcher` decide:
///
/// - `callback`: the top screen's `back_callback` is enabled: it takes the
///   gesture (`on_started`, `on_progressed` each sample, then `on_pressed` at
///   a commit or `on_cancelled`); the navigation does not move by itself.
/// - `pop`: no callback and a screen to go back to: the navigation plays its
///   predictive pop, scrubbed by the progress, and pops on commit.
/// - `home`: no callback at the root: the system's back-to-home; on commit
///   the app goes to the background (trace `back_to_home`; the stack stays,
///   as Android 12+ moves a root activity to the back instead of finishing it).
/// - `ignored`: a transition runs or a finger drives the navigation already:
///   the gesture moves nothing (navlua's simplification).
final class BackDispatch {
    enum Taker {
        case callback(Screen)
        case pop(Transition)
        case home
        case ignored(String)

        var name: String {
            switch self {
            case .callback: return "callback"
            case .pop: return "pop"
            case .home: return "home"
            case .ignored: return "none"
            }
        }
    }

    // unowned(unsafe): read on every sample; the navigation holds this
    // dispatch (predictiveBack) and the world holds the navigation
    unowned(unsafe) let nav: NavigationController
    unowned(unsafe) let world: World
    private(set) var taker: Taker
    let edge: BackTouchTracker.Edge
    private let startY: Double
    /// The progress the visual draws (the gesture's, then the animation's).
    @exclusivity(unchecked) private(set) var progress = 0.0
    @exclusivity(unchecked) private(set) var lastY: Double
    /// The pop the finger scrubs (the `pop` taker's), until the lift: read
    /// on every sample without the enum's retain (the navigation's
    /// transition holds it).
    @exclusivity(unchecked) private unowned(unsafe) var scrubbed: Transition?
    /// The commit animation's fraction, once committed.
    private(set) var commitFraction: Double?

    private init(nav: NavigationController, taker: Taker, edge: BackTouchTracker.Edge, y: Double) {
        self.nav = nav
        self.world = nav.world
        self.taker = taker
        self.edge = edge
        self.startY = y
        self.lastY = y
    }

    /// Who takes a gesture that starts now, and the `started` event.
    static func start(_ gesture: SystemBackGesture, event: BackEvent) -> BackDispatch {
        let nav = gesture.nav, world = gesture.world
        // A gesture during the previous one's commit animation: Android 15+
        // queues it until that animation ends (BackAnimationController's
        // mQueuedTracker); navlua ends the running commit at once, then starts.
        if let running = nav.predictiveBack, running.commitFraction != nil,
           case .pop(let tr) = running.taker, let id = tr.animationID {
            world.finishAnimation(id)
        }
        let taker: Taker
        if let top = nav.top, world.backCallbackEnabled(top) {
            taker = .callback(top)
        } else if nav.transition != nil || nav.userGestureInProgress || nav.stuck || world.hasFailed {
            taker = .ignored(world.hasFailed ? "error" : "transition")
        } else if let top = nav.top, nav.screens.count > 1 {
            nav.hold(.back(gesture))
            let tr = Transition(kind: .interactivePop, top: top, below: nav.screens[nav.screens.count - 2])
            nav.begin(tr)
            nav.lifecycleForPredictivePop(tr)
            taker = .pop(tr)
        } else {
            nav.hold(.back(gesture))
            taker = .home
        }
        let d = BackDispatch(nav: nav, taker: taker, edge: gesture.edge, y: event.touchY)
        if case .pop(let tr) = taker { d.scrubbed = tr }
        nav.predictiveBack = d
        d.record("started", event)
        if case .callback(let screen) = taker { world.callBack(.on_started, of: screen, event) }
        return d
    }

    /// Each sample while the finger moves; `record`: a `back` event of its
    /// own (the first sample; later ones ride on the touch event).
    func progressed(_ event: BackEvent, record recordIt: Bool) {
        progress = event.progress
        lastY = event.touchY
        if recordIt { record("progress", event) }
        if let tr = scrubbed {
            tr.follow(progress)
        } else if case .callback(let screen) = taker {
            world.callBack(.on_progressed, of: screen, event)
        }
    }

    /// The lift: commit or cancel, as the back arrow's state says.
    func released(commit: Bool, reason: String?, at point: Point) {
        var fields: [TraceField] = [.int("nav", nav.id), .string("phase", commit ? "committed" : "cancelled"),
                                    .string("edge", edge.rawValue), .number("progress", progress),
                                    .string("by", byName)]
        if let r = reason { fields.append(.string("reason", r)) }
        if case .ignored(let why) = taker { fields.append(.string("reason", why)) }
        world.record(.back, fields)
        scrubbed = nil
        switch taker {
        case .callback(let screen):
            nav.predictiveBack = nil
            world.callBack(commit ? .on_pressed : .on_cancelled, of: screen, nil)
        case .pop(let tr):
            nav.letGo(.back(heldGesture))
            animate(tr: tr, commit: commit)
        case .home:
            nav.letGo(.back(heldGesture))
            animateHome(commit: commit)
        case .ignored:
            nav.predictiveBack = nil
        }
    }

    private var heldGesture: SystemBackGesture? {
        if case .back(let g)? = nav.heldGesture { return g }
        return nil
    }

    private var style: BackAnimationStyle { nav.options.backAnimation }

    private func animate(tr: Transition, commit: Bool) {
        let (seconds, curve) = BackAnimation.finish(style, home: false, commit: commit)
        let nav = self.nav
        if commit {
            // linear in time: the visual applies the style's curves to the
            // commit's fraction itself (BackAnimation.visual)
            commitFraction = 0
            commitFrom = tr.progress
            tr.animate(in: world, to: 1, seconds: seconds, curve: .linear,
                       complete: { [weak self] in
                           nav.predictiveBack = nil
                           self?.commitFraction = nil
                           nav.finishInteractivePop(tr)
                       })
        } else {
            tr.animate(in: world, to: 0, seconds: seconds, curve: curve,
                       complete: { nav.predictiveBack = nil; nav.cancelInteractivePop(tr) })
        }
    }

    private var commitFrom = 0.0

    /// The back-to-home's motion; its commit sends the app to the background.
    private func animateHome(commit: Bool) {
        let (seconds, curve) = BackAnimation.finish(style, home: true, commit: commit)
        let nav = self.nav, world = self.world
        if commit { commitFraction = 0 }
        world.animate(from: commit ? 0 : progress, to: commit ? 1 : 0, seconds: seconds, curve: commit ? .linear : curve,
                      name: { "back to home" },
                      apply: { [weak self] v in if commit { self?.commitFraction = v } else { self?.progress = v } },
                      complete: {
                          nav.predictiveBack = nil
                          guard commit else { return }
                          world.record(.back_to_home, [.int("nav", nav.id), .string("screen", nav.top?.title ?? "")])
                          world.record(.app, [.string("phase", "background")])
                      })
    }

    var byName: String {
        if case .callback(let screen) = taker { return "callback:" + screen.title }
        return taker.name
    }

    private func record(_ phase: StaticString, _ e: BackEvent) {
        var fields: [TraceField] = [.int("nav", nav.id), TraceField("phase", .string(phase.description)),
                                    .string("edge", edge.rawValue), .number("progress", e.progress),
                                    .number("x", e.touchX), .number("y", e.touchY), .string("by", byName)]
        if case .ignored(let why) = taker, phase.description == "started" { fields.append(.string("reason", why)) }
        world.record(.back, fields)
    }

    /// The frame's geometry (nil when nothing moves: a callback took the gesture).
    func visual(width: Double, height: Double) -> BackVisual? {
        let toward = edge == .left ? 1.0 : -1.0
        switch taker {
        case .pop(let tr):
            var p = tr.progress
            var f: Double?
            if commitFraction != nil {
                // the transition runs commitFrom -> 1 linearly in time
                let span = 1 - commitFrom
                let linear = span > 0 ? clamp((tr.progress - commitFrom) / span, 0, 1) : 1
                f = linear
                p = commitFrom
            }
            return BackAnimation.visual(style, top: tr.top, below: tr.below, progress: p, commit: f,
                                        dy: lastY - startY, towardRight: toward, width: width, height: height)
        case .home:
            guard let top = nav.top else { return nil }
            return BackAnimation.visual(style, top: top, below: nil, progress: progress,
                                        commit: commitFraction,
                                        dy: lastY - startY, towardRight: toward, width: width, height: height)
        case .callback, .ignored:
            return nil
        }
    }
}

extension NavigationController {
    /// The predictive pop's lifecycle when it begins, as an interactive pop's.
    func lifecycleForPredictivePop(_ tr: Transition) {
        guard let below = tr.below else { return }
        lifecycle(.will_disappear, tr.top, animated: true)
        lifecycle(.will_appear, below, animated: true)
        show(.will_show, below, animated: true)
    }
}
