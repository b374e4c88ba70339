/// How a presented navigation is shown: its style, its detents and where it
/// rests, and the navigation it covers (manual §4.7).
public struct PresentationState {
    public let style: PresentationStyle
    public let detents: [Detent]
    /// Index into `detents` of the detent the sheet rests at.
    public internal(set) var selected: Int
    /// The navigation that was shown when this one was presented.
    public internal(set) var presenting: NavigationController? {
        get { presentingLink?.object }
        set { presentingLink = newValue?.link }
    }
    private var presentingLink: NavigationLink?

    init(style: PresentationStyle, detents: [Detent], selected: Int, presenting: NavigationController?) {
        self.style = style
        self.detents = detents
        self.selected = selected
        presentingLink = presenting?.link
    }

    public var detent: Detent? { style.isSheet ? detents[selected] : nil }
}

/// Present and dismiss: the whole navigation slides up from the bottom of
/// the screen, to its top (full screen) or to a sheet's detent, and back
/// down (manual §4.7). The presentation's animation moves the navigation
/// (`presentationY`, the card's top edge), not its screens.
extension NavigationController {
    /// Where the card's top rests now: 0 full screen, a detent's edge for
    /// a sheet.
    var restY: Double {
        guard let p = presentation, let d = p.detent else { return 0 }
        return options.sheet.restY(d, height: config.height)
    }

    /// Presenting a navigation that is still on screen (one made with a
    /// root and never dismissed) slides it up without a second will_appear.
    /// A full-screen present makes the covered navigation's top disappear;
    /// a sheet leaves it on screen (iOS 13 and later), as UIKit does.
    func startPresenting(_ request: PresentationRequest, top: Screen) {
        let presenting = world.shownNavigation(excluding: self)
        presentation = PresentationState(style: request.style, detents: request.detents,
                                         selected: request.selected, presenting: presenting)
        let animated = request.animated
        var fields: [TraceField] = [.int("nav", id), .bool("animated", animated),
                                   .bool("interactive", false)]
        if request.style.isSheet {
            fields.append(.string("style", request.style.rawValue))
            fields.append(.string("detent", Self.describeDetent(request.detents[request.selected])))
        }
        world.record(.present, fields)
        // a navigation that a full-screen present covered comes on top again
        let appears = !onScreen || isCovered
        isCovered = false
        coverChangeScreen = nil
        coverAnimating = false
        onScreen = true
        let covered = request.style == .fullScreen && presenting?.isCovered == false ? presenting : nil
        covered?.coveredLifecycle(.will_disappear, animated: animated)
        if appears { lifecycle(.will_appear, top, animated: animated) }
        let finish = { [unowned self] in
            covered?.coveredLifecycle(.did_disappear, animated: animated)
            if appears { self.lifecycle(.did_appear, top, animated: animated) }
        }
        slide(.present, top: top, to: restY, animated: animated, spec: options.presentation, then: finish)
    }

    /// `nav:dismiss`, QD's back at the root: no presentation delegate calls
    /// (UIKit sends none for a programmatic dismissal).
    func startDismissing(top: Screen, animated: Bool) {
        world.record(.dismiss, [.int("nav", id), .bool("animated", animated), .bool("interactive", false)])
        lifecycle(.will_disappear, top, animated: animated)
        // only a navigation still covered (it may have been presented on top since)
        let covered = presentation?.style == .fullScreen && presentation?.presenting?.isCovered == true
            ? presentation?.presenting : nil
        covered?.coveredLifecycle(.will_appear, animated: animated)
        slide(.dismiss, top: top, to: config.height, animated: animated, spec: options.presentation) { [unowned self] in
            self.endPresentation(top: top, animated: animated, covered: covered)
        }
    }

    /// The card has gone: did_disappear, and the covered navigation's top
    /// appears again after a full-screen present.
    func endPresentation(top: Screen, animated: Bool, covered: NavigationController?) {
        presentation = nil
        lifecycle(.did_disappear, top, animated: animated)
        onScreen = false
        covered?.coveredLifecycle(.did_appear, animated: animated)
    }

    /// Moves the card to `y`, as a transition of `kind` (none without
    /// animation), then `then`.
    private func slide(_ kind: Transition.Kind, top: Screen, to y: Double, animated: Bool,
                       spec: AnimationSpec, then: @escaping () -> Void) {
        guard animated else {
            card.place(at: y, in: world)
            then()
            return
        }
        let transition = Transition(kind: kind, top: top, below: nil)
        begin(transition)
        let from = kind == .present ? config.height : presentationY
        card.move(in: world, complete: { [unowned self] in
            self.end(transition, finished: true)
            then()
        }, start: { apply, complete in
            transition.animate(in: world, from: from, to: y, seconds: spec.duration, curve: spec.curve,
                               apply: apply, complete: complete)
        })
    }

    /// The top of a navigation that a full-screen present covers or
    /// uncovers: covered from its will_disappear, uncovered from its
    /// will_appear.
    /// It stays covered until its uncovering did_appear; the did_ call goes
    /// to the screen its will_ call went to, and calls made on it between
    /// the two wait (`coverAnimating`: NavigationQueue). A present
    /// or dismiss waits while the navigation it would cover or uncover is in
    /// a transition (`coverWaits`). Calls on a navigation covered at rest
    /// apply at once, out of sight, and its top then is the one uncovered.
    func coveredLifecycle(_ hook: Hook, animated: Bool) {
        switch hook {
        case .will_disappear, .will_appear:
            coverAnimating = true
            coverChangeScreen = top
            if let s = top { lifecycle(hook, s, animated: animated, uncovered: true) }
            isCovered = true
        default:
            if let s = coverChangeScreen { lifecycle(hook, s, animated: animated, uncovered: true) }
            coverChangeScreen = nil
            coverAnimating = false
            if hook == .did_appear { isCovered = false }
        }
    }

    /// Whether `call` must wait for the navigation a full-screen present
    /// covers (or its dismiss uncovers) to end its transition.
    func coverWaits(_ call: NavigationCall) -> Bool {
        let other: NavigationController?
        switch call {
        case .present(let r) where r.style == .fullScreen && !presented:
            other = world.shownNavigation(excluding: self)
        case .dismiss, .back:
            guard presented, presentation?.style == .fullScreen else { return false }
            if case .back = call, screens.count > 1 { return false }
            other = presentation?.presenting
        default:
            return false
        }
        return other?.transition != nil
    }

    public static func describeDetent(_ d: Detent) -> String {
        if let name = d.name { return name }
        if case .height(let h) = d { return formatNumber(h, places: 3) }
        return "?"
    }
}

extension World {
    /// The navigation on screen that touches reach, other than `nav`: the
    /// one presented last, or the window's root.
    func shownNavigation(excluding nav: NavigationController) -> NavigationController? {
        navigations.last(where: { $0 !== nav && $0.presented }) ?? navigations.first(where: { $0 !== nav })
    }
}
