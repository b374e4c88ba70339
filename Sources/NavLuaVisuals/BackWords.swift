import NavLuaEngine

/// Why Android's back gesture did not go back, in words, with where the
/// rule comes from (manual §15.2), as the HTML replay shows it beside the
/// gesture's `back` event.
public enum BackWords {
    /// Words for a `back` event that did not go back (failed, cancelled,
    /// or started while nothing could move); nil for the others.
    public static func why(_ event: TraceEvent) -> String? {
        guard event.kind == .back, case .string(let phase)? = event["phase"] else { return nil }
        guard case .string(let reason)? = event["reason"] else { return nil }
        switch phase {
        case "failed", "cancelled", "started":
            return "back " + (phase == "started" ? "moved nothing" : phase) + ": " + reason + ": "
                + (words[reason] ?? "see manual §15.2")
        default:
            return nil
        }
    }

    static let words: [String: String] = [
        "short": "lifted before the finger was 16 dp in from touch-down, so the back arrow never turned active "
            + "(SystemUI BackPanelController, navigation_edge_action_drag_threshold)",
        "inactive": "the finger came back 32 dp toward the edge (or went down twice as far as across), "
            + "so the back arrow was inactive at the lift (BackPanelController)",
        "vertical": "the finger moved more than 6 dp down before it moved across: the system let the app "
            + "have the touch (EdgeBackGestureHandler)",
        "long_press": "the finger rested 250 ms in the edge before it moved (EdgeBackGestureHandler "
            + "MAX_LONG_PRESS_TIMEOUT)",
        "multi_touch": "a second finger came down (EdgeBackGestureHandler)",
        "lifted": "the finger lifted before the gesture started (6 dp across)",
        "cancelled": "the touch was cancelled or released before the lift",
        "transition": "the navigation was moving when the gesture started: navlua's back gesture moves nothing then",
        "error": "user code failed while the gesture started",
    ]
}
