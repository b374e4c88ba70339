/// `BackEventCompat` (androidx activity): what the back callback's
/// `on_started` and `on_progressed` receive.
public struct BackEvent: Sendable, Equatable {
    /// 0..1, from BackTouchTracker (0 at the start, and for the back key).
    public var progress: Double
    public var touchX: Double
    public var touchY: Double
    /// `swipeEdge`: EDGE_LEFT 0 or EDGE_RIGHT 1, as `"left"` or `"right"`.
    public var edge: BackTouchTracker.Edge
    /// `frameTimeMillis` (API 36): the frame's time on navlua's clock.
    public var frameTimeMillis: Int

    public init(progress: Double, touchX: Double, touchY: Double, edge: BackTouchTracker.Edge, frameTimeMillis: Int) {
        self.progress = progress; self.touchX = touchX; self.touchY = touchY
        self.edge = edge; self.frameTimeMillis = frameTimeMillis
    }
}

/// `OnBackPressedCallback`'s four methods, named as the script writes them.
public enum BackCallbackMethod: String, Sendable, CaseIterable {
    case on_started, on_progressed, on_cancelled, on_pressed

    /// The androidx method each one is.
    public var androidx: String {
        switch self {
        case .on_started: return "handleOnBackStarted"
        case .on_progressed: return "handleOnBackProgressed"
        case .on_cancelled: return "handleOnBackCancelled"
        case .on_pressed: return "handleOnBackPressed"
        }
    }
}

/// A screen's `back_callback` (a Lua table, for the bridge): read when the
/// back gesture starts or the back key is pressed, as the dispatcher asks
/// its callbacks then.
public protocol BackCallbackSource: AnyObject {
    /// Whether the screen has a back callback and it is enabled. A value of
    /// the wrong type is an error naming the screen and the field.
    func backCallbackEnabled() throws -> Bool
    /// Calls the method if the callback defines it (`self` is the screen).
    func callBack(_ method: BackCallbackMethod, _ event: BackEvent?) throws
}

extension World {
    /// Whether `screen`'s back callback is enabled; a failure is recorded
    /// and reads as no callback.
    func backCallbackEnabled(_ screen: Screen) -> Bool {
        guard let source = screen.source as? BackCallbackSource else { return false }
        return read { try source.backCallbackEnabled() } ?? false
    }

    /// Calls a method of `screen`'s back callback as a hook runs: calls made
    /// from it wait until it returns (then run, the navigation being free),
    /// and a failure is the driving call's error, with the script's
    /// file:line. Traced as `hook name=on_started screen=...`.
    @discardableResult
    func callBack(_ method: BackCallbackMethod, of screen: Screen, _ event: BackEvent?) -> Bool {
        guard !hasFailed, let source = screen.source as? BackCallbackSource else { return false }
        hookDepth += 1
        do {
            try source.callBack(method, event)
        } catch {
            hookDepth -= 1
            fail(.callbackFailed("back_callback." + method.rawValue + " of screen '" + screen.title + "' failed: "
                                 + NavError.text(of: error)))
            return false
        }
        hookDepth -= 1
        var fields: [TraceField] = [.string("name", method.rawValue), .string("screen", screen.title)]
        if let e = event { fields.append(.number("progress", e.progress)) }
        record(.hook, fields)
        return true
    }
}
