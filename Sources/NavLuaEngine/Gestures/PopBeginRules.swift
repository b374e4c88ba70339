/// The outcome of a pop gesture's begin checks. A decision only: what it
/// asks for besides beginning or failing, the detector does after it.
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

/// The begin checks of the three styles, in the manual's order (§4.3).
/// Each style has its own file; what they share lives here. They read the
/// context and ask the top screen's hooks, and change nothing.
enum PopBeginRules {
    static func decide(_ c: PopBeginContext) -> BeginDecision {
        if !c.recognizer.enabled { return .refuse(c.disabledRefusal) }
        if !c.delegate.isUIKit { return delegated(c) }
        switch c.kind {
        case .edge: return edge(c)
        case .content: return content(c)
        case .fullscreen: return fullscreen(c)
        case .snapshot: return snapshot(c)
        }
    }

    /// Checks at touch-down: the edge style's switch and edge width, and
    /// before the edge width (UIKit asks the delegate for every touch, the
    /// edge recognizer then looks where it went down) an app delegate's
    /// `should_receive_touch`. A disabled recognizer receives no touches,
    /// so its delegate is not asked. The switch is read again after the
    /// delegate, which may have turned it off.
    static func refusalAtTouchDown(_ c: PopBeginContext) -> PopRefusal? {
        if c.delegate.custom != nil {
            if !c.recognizer.enabled { return c.kind == .edge ? c.disabledRefusal : nil }
            switch c.ask.delegate(.should_receive_touch, .touch(id: c.touchID, location: c.pan.location)) {
            case .failed: return .error
            case .value(false): return .shouldReceiveTouch
            default: break
            }
        }
        switch c.kind {
        case .edge:
            if !c.recognizer.enabled { return c.disabledRefusal }
            if c.distanceFromLeadingEdge(c.pan.location.x) > c.options.edgeWidth { return .edgeWidth }
        case .content:
            // a disabled recognizer receives no touches (its refusal says so
            // at once, as the edge's does)
            if !c.recognizer.enabled { return c.disabledRefusal }
        case .fullscreen, .snapshot:
            break
        }
        return nil
    }

    /// The app set the delegate (`false`: cleared it; a table: its own), in
    /// the edge style or seed 001's full-screen pan. UIKit's checks and the
    /// screen hooks are gone (the count too: that is the root freeze); what
    /// remains is the recognizer's own (the edge pan's direction), the
    /// delegate's `should_begin`, and one transition at a time, which navlua
    /// keeps since it cannot run two.
    static func delegated(_ c: PopBeginContext) -> BeginDecision {
        if c.kind == .edge || c.kind == .content, edgePanFails(c) { return .refuse(.direction) }
        switch c.ask.delegate(.should_begin, .gesture(c.pan.info)) {
        case .failed: return .failed
        case .value(false): return .refuse(.shouldBegin)
        default: break
        }
        if c.navigation.transitioning { return .refuse(.transitioning) }
        return .begin
    }

    /// The edge pan's own direction test (UIScreenEdgePanGestureRecognizer):
    /// it recognizes a pan that leaves the edge toward the trailing side,
    /// more across the screen than along the edge; a mostly vertical drag
    /// from the edge fails it. Apple publishes no angle: navlua takes 45
    /// degrees (|dy| > |dx| fails), an estimate (manual §5.4.2).
    static func edgePanFails(_ c: PopBeginContext) -> Bool {
        let t = c.pan.translation
        return c.sign * t.x < 0 || abs(t.y) > abs(t.x)
    }

    /// The hooks shared by the edge and full-screen styles: `enabled`, then
    /// `allow_drag_back` (its answer is final when defined), then
    /// `will_go_back`. Undefined hooks are skipped; only `false` refuses.
    static func askHooks(_ c: PopBeginContext, _ top: Screen) -> BeginDecision {
        askEnabledAndAllowDragBack(c, top) ?? askWillGoBack(c, top)
    }

    /// `enabled`, then `allow_drag_back`: a decision, or nil to go on.
    static func askEnabledAndAllowDragBack(_ c: PopBeginContext, _ top: Screen) -> BeginDecision? {
        switch c.ask.hook(.enabled, of: top, .none) {
        case .failed: return .failed
        case .value(false): return .refuse(.enabled)
        default: break
        }
        switch c.ask.hook(.allow_drag_back, of: top, .gesture(c.pan.info)) {
        case .failed: return .failed
        case .value(false): return .refuse(.allowDragBack)
        case .value: return .begin
        case .undefined: return nil
        }
    }

    static func askWillGoBack(_ c: PopBeginContext, _ top: Screen) -> BeginDecision {
        switch c.ask.hook(.will_go_back, of: top, .none) {
        case .failed: return .failed
        case .value(false): return .refuse(.willGoBack)
        default: return .begin
        }
    }
}
