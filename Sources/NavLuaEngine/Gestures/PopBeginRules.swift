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
        switch g.nav.style {
        case .edge: return edge(g)
        case .fullscreen: return fullscreen(g)
        case .snapshot: return snapshot(g)
        }
    }

    /// Only the edge style can fail at touch-down.
    static func refusalAtTouchDown(_ nav: NavigationController, at point: Point, _ world: World) -> PopRefusal? {
        guard nav.style == .edge else { return nil }
        if !nav.options.popGesture { return .popGesture }
        if distanceFromLeadingEdge(point.x, world) > nav.options.edgeWidth { return .edgeWidth }
        return nil
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
