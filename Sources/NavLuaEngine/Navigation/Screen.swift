/// The hooks a screen may define; the raw values are their Lua names.
public enum Hook: String, Sendable, CaseIterable {
    case enabled, allow_drag_back, will_go_back, pop_gesture_did_end
    case will_appear, did_appear, will_disappear, did_disappear
}

/// What a pan looked like when a hook is asked about it.
public struct GestureInfo: Sendable {
    public var location: Point
    public var translation: Point
    public var velocity: Point
    public var touches: Int
}

/// Arguments a hook is called with after `self`.
public enum HookArguments: Sendable {
    case none
    case gesture(GestureInfo)
    case animated(Bool)
}

/// What calling a hook gave.
public enum HookResult: Equatable, Sendable {
    case undefined
    case value(Bool?)
}

/// The fields the engine reads from a screen's source, named as the
/// script writes them. An enum, not a String: the bridge found a field's
/// key by comparing strings (~300 instructions a read).
public enum ScreenField: String, Sendable, CaseIterable {
    case pop_disabled, max_initial_distance, navigation_bar_hidden, back_button, modal_in_presentation
    case navigation_bar_back_button_hidden
}

/// Where a screen's fields and hooks live (a Lua table, for the bridge).
/// The engine reads through it at decision time, so a change the script
/// makes later takes effect at once. Every read may fail with a message.
public protocol ScreenSource: AnyObject {
    func title() -> String
    func flag(_ field: ScreenField) throws -> Bool
    func number(_ field: ScreenField) throws -> Double?
    /// A string field (nil when absent); other types are an error.
    func text(_ field: ScreenField) throws -> String?
    /// Calls the hook if the screen defines it. A result other than a
    /// boolean or nil is an error naming the hook and the screen.
    func call(_ hook: Hook, _ arguments: HookArguments) throws -> HookResult
    /// The engine holds the screen (in a stack or a queued call) or no longer does.
    func setPinned(_ pinned: Bool)
}

extension ScreenSource {
    /// Sources without string fields read none.
    public func text(_ field: ScreenField) throws -> String? { nil }
}

/// A screen as the engine knows it: identity, scroll views, and its source.
public final class Screen {
    public let id: Int
    public let source: ScreenSource
    public internal(set) var scrollViews: [ScrollView] = []
    /// Its controls (issue 35: Control.swift), in the order they were added.
    public internal(set) var controls: [Control] = []
    /// The navigation whose stack holds it, if any.
    public internal(set) var navigation: NavigationController? {
        get { navigationLink?.object }
        set { navigationLink = newValue?.link }
    }
    private var navigationLink: NavigationLink?

    public init(id: Int, source: ScreenSource) {
        self.id = id
        self.source = source
    }

    public var title: String { source.title() }

    /// How many places in the engine hold this screen; the source is told
    /// when that goes from zero to one and back.
    var pins = 0 {
        didSet {
            if (oldValue == 0) != (pins == 0) { source.setPinned(pins > 0) }
        }
    }

    /// `back_button`: "system" (or nil) or "custom".
    func backButton() throws -> BackButton {
        guard let value = try source.text(.back_button) else { return .system }
        guard let button = BackButton(rawValue: value) else {
            throw NavError("screen '\(title)': field 'back_button' must be \"system\" or \"custom\" (got '\(value)')")
        }
        return button
    }

    public func addScrollView(_ view: ScrollView) { scrollViews.append(view) }

    /// The scroll views under `point` that scroll along some axis, innermost
    /// first: a view added later lies over the ones before it (UIKit hit-tests
    /// the last subview first), so a list added after the pager that holds
    /// it is inside it. Each one's pan competes for the touch (TouchRouting).
    func scrollViews(at point: Point) -> [ScrollView] {
        var found: [ScrollView] = []
        for view in scrollViews.reversed() where view.frame.contains(point) && !view.axes.isEmpty {
            found.append(view)
        }
        return found
    }
}
