/// The outcome of a pop gesture's begin checks. A decision only: what it
/// asks for besides beginning or failing, the recognizer does after it.
enum BeginDecision: Equatable {
    case begin
    /// The named check refused (recorded as `refused_by`).
    case refuse(PopRefusal)
    /// Snapshot style at the root: refused as `root`, and the swipe goes
    /// back (QD's popOrDissMiss: it dismisses when allowed).
    case goBackAtRoot
    /// A hook or a field read raised; the world recorded the failure.
    case failed
}

/// The begin checks of the three styles, in SPEC order. Each style has its
/// own file; what they share lives here. They read the navigation and ask
/// the top screen's hooks, and change nothing.
enum PopBeginRules {
    static func decide(_ g: PopGestureRecognizer) -> BeginDecision {
        if !g.nav.options.popGesture { return .refuse(.popGesture) }
        if !g.nav.options.gestureDelegate.isUIKit { return delegated(g) }
        switch g.nav.style {
        case .edge: return edge(g)
        case .fullscreen: return fullscreen(g)
        case .snapshot: return snapshot(g)
        }
    }

    /// Checks at touch-down: the edge style's switch and edge width, and
    /// before the edge width (UIKit asks the delegate for every touch, the
    /// edge recognizer then looks where it went down) an app delegate's
    /// `should_receive_touch`. A disabled recognizer receives no touches,
    /// so its delegate is not asked.
    static func refusalAtTouchDown(_ g: PopGestureRecognizer) -> PopRefusal? {
        let nav = g.nav, world = g.world, point = g.touch.location
        if nav.options.gestureDelegate.custom != nil {
            if !nav.options.popGesture { return nav.style == .edge ? .popGesture : nil }
            switch world.callDelegate(.should_receive_touch, of: nav, .touch(id: g.touch.id, location: point)) {
            case .failed: return .error
            case .value(false): return .shouldReceiveTouch
            default: break
            }
        }
        guard nav.style == .edge else { return nil }
        if !nav.options.popGesture { return .popGesture }
        if distanceFromLeadingEdge(point.x, world) > nav.options.edgeWidth { return .edgeWidth }
        return nil
    }

    /// The app set the delegate (`false`: cleared it; a table: its own), in
    /// the edge style or seed 001's full-screen pan. UIKit's checks and the
    /// screen hooks are gone (the count too: that is the root freeze); what
    /// remains is the recognizer's own (the edge pan's direction), the
    /// delegate's `should_begin`, and one transition at a time, which navlua
    /// keeps since it cannot run two.
    static func delegated(_ g: PopGestureRecognizer) -> BeginDecision {
        let nav = g.nav
        if nav.style == .edge, g.sign * g.info.translation.x < 0 { return .refuse(.direction) }
        switch g.world.callDelegate(.should_begin, of: nav, .gesture(g.info)) {
        case .failed: return .failed
        case .value(false): return .refuse(.shouldBegin)
        default: break
        }
        if nav.transitioning { return .refuse(.transitioning) }
        return .begin
    }

    static func distanceFromLeadingEdge(_ x: Double, _ world: World) -> Double {
        world.layout == .leftToRight ? x : world.width - x
    }

    /// The hooks shared by the edge and full-screen styles: `enabled`, then
    /// `allow_drag_back` (its answer is final when defined), then
    /// `will_go_back`. Undefined hooks are skipped; only `false` refuses.
    static func askHooks(_ g: PopGestureRecognizer, _ top: Screen) -> BeginDecision {
        askEnabledAndAllowDragBack(g, top, g.info) ?? askWillGoBack(g, top)
    }

    /// `enabled`, then `allow_drag_back`: a decision, or nil to go on.
    static func askEnabledAndAllowDragBack(_ g: PopGestureRecognizer, _ top: Screen, _ info: GestureInfo) -> BeginDecision? {
        switch g.world.call(.enabled, of: top) {
        case .failed: return .failed
        case .value(false): return .refuse(.enabled)
        default: break
        }
        switch g.world.call(.allow_drag_back, of: top, .gesture(info)) {
        case .failed: return .failed
        case .value(false): return .refuse(.allowDragBack)
        case .value: return .begin
        case .undefined: return nil
        }
    }

    static func askWillGoBack(_ g: PopGestureRecognizer, _ top: Screen) -> BeginDecision {
        switch g.world.call(.will_go_back, of: top) {
        case .failed: return .failed
        case .value(false): return .refuse(.willGoBack)
        default: return .begin
        }
    }
}
