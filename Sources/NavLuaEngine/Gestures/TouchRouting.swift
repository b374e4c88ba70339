/// Delivering touches' samples (manual §5.1), frame by frame, in the order
/// of their times (TouchDriving schedules them): each sample goes to the touch's pan tracker, then to what
/// follows the touch (its pop gesture's detector, the pan of the scroll
/// view that took it); when the pan crosses the slop, the arena decides
/// who takes it among the pop and every scroll view under the finger. Each
/// step tells the next; nothing here is told back.
extension World {
    /// The navigation that receives touches: the one presented last, or
    /// else the first one made (the window's root).
    var touchTarget: NavigationController? {
        navigations.last(where: { $0.presented }) ?? navigations.first
    }

    func touchCount(on nav: NavigationController) -> Int {
        touches.reduce(0) { $0 + ($1.navigation === nav ? 1 : 0) }
    }

    // MARK: delivery

    /// Every sample due by this frame, oldest first across the touches (a
    /// tie goes to the touch that went down first).
    func deliverTouchSamples() {
        guard !touches.isEmpty else { return }
        let t = now
        if touches.count == 1 {
            let touch = touches[0]
            while touch.isDown, let samples = touch.pending.first, samples.nextNanos <= t {
                deliverNext(of: samples, to: touch)
            }
        } else {
            while let touch = nextDue(by: t), let samples = touch.pending.first {
                deliverNext(of: samples, to: touch)
            }
        }
        touches.removeAll { !$0.isDown }
    }

    private func nextDue(by t: Int) -> Touch? {
        var due: Touch?
        for touch in touches where touch.isDown {
            guard let samples = touch.pending.first, samples.nextNanos <= t else { continue }
            if due == nil || samples.nextNanos < due!.pending[0].nextNanos { due = touch }
        }
        return due
    }

    private func deliverNext(of samples: ScheduledSamples, to touch: Touch) {
        let (point, nanos) = samples.next()
        if samples.isDone { touch.pending.removeFirst() }
        deliver(point, at: nanos, samples.phase, to: touch)
    }

    /// A sample taken before this frame (several a frame when the device
    /// samples faster than the frames) says when in the trace (`sample_t`).
    private func deliver(_ point: Point, at nanos: Int, _ phase: Touch.Phase, to touch: Touch) {
        touch.location = point
        touch.sampleNanos = nanos
        // Android: a sample of a running system back gesture is its alone,
        // and its touch event carries the gesture's progress (SystemBackGesture)
        if phase == .moved, let back = touch.back, back.running {
            return deliverToSystemBack(back, touch, point, at: nanos)
        }
        var fields: [TraceField] = [.int("id", touch.id), .string("phase", phase.rawValue),
                                    .number("x", point.x), .number("y", point.y)]
        if nanos != now { fields.append(.number("sample_t", Double(nanos) / 1e9)) }
        record(.touch, fields)
        switch phase {
        case .began:
            touchBegan(touch, at: point)
        case .moved:
            touch.control?.moved(to: point)   // issue 35
            // updated in place: a copy would copy the velocity tracker's
            // samples on every frame
            guard touch.pan != nil else { return }
            // Android: the system back gesture sees the touch first (SystemBackGesture)
            if touch.back != nil, systemBackStarts(touch, point, at: nanos) { return }
            let begins = touch.pan!.add(point, at: nanos)
            if begins || touch.arenaOpen {
                // the app's arena waits while the system's gesture is undecided
                if touch.back?.undecided == true { touch.arenaOpen = true; return }
                panBegan(touch)
            } else if touch.pan!.began {
                // (indexed: a for-in over the array retains it, every sample)
                for i in touch.pops.indices { touch.pops[i].moved() }
                touch.scroll?.moved(to: point)
                handOverToSheet(touch, at: point)
                touch.sheet?.moved(to: point)
            }
        case .ended, .cancelled:
            touch.end()
            let velocity = touch.pan?.velocity(at: nanos) ?? .zero
            touch.releaseVelocity = velocity
            for pop in touch.pops { pop.lifted(cancelled: phase == .cancelled) }
            touch.back?.lifted(cancelled: phase == .cancelled, at: point)
            touch.scroll?.lifted(velocity: velocity)
            touch.sheet?.lifted(velocity: velocity, cancelled: phase == .cancelled)
            touch.control?.lifted(cancelled: phase == .cancelled)   // issue 35
        }
    }

    /// UIKit's sheet: a vertical scroll view that a downward pull has
    /// scrolled to its top hands the pull to the sheet, from there on. The
    /// arena's second decision for the touch: the sheet holds the pan, the
    /// view lost it (`sheet`), and the trace says so in an `arena` event.
    private func handOverToSheet(_ touch: Touch, at point: Point) {
        guard let sheet = touch.sheet, !sheet.active, !sheet.didBegin, let scroll = touch.scroll,
              scroll.active, scroll.view.axes.contains(.vertical), scroll.view.offsetY <= 0,
              let pan = touch.pan, pan.translation.y > 0, let nav = touch.navigation else { return }
        sheet.location = point
        sheet.begin(handedOver: true)
        let outcome = GestureArena.handOver(touch.arena ?? GestureArena.Outcome(holder: scroll), to: sheet, reason: "sheet")
        touch.arena = outcome
        recordArena(outcome, nav)
    }

    private func touchBegan(_ touch: Touch, at point: Point) {
        // A frozen navigation ignores touches: no recognizer sees them; nor
        // does anything above a sheet's card.
        guard let nav = touchTarget, !nav.stuck, point.y >= nav.presentationY else { return }
        touch.navigation = nav
        touch.pan = PanTracker(down: point, at: touch.sampleNanos, tunables: tunables, slop: nav.options.panSlop,
                               estimator: nav.options.velocity)
        // A pop gesture takes one touch: a second finger before it began fails it.
        for other in touches where other !== touch && other.navigation === nav {
            for pop in other.pops { pop.secondTouchArrived() }
            other.back?.secondTouchArrived()
        }
        if let rules = nav.options.systemBack {
            // Android: no app pop; the system's back gesture in the insets
            if !touches.contains(where: { $0 !== touch && $0.navigation === nav && $0.back != nil }) {
                touch.back = SystemBackGesture.touchedDown(self, nav, rules, at: point, nanos: touch.sampleNanos)
            }
        } else if touches.contains(where: { $0 !== touch && $0.navigation === nav && !$0.pops.isEmpty }) == false,
           !nav.userGestureInProgress {
            touch.pops = nav.popRecognizers.map { PopGestureDetector(world: self, nav: nav, touch: touch, recognizer: $0) }
            for pop in touch.pops { pop.touchedDown() }
            reportTwoPopRecognizers(touch, nav)
        }
        if let top = nav.top, !top.scrollViews.isEmpty {
            // a screen's frames are in its card's coordinates (manual §4.7)
            let local = Point(point.x, point.y - nav.presentationY)
            touch.scrollCandidates = top.scrollViews(at: local).map { ScrollTouch(world: self, view: $0, touch: touch.id, at: point) }
        }
        // issue 35: the control under the finger sees the touch
        if let top = nav.top, !top.controls.isEmpty,
           let control = top.control(at: Point(point.x, point.y - nav.presentationY)) {
            touch.control = ControlTouch(world: self, control: control, touch: touch.id, at: point)
        }
        // one finger pulls a sheet at a time
        if !touches.contains(where: { $0 !== touch && $0.sheet?.nav === nav }) {
            touch.sheet = SheetPan(world: self, nav: nav, at: point)
        }
    }

    /// The pan crossed the slop (or, with the arena still open, moved on):
    /// the arena decides who takes it, asking in the order the navigation's
    /// style gives, every scroll view under the finger innermost first. Over
    /// scroll views it is a contest: the navigation's `PanArbitration` says
    /// who claims the pan, and the trace records an `arena` event. The
    /// scroll views' pans that lost leave the touch. A failure while it
    /// decides releases the touch.
    private func panBegan(_ touch: Touch) {
        guard let nav = touch.navigation, let pan = touch.pan else { return }
        var candidates = touch.scrollCandidates
        for candidate in candidates { candidate.location = touch.location }
        var handedOver: [ScrollTouch] = []
        let pulled = touch.sheet
        if let sheet = pulled {
            sheet.location = touch.location
            // a vertical list at its top hands a pull down to the sheet, and
            // a pull up to a sheet below its largest detent
            handedOver = candidates.filter { $0.handsPullToSheet(pan.translation, sheet) }
            candidates.removeAll { c in handedOver.contains { $0 === c } }
        }
        let pops = touch.pops.filter { $0.state == .possible }
        // issue 35: a control that joins the arena
        let control = touch.control.flatMap { $0.joinsArena ? $0 : nil }
        control?.location = touch.location
        let members = ArenaOrder(system: nav.options.system)
            .members(pops: pops, control: control, scrolls: candidates, sheet: touch.sheet)
        // several pop recognizers compete too, and the trace names them
        let contest = !candidates.isEmpty || touch.sheet != nil || control != nil || nav.popRecognizers.count > 1
        let arena = GestureArena(members: members, rule: contest ? nav.options.arbitration : nil,
                                 touchSlop: nav.options.panSlop)
        guard var outcome = arena.decide(at: pan.translation) else {
            touch.arenaOpen = true
            return
        }
        touch.arenaOpen = false
        touch.scroll = candidates.first { $0.didBegin }
        touch.scrollCandidates = []
        // a sheet that lost stays on the touch while a scroll view holds the
        // pan: the view may hand it over at its top
        if let sheet = touch.sheet, !sheet.didBegin, touch.scroll == nil { touch.sheet = nil }
        // the views that handed the pull over are told they lost it to the sheet
        if let sheet = pulled {
            for view in handedOver {
                view.lost("sheet", to: sheet)
                outcome.lost.append(GestureArena.Entry(member: view, reason: "sheet"))
            }
        }
        // a recognizer that failed before the arena (at touch-down) is
        // named with its refusal, so the event says why each did not pop
        if nav.popRecognizers.count > 1 {
            for pop in touch.pops where pop.state == .failed && !pops.contains(where: { $0 === pop }) {
                outcome.lost.insert(GestureArena.Entry(member: pop, reason: pop.refusal ?? "failed"), at: 0)
            }
        }
        touch.arena = outcome
        if contest { recordArena(outcome, nav) }
        touch.control?.arenaDecided(outcome)   // issue 35: a raw touch is cancelled
        if hasFailed { release(touch, because: "was released after a hook failed") }
    }

    /// The `arena` event: the rule, the member that took the pan (`none`),
    /// those that joined it and those that lost it, each with its reason.
    private func recordArena(_ outcome: GestureArena.Outcome, _ nav: NavigationController) {
        func list(_ entries: [GestureArena.Entry]) -> String {
            entries.map { $0.member.name + "=" + $0.reason }.joined(separator: ",")
        }
        var fields: [TraceField] = [
            .int("nav", nav.id), .string("rule", nav.options.arbitration.rawValue),
            .string("winner", outcome.holder?.name ?? "none"),
        ]
        if !outcome.joined.isEmpty { fields.append(.string("joined", list(outcome.joined))) }
        if !outcome.lost.isEmpty { fields.append(.string("lost", list(outcome.lost))) }
        record(.arena, fields)
    }

    /// Lifts a touch after a failure: its gestures cancel, its remaining
    /// samples are dropped, and later calls on it get a clear error.
    func release(_ touch: Touch, because reason: String) {
        guard touch.isDown else { return }
        touch.end(because: reason)
        touch.pending.removeAll()
        for pop in touch.pops { pop.lifted(cancelled: true) }
        touch.back?.lifted(cancelled: true, at: touch.location)
        touch.scroll?.lifted(velocity: .zero)
        touch.sheet?.lifted(velocity: .zero, cancelled: true)
        touch.control?.released()   // issue 35
        record(.touch, [.int("id", touch.id), .string("phase", "released"),
                        .number("x", touch.location.x), .number("y", touch.location.y)])
    }
}
