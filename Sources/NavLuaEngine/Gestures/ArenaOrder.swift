/// Who a touch's arena asks first (GestureArena asks in this order): the
/// failure requirements of the platform, as one list. UIKit orders
/// recognizers by which waits for which to fail; navlua writes those
/// requirements as an order, innermost scroll view first.
///
/// - QD's snapshot pan makes the other pans wait for it (seed 000).
/// - A control that joins the arena (manual §3.5) lies inside the scroll
///   views and is asked before them and before the pans of the
///   navigation's view (navlua's estimate: UIKit delivers a touch to the
///   innermost view's recognizers first); a slider refuses its parents'
///   pans by its own rule whatever this order (ControlRules).
/// - iOS 26: other recognizers wait for the edge swipe to fail, so it is
///   asked before scroll views; before iOS 26 a scroll view's pan takes a
///   swipe first and the edge swipe (and FD's pan) come last, after the
///   sheet (SystemPopRules has the sources).
/// - iOS 26's content swipe is asked after the scroll views it waits for
///   and before those that wait for it (`SystemPopRules.contentWaits`),
///   and before a sheet's pull.
/// - A scroll view that requires a pop recognizer to fail
///   (`require_to_fail`) is asked after it.
struct ArenaOrder {
    let system: SystemPopRules

    func members(pops: [PopGestureDetector], control: ControlTouch? = nil, scrolls: [ScrollTouch],
                 sheet: SheetPan?) -> [any GestureArenaMember] {
        // the common case, one pop and nothing else under the finger
        if control == nil && scrolls.isEmpty && sheet == nil && pops.count <= 1 { return pops }
        var first: [PopGestureDetector] = []
        var content: [PopGestureDetector] = []
        var last: [PopGestureDetector] = []
        for pop in pops {
            switch pop.setup.kind {
            case .snapshot: first.append(pop)
            case .edge where system.edgeBeatsScrollViews: first.append(pop)
            case .content: content.append(pop)
            case .edge, .fullscreen: last.append(pop)
            }
        }
        var before: [ScrollTouch] = []   // the content swipe waits for these
        var after: [ScrollTouch] = []
        for scroll in scrolls {
            if content.isEmpty || system.contentWaits(for: scroll.view, atRest: scroll.wasAtRest) {
                before.append(scroll)
            } else {
                after.append(scroll)
            }
        }
        var order: [any GestureArenaMember] = first
        if let control = control { order.append(control) }
        order += before as [any GestureArenaMember]
        order += content as [any GestureArenaMember]
        order += after as [any GestureArenaMember]
        if let sheet = sheet { order.append(sheet) }
        order += last as [any GestureArenaMember]
        return Self.requirementsKept(order)
    }

    /// Moves each scroll view's or control's pan after the pop recognizers
    /// it requires to fail (UIKit's `require(toFail:)`): asked after them,
    /// it takes the pan only once they failed, and loses it to one that began.
    static func requirementsKept(_ order: [any GestureArenaMember]) -> [any GestureArenaMember] {
        var order = order
        for member in order {
            let required = (member as? ScrollTouch)?.view.requiredToFail
                ?? (member as? ControlTouch)?.control.requiredToFail ?? []
            guard !required.isEmpty else { continue }
            guard let lastRequired = order.lastIndex(where: { other in
                guard let pop = other as? PopGestureDetector else { return false }
                return required.contains { $0 === pop.setup }
            }), let at = order.firstIndex(where: { $0 === member }), at < lastRequired else { continue }
            order.remove(at: at)
            order.insert(member, at: lastRequired)
        }
        return order
    }
}

extension World {
    /// An app that keeps its own full-screen pan beside a system recognizer
    /// that takes the same touch (FDFullscreenPopGesture on iOS 26 beside
    /// the content swipe; seed 004's pan beside the edge swipe it left on)
    /// has two pans that drive one transition: the pitfall, once per
    /// navigation, at the first touch both could take.
    func reportTwoPopRecognizers(_ touch: Touch, _ nav: NavigationController) {
        guard touch.pops.count > 1, !nav.twoPopRecognizersReported else { return }
        let live = touch.pops.filter { $0.state == .possible && $0.setup.enabled }
        guard live.count > 1, live.contains(where: { $0.setup.kind == .fullscreen || $0.setup.kind == .snapshot }) else { return }
        nav.twoPopRecognizersReported = true
        pitfall(.twoPopRecognizers, nav, screen: nav.top,
                [.string("recognizers", live.map(\.setup.name).joined(separator: ","))])
    }
}
