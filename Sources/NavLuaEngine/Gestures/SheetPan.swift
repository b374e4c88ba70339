/// A presented sheet's dismissal pan, following one touch on the card
/// (UIKit's sheet presentation controller's pan; Flutter's
/// _CupertinoDragGestureDetector; React Navigation's vertical card
/// gesture): the card follows the finger, and on release the navigation's
/// `SheetRules` dismiss it or move it to a detent (manual §4.7). It is a
/// member of the touch's gesture arena beside the scroll views and the
/// pop, along the vertical axis; a vertical scroll view under the finger
/// scrolls first and hands the pan over at its top (TouchRouting).
final class SheetPan {
    unowned let world: World
    unowned let nav: NavigationController
    /// Where the finger is, as the router last said.
    var location: Point
    private(set) var active = false
    private(set) var didBegin = false
    /// The finger's y the card's motion is measured from: where it went
    /// down (the translation from touch-down, as the pop's), or where a
    /// scroll view handed the pull over.
    private var startFingerY: Double
    private var startCardY = 0.0
    /// Why the pull may not dismiss (`modal_in_presentation`,
    /// `should_dismiss`), decided when it begins.
    private(set) var refusedBy: String?
    /// The pull has gone below the lowest detent: UIKit's dismissal began
    /// (will_dismiss, the top's will_disappear, a `dismiss` transition).
    private var dismissal: Transition?

    /// A pan for a touch at `point` on `nav`'s card, or nil where the card
    /// takes no pull there (outside it, beyond React Navigation's response
    /// distance, a full-screen present, a card in motion).
    init?(world: World, nav: NavigationController, at point: Point) {
        guard nav.presented, let p = nav.presentation, p.style.isSheet, nav.transition == nil else { return nil }
        let cardTop = nav.presentationY
        guard point.y >= cardTop else { return nil }
        if let reach = nav.options.sheet.responseDistance, point.y > cardTop + reach { return nil }
        self.world = world
        self.nav = nav
        self.location = point
        self.startFingerY = point.y
    }

    private var rules: SheetRules { nav.options.sheet }
    private var height: Double { world.config.height }

    /// The rest positions of the card's top, top-most (largest) first.
    private var rests: [Double] {
        guard let p = nav.presentation else { return [] }
        return p.detents.map { rules.restY($0, height: height) }.sorted()
    }

    /// `handedOver`: a scroll view gave the pull up where the finger is now.
    func begin(handedOver: Bool = false) {
        active = true
        didBegin = true
        if handedOver { startFingerY = location.y }
        startCardY = nav.presentationY
        refusedBy = nav.sheetRefusal()
        nav.hold(.sheet(self))
        record("began")
        moved(to: location)
    }

    func moved(to point: Point) {
        location = point
        guard active, let top = rests.first, let lowest = rests.last else { return }
        let wanted = startCardY + (point.y - startFingerY)
        var y = wanted
        if wanted < top {
            // above the largest detent: up to the platform's stretch, then held
            y = top - min(top - wanted, rules.upStretchRatio * height)
        } else if refusedBy != nil, wanted > lowest {
            y = lowest + SheetRules.rubberBand(wanted - lowest, limit: rules.refusedStretch)
        }
        nav.card.place(at: y, in: world)
        if refusedBy == nil, dismissal == nil, y > lowest, nav.transition == nil {
            dismissal = nav.beginInteractiveDismissal()
        }
    }

    /// Stops following without deciding (the touch went to a scroll view
    /// after all, or the world goes away).
    func abandon() {
        active = false
        nav.letGo(.sheet(self))
    }

    func lifted(velocity: Point, cancelled: Bool) {
        guard active else { return }
        active = false
        nav.letGo(.sheet(self))
        let y = nav.presentationY
        let dismisses = !cancelled && refusedBy == nil && decideDismiss(y: y, velocityY: velocity.y)
        // else back to the detent nearest where the card would come to rest
        let projected = y + velocity.y * Self.detentProjection
        let rest = rests.min(by: { abs($0 - projected) < abs($1 - projected) }) ?? y
        if !dismisses { nav.selectDetent(restY: rest) }
        // a fling from within the detents begins the dismissal here
        if dismisses, dismissal == nil, nav.transition == nil { dismissal = nav.beginInteractiveDismissal() }
        record("ended", dismiss: dismisses)
        if refusedBy != nil { nav.tellPresentationDelegate(.did_attempt_to_dismiss) }
        if dismisses {
            nav.recordInteractiveDismiss()
            animate(to: height, velocityY: velocity.y) { [nav, dismissal] in nav.endInteractiveDismissal(dismissal) }
        } else {
            animate(to: rest, velocityY: velocity.y) { [nav, dismissal] in nav.cancelInteractiveDismissal(dismissal) }
        }
    }

    /// A dismiss made during the pull (Flutter's rule, manual §4.4): the
    /// pull ends and the sheet goes from where it is, as this pull's
    /// dismissal; the finger's later moves and lift do nothing.
    func takeOver() {
        guard active else { return }
        active = false
        nav.letGo(.sheet(self))
        record("ended", dismiss: true)
        if dismissal == nil { dismissal = nav.beginInteractiveDismissal() }
        nav.recordInteractiveDismiss()
        animate(to: height, velocityY: 0) { [nav, dismissal] in nav.endInteractiveDismissal(dismissal) }
    }

    /// The release rule of the navigation's platform.
    private func decideDismiss(y: Double, velocityY vy: Double) -> Bool {
        guard let lowest = rests.last else { return false }
        let sheetHeight = max(1, height - lowest)
        switch rules.release {
        case let .projected(seconds, fraction):
            return (y + vy * seconds) - lowest > fraction * sheetHeight
        case let .flutter(fling, stayAbove):
            let v = vy / height   // screen heights per second, down positive
            if abs(v) >= fling { return v > 0 }
            let value = 1 - (y - lowest) / sheetHeight
            return !(value > stayAbove)
        case let .reactNavigation(impact):
            return (y - startCardY) + vy * impact > height / 2
        }
    }

    /// Which detent a released card goes to: the nearest to where it would
    /// be this many seconds later at the release speed (navlua's estimate:
    /// Apple publishes none).
    static let detentProjection = 0.2

    private func animate(to y: Double, velocityY: Double, complete: @escaping () -> Void) {
        let from = nav.presentationY
        let nav = self.nav
        var seconds = rules.drop.duration, curve = rules.drop.curve
        if let spring = rules.dropSpring {
            if let s = spring.started(distance: abs(y - from), velocity: y >= from ? velocityY : -velocityY) {
                seconds = s.settle
                curve = .physicalSpring(s)
            } else {
                seconds = 0
            }
        }
        if abs(y - from) < 1e-9 { seconds = 0 }
        nav.card.move(in: world, complete: complete) { [world] apply, complete in
            world.animate(from: from, to: y, seconds: seconds, curve: curve, label: "sheet of nav \(nav.id) moving",
                          apply: apply, complete: complete)
        }
    }

    private func record(_ phase: String, dismiss: Bool? = nil) {
        var fields: [TraceField] = [.int("nav", nav.id), .string("phase", phase),
                                   .number("y", nav.presentationY)]
        if let d = nav.presentation?.detent { fields.append(.string("detent", NavigationController.describeDetent(d))) }
        if let r = refusedBy { fields.append(.string("refused_by", r)) }
        if let d = dismiss { fields.append(.bool("dismiss", d)) }
        world.record(.sheet, fields)
    }
}

extension SheetPan: GestureArenaMember {
    var kind: Recognizer { .sheet }
    var name: String { "sheet" }
    var axes: PanAxes { .vertical }

    /// A card in motion (a push or pop began since touch-down) takes no pull.
    func accept() -> Bool {
        guard nav.transition == nil, nav.presented else { return false }
        begin()
        return true
    }

    var refusal: String? { nav.transition != nil ? "transitioning" : nil }

    /// A pull that lost stays on its touch while a scroll view holds the
    /// pan: the view may hand it over at its top (TouchRouting).
    func lost(_ reason: String, to holder: (any GestureArenaMember)?) {}

    func allowsJoining(_ member: any GestureArenaMember) -> Bool { false }
}

extension SheetPan {
    /// Whether the card rests at (or above) its largest detent.
    var atLargestDetent: Bool {
        guard let top = rests.first else { return true }
        return nav.presentationY <= top + 1e-9
    }
}

extension ScrollTouch {
    /// UIKit's sheet and a vertical scroll view in it: a mostly vertical
    /// pull down on a view at its top goes to the sheet, and so does a pull
    /// up while the sheet is below its largest detent
    /// (`prefersScrollingExpandsWhenScrolledToEdge`, true by default).
    func handsPullToSheet(_ t: Point, _ sheet: SheetPan) -> Bool {
        guard view.axes.contains(.vertical), PanAxes.dominant(t) == .vertical else { return false }
        return t.y > 0 ? view.offsetY <= 0 : !sheet.atLargestDetent
    }
}
