@testable import NavLuaEngine
@testable import NavLuaVisuals
@testable import NavLuaBridge
import NavLuaTestSupport

/// Watches a world while a fuzz sequence drives it and collects what breaks
/// the invariants of issue 7. It reads the engine after every frame
/// (`World.frameObserver`) and after every call, and follows the trace
/// through a subscriber.
///
/// The invariants:
/// - Structure: a navigation that ever had a screen never has an empty
///   stack; `top` is the last screen; no screen is twice in a stack or in two
///   stacks, and each screen's `navigation` is the stack that holds it.
/// - Transitions: a navigation runs at most one at a time, and
///   `nav.transitioning` agrees with the trace. A push, pop, present or
///   dismiss ends (`finish`/`cancel`) within its effective duration (a spring
///   sets its own) plus one frame of its `begin`. An interactive pop may last
///   as long as the finger stays down; from its release (the gesture's
///   `ended` or `cancelled` event) it ends within T, the transition duration
///   (SPEC 4: the rest animates over T(1 - p)/max(1 - p, T|v|) <= T, or
///   T p/max(p, T|v|) <= T), or 0.3 s in the snapshot style (0.2 s finish,
///   0.3 s cancel), plus one frame.
/// - Lifecycle: see `Appearance`.
/// - The bar: see `checkBar`.
/// - One writer for each moving thing (issue 34): see `checkCard` and
///   `checkScrollPans`.
/// - Time: frame and t strictly increase from one frame to the next, and
///   trace events never go back in time.
/// - Errors: a failed call gives one of the errors a script can expect
///   (a raising or misbehaving hook, a screen in the wrong stack, a lifted
///   touch, ...); anything else is a violation.
/// - The end: after the touches are lifted, `navlua.settle` succeeds and
///   leaves no transition, queued call, touch or half-appeared screen.
final class FuzzChecker {
    struct Violation: CustomStringConvertible {
        /// A short category; shrinking keeps a sequence failing with the same one.
        let kind: String
        let detail: String
        var description: String { "\(kind): \(detail)" }
    }

    /// Where a screen is in its appearance cycle, as UIKit tracks it.
    ///
    /// The pairing rule (SPEC 4-5, UIKit's order): hidden -will_appear->
    /// appearing -did_appear-> shown -will_disappear-> disappearing
    /// -did_disappear-> hidden. Two crossings are allowed, both from a
    /// cancelled interactive pop: the screen below got will_appear at the
    /// gesture's begin and gets will_disappear (appearing -> disappearing),
    /// and the top screen got will_disappear and gets will_appear
    /// (disappearing -> appearing). Every other event is out of order: a
    /// did_ without its will_, a will_appear of a screen already shown, a
    /// will_disappear of a hidden one. After settling no screen is half-way.
    enum Appearance { case hidden, appearing, shown, disappearing }

    private struct OpenTransition {
        let what: String
        let screen: String
        let begin: Int
        /// Nanoseconds by which it must end; nil while a finger drives it.
        var deadline: Int?
        let interactive: Bool
        /// The root freeze (issue 13): it may last until navlua.background().
        var frozen = false
    }

    private(set) var violations: [Violation] = []
    private var lastFrame = Int.min
    private var lastNanos = Int.min
    private var lastEventNanos = Int.min
    private var hadScreens = Set<Int>()
    private var open: [Int: OpenTransition] = [:]
    private var appearance: [String: Appearance] = [:]
    private(set) var frames = 0
    private(set) var events = 0
    /// Sheets presented and their pulls, so a run shows it reached them.
    private(set) var sheetPulls = 0
    private(set) var sheetPresents = 0

    var failed: Bool { !violations.isEmpty }

    func violate(_ kind: String, _ detail: String) {
        violations.append(Violation(kind: kind, detail: detail))
    }

    /// Starts watching `world` (right after navlua.reset made it).
    func install(on world: World) {
        world.frameObserver = { [self] world in
            self.frames += 1
            let frame = world.clock.frame, now = world.now
            if frame <= lastFrame || now <= lastNanos {
                violate("time", "frame \(frame) at \(now) ns follows frame \(lastFrame) at \(lastNanos) ns")
            }
            lastFrame = frame
            lastNanos = now
            check(world, when: "after frame \(frame)")
        }
        _ = world.trace.subscribe(kind: nil) { [self, weak world] event in
            guard let world = world else { return }
            self.observe(event, in: world)
        }
    }

    private func frameNanos(_ world: World) -> Int { (1_000_000_000 + world.config.fps - 1) / world.config.fps }

    private func nanos(_ seconds: Double) -> Int { Int((seconds * 1e9).rounded(.up)) }

    // MARK: the trace

    private func observe(_ event: TraceEvent, in world: World) {
        events += 1
        if event.nanos < lastEventNanos {
            violate("time", "event \(event.text) is earlier than the one before (\(lastEventNanos) ns)")
        }
        lastEventNanos = event.nanos
        switch event.kind {
        case .transition: transitionEvent(event, world)
        case .gesture: gestureEvent(event, world)
        case .sheet:
            if event["phase"]?.string == "began" { sheetPulls += 1 }
            sheetEvent(event, world)
        case .present:
            if event["style"] != nil { sheetPresents += 1 }
        case .lifecycle: lifecycleEvent(event)
        case .pitfall:
            if event["name"]?.string == Pitfall.rootFreeze.rawValue, let navID = event["nav"]?.int {
                open[navID]?.frozen = true
            }
        default: break
        }
    }

    private func transitionEvent(_ e: TraceEvent, _ world: World) {
        guard let navID = e["nav"]?.int, let phase = e["phase"]?.string,
              let what = e["what"]?.string, let screen = e["screen"]?.string else {
            return violate("trace", "transition event without nav, phase, what or screen: \(e.text)")
        }
        guard let nav = world.navigations.first(where: { $0.id == navID }) else {
            return violate("trace", "transition of an unknown navigation: \(e.text)")
        }
        if phase == "begin" {
            if let running = open[navID] {
                violate("overlapping transitions", "\(e.text) while \(running.what) of '\(running.screen)' runs")
            }
            let allowed: Double?
            switch what {
            case "push", "pop": allowed = nav.options.transition.effectiveDuration
            case "present", "dismiss": allowed = nav.options.presentation.effectiveDuration
            case "interactive_dismiss": allowed = nil   // under the finger, then the sheet's drop
            default: allowed = nil   // interactive: no limit until the finger lets go
            }
            open[navID] = OpenTransition(
                what: what, screen: screen, begin: e.nanos,
                deadline: allowed.map { e.nanos + nanos($0) + frameNanos(world) },
                interactive: allowed == nil)
            return
        }
        guard let running = open[navID], running.what == what, running.screen == screen else {
            return violate("transition end without begin", e.text)
        }
        open[navID] = nil
        guard let deadline = running.deadline else {
            if running.frozen { return }   // navlua.background() ended the freeze
            return violate("interactive transition ended under the finger", e.text)
        }
        if e.nanos > deadline {
            violate("transition outlived its duration",
                    "\(e.text): began at \(running.begin) ns, had until \(deadline) ns")
        }
    }

    /// A sheet's pull let go: its dismissal's drop runs at most the sheet's
    /// drop (or a spring's settle, bounded here by 2 s).
    func sheetEvent(_ e: TraceEvent, _ world: World) {
        guard e["phase"]?.string == "ended", let navID = e["nav"]?.int, var running = open[navID],
              running.what == "interactive_dismiss", running.deadline == nil,
              let nav = world.navigations.first(where: { $0.id == navID }) else { return }
        let drop = nav.options.sheet.dropSpring == nil ? nav.options.sheet.drop.duration : 2.0
        running.deadline = e.nanos + nanos(drop) + frameNanos(world)
        open[navID] = running
    }

    private func gestureEvent(_ e: TraceEvent, _ world: World) {
        guard let state = e["state"]?.string, state == "ended" || state == "cancelled",
              let navID = e["nav"]?.int, var running = open[navID], running.interactive,
              running.deadline == nil, !running.frozen,
              let nav = world.navigations.first(where: { $0.id == navID }) else { return }
        let t = world.tunables
        let release = running.what == "snapshot_pop"
            ? max(t.snapshotFinishDuration, t.snapshotCancelDuration)
            : nav.options.transition.effectiveDuration
        running.deadline = e.nanos + nanos(release) + frameNanos(world)
        open[navID] = running
    }

    private func lifecycleEvent(_ e: TraceEvent) {
        guard let name = e["name"]?.string, let screen = e["screen"]?.string else {
            return violate("trace", "lifecycle event without name or screen: \(e.text)")
        }
        let from = appearance[screen] ?? .hidden
        let to: Appearance?
        switch (name, from) {
        case ("will_appear", .hidden), ("will_appear", .disappearing): to = .appearing
        case ("did_appear", .appearing): to = .shown
        case ("will_disappear", .shown), ("will_disappear", .appearing): to = .disappearing
        case ("did_disappear", .disappearing): to = .hidden
        default: to = nil
        }
        guard let next = to else {
            return violate("lifecycle out of order", "\(e.text) while '\(screen)' is \(from)")
        }
        appearance[screen] = next
    }

    // MARK: the engine's state

    /// Structure and transition deadlines; after every frame and every call.
    func check(_ world: World, when: String) {
        var holder: [ObjectIdentifier: Int] = [:]
        for nav in world.navigations {
            if !nav.screens.isEmpty { hadScreens.insert(nav.id) }
            if hadScreens.contains(nav.id) && nav.screens.isEmpty {
                violate("empty stack", "nav \(nav.id) lost all its screens \(when)")
            }
            if nav.top !== nav.screens.last {
                violate("structure", "nav \(nav.id): top is not the last screen \(when)")
            }
            for screen in nav.screens {
                let key = ObjectIdentifier(screen)
                if let other = holder[key] {
                    violate("structure", other == nav.id
                            ? "screen '\(screen.title)' is twice in nav \(nav.id) \(when)"
                            : "screen '\(screen.title)' is in nav \(other) and nav \(nav.id) \(when)")
                }
                holder[key] = nav.id
                if screen.navigation !== nav {
                    violate("structure", "screen '\(screen.title)' in nav \(nav.id) does not know its navigation \(when)")
                }
            }
            checkBar(nav, when: when)
            checkCard(nav, when: when)
            if nav.transitioning != (open[nav.id] != nil) {
                violate("structure", "nav \(nav.id): transitioning is \(nav.transitioning) but the trace says "
                        + (open[nav.id] == nil ? "none runs" : "\(open[nav.id]!.what) runs") + " \(when)")
            }
        }
        checkScrollPans(world, when: when)
        checkControls(world, when: when)
        for (navID, running) in open.sorted(by: { $0.key < $1.key }) {
            if let deadline = running.deadline, world.now > deadline {
                violate("transition outlived its duration",
                        "nav \(navID): \(running.what) of '\(running.screen)' began at \(running.begin) ns, "
                        + "had until \(deadline) ns, still runs at \(world.now) ns \(when)")
                open[navID]!.deadline = Int.max   // report it once
            }
        }
    }

    /// The bar (SPEC 11): `shown` and every alpha in [0, 1]; at rest the
    /// bar is drawn as its state says, with items only while it shows.
    private func checkBar(_ nav: NavigationController, when: String) {
        let bar = nav.visual().bar
        let alphas = bar.items.flatMap { [$0.alpha] + ($0.chevron.map { [$0] } ?? []) }
        if !(0...1).contains(bar.shown) || alphas.contains(where: { !(0...1).contains($0) }) {
            violate("bar", "nav \(nav.id): shown \(bar.shown) or an item's alpha is outside [0, 1] \(when)")
        }
        if !nav.transitioning, bar.shown != (nav.barHidden ? 0 : 1) {
            violate("bar", "nav \(nav.id): at rest the bar shows \(bar.shown) but bar_hidden is \(nav.barHidden) \(when)")
        }
        if bar.shown == 0, !bar.items.isEmpty {
            violate("bar", "nav \(nav.id): a hidden bar has items \(when)")
        }
    }

    /// The card is where its presentation state says whenever nothing moves
    /// it: off screen once dismissed, at its detent's edge (or the top) while
    /// presented at rest. A second writer (an animation that outlived the
    /// motion that replaced it) leaves it elsewhere.
    private func checkCard(_ nav: NavigationController, when: String) {
        guard nav.transition == nil, !nav.card.moving, !nav.userGestureInProgress else { return }
        let y = nav.card.y
        if nav.presented {
            if abs(y - nav.restY) > 1e-9 {
                violate("card", "nav \(nav.id): presented at rest with its card at \(y), not \(nav.restY) \(when)")
            }
        } else if y != 0 && y != nav.config.height {
            violate("card", "nav \(nav.id): not presented, its card at \(y) \(when)")
        }
    }

    /// One pan per scroll view: the touches that scroll a view all follow
    /// the view's one pan, which is the view's driver.
    private func checkScrollPans(_ world: World, when: String) {
        var pans: [ObjectIdentifier: ScrollPan] = [:]
        for touch in world.touches {
            guard let scroll = touch.scroll, let pan = scroll.pan, pan.active else { continue }
            let view = ObjectIdentifier(scroll.view)
            if let other = pans[view], other !== pan {
                violate("scroll pans", "scroll view \(scroll.view.id) has two pans \(when)")
            }
            pans[view] = pan
            if scroll.view.driver !== pan {
                violate("scroll pans", "scroll view \(scroll.view.id) is driven by another pan than its fingers' \(when)")
            }
        }
    }

    /// One finger moves a control (issue 35): a control that tracks a touch
    /// is that touch's control, and the touch is down.
    private func checkControls(_ world: World, when: String) {
        for nav in world.navigations {
            for screen in nav.screens {
                for control in screen.controls {
                    guard let id = control.trackingTouch else { continue }
                    guard let touch = world.touches.first(where: { $0.id == id }), touch.isDown,
                          touch.control?.control === control else {
                        violate("controls", "control \(control.id) tracks touch \(id), which does not hold it \(when)")
                        continue
                    }
                }
            }
        }
    }

    /// After the closing settle: nothing left in motion or half-way.
    func checkSettled(_ world: World) {
        check(world, when: "after settling")
        for (navID, running) in open.sorted(by: { $0.key < $1.key }) {
            violate("not settled", "nav \(navID): \(running.what) of '\(running.screen)' never ended")
        }
        for nav in world.navigations where nav.transition != nil || !nav.queue.isEmpty || nav.userGestureInProgress {
            violate("not settled", "nav \(nav.id) still has " + nav.activeThings().joined(separator: ", "))
        }
        if !world.touches.isEmpty { violate("not settled", "\(world.touches.count) touch(es) still down") }
        for (screen, state) in appearance.sorted(by: { $0.key < $1.key }) where state == .appearing || state == .disappearing {
            violate("lifecycle unpaired", "'\(screen)' is left \(state)")
        }
    }

    // MARK: errors

    /// Errors a script can expect from a call in a fuzz sequence.
    static let expectedErrors = [
        "hook '",                        // a hook raised, returned a bad value or called tick
        "fuzz: ",                        // the error a generated hook raises
        "completion function",           // a completion rule that raised or returned a non-boolean
        "gesture_delegate.",             // a delegate method that raised, returned a bad value or called tick
        "is already in the stack", "is in another navigation", "is not in the stack",
        "is already presented", "is not presented", "has no screens to present",
        "was lifted", "was released after a hook failed", "was released after its call failed",
    ]

    func checkError(_ message: String, when: String) {
        if message.contains("still active after") {
            // settle gives up while a finger is down; anything else is stuck
            if message.contains("is down") { return }
            // a root freeze lasts until navlua.background() (the README's rule)
            if message.contains("(root freeze)") { return }
            return violate("stuck", "\(message) \(when)")
        }
        if FuzzChecker.expectedErrors.contains(where: { message.contains($0) }) { return }
        violate("unexpected error", "\(message) \(when)")
    }
}
