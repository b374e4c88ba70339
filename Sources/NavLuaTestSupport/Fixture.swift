import NavLuaEngine

/// Calls made to the hooks of several screens, in the order they happened,
/// as `Title.hook` or `Title.hook(animated)`.
public final class CallLog {
    public var entries: [String] = []
    public init() {}
}

/// A fake `ScreenSource`: fields are dictionaries, hooks are closures, and
/// every call the engine makes is recorded.
public final class TestScreen: ScreenSource {
    public typealias HookFunction = (TestScreen, HookArguments) throws -> Bool?

    public let name: String
    public let log: CallLog
    public var flags: [String: Bool] = [:]
    public var numbers: [String: Double] = [:]
    /// Hooks the screen defines; a hook missing here is undefined.
    public var hooks: [Hook: HookFunction] = [:]
    /// Every hook the engine asked for, defined or not.
    public private(set) var asked: [Hook] = []
    /// Arguments of the last `allow_drag_back` call.
    public private(set) var lastGesture: GestureInfo?
    public private(set) var pinChanges: [Bool] = []

    public init(_ name: String, log: CallLog) {
        self.name = name
        self.log = log
    }

    public func title() -> String { name }
    public func flag(_ field: ScreenField) throws -> Bool { flags[field.rawValue] ?? false }
    public func number(_ field: ScreenField) throws -> Double? { numbers[field.rawValue] }
    public func setPinned(_ pinned: Bool) { pinChanges.append(pinned) }

    public func call(_ hook: Hook, _ arguments: HookArguments) throws -> HookResult {
        asked.append(hook)
        guard let fn = hooks[hook] else { return .undefined }
        switch arguments {
        case .animated(let animated): log.entries.append("\(name).\(hook.rawValue)(\(animated))")
        case .gesture(let info):
            lastGesture = info
            log.entries.append("\(name).\(hook.rawValue)")
        case .none: log.entries.append("\(name).\(hook.rawValue)")
        }
        return .value(try fn(self, arguments))
    }

    /// Defines a hook that answers `value`.
    public func answer(_ hook: Hook, _ value: Bool?) {
        hooks[hook] = { _, _ in value }
    }

    /// Defines the lifecycle hooks and `pop_gesture_did_end` so that they show in the log.
    public func logLifecycle() {
        for hook in [Hook.will_appear, .did_appear, .will_disappear, .did_disappear, .pop_gesture_did_end] {
            hooks[hook] = { _, _ in nil }
        }
    }
}

extension Screen {
    public var test: TestScreen { source as! TestScreen }
}

extension TraceValue {
    public var string: String? { if case .string(let s) = self { return s } else { return nil } }
    public var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    public var int: Int? { if case .int(let i) = self { return i } else { return nil } }
    public var number: Double? {
        switch self {
        case .number(let d): return d
        case .int(let i): return Double(i)
        default: return nil
        }
    }
    public var point: Point? { if case .point(let p) = self { return p } else { return nil } }
}

/// A world with screens made from `TestScreen`s and helpers to read its trace.
public final class Fixture {
    public let world: World
    public let log = CallLog()

    public init(width: Double = 390, height: Double = 844, fps: Int = 60, layout: Layout = .leftToRight) {
        var config = WorldConfig()
        config.width = width
        config.height = height
        config.fps = fps
        config.layout = layout
        world = World(config)
    }

    public var width: Double { world.width }

    public func screen(_ title: String, logLifecycle: Bool = true) -> Screen {
        let source = TestScreen(title, log: log)
        if logLifecycle { source.logLifecycle() }
        return world.makeScreen(source)
    }

    /// A navigation showing `stack` (root first), built without animation.
    public func navigation(_ stack: [Screen], style: PopStyle = .fullscreen,
                    configure: (inout NavigationOptions) -> Void = { _ in }) throws -> NavigationController {
        var options = NavigationOptions(tunables: world.tunables)
        options.style = style
        configure(&options)
        let nav = try world.makeNavigation(options, root: stack.first)
        for screen in stack.dropFirst() { try nav.push(screen, animated: false) }
        return nav
    }

    /// Marks the present end of the trace and of the call log.
    public func mark() -> (trace: Int, log: Int) { (world.trace.count, log.entries.count) }

    public func events(since mark: (trace: Int, log: Int)? = nil) -> [TraceEvent] {
        Array(world.trace.events.dropFirst(mark?.trace ?? 0))
    }

    public func logged(since mark: (trace: Int, log: Int)? = nil) -> [String] {
        Array(log.entries.dropFirst(mark?.log ?? 0))
    }

    /// Lifecycle events as `Title.name(animated)`.
    public func lifecycle(since mark: (trace: Int, log: Int)? = nil) -> [String] {
        events(since: mark).filter { $0.kind == .lifecycle }.map {
            "\($0["screen"]!.string!).\($0["name"]!.string!)(\($0["animated"]!.bool!))"
        }
    }

    /// Gesture events of the pop recognizer.
    public func popGestures(since mark: (trace: Int, log: Int)? = nil) -> [TraceEvent] {
        events(since: mark).filter { $0.kind == .gesture && $0["recognizer"]?.string == "pop" }
    }

    /// The check that refused the last pop gesture, if any.
    public var lastRefusal: String? { popGestures().last?["refused_by"]?.string }
    public var lastPopState: String? { popGestures().last?["state"]?.string }

    /// Touch down, move over `seconds`, hold, then lift (or cancel): the
    /// world's drag.
    @discardableResult
    public func drag(from: Point, to: Point, seconds: Double = 0.25, hold: Double = 0,
                     cancel: Bool = false) throws -> DragResult {
        try world.drag(from: from, to: to, seconds: seconds, hold: hold, cancel: cancel)
    }

    /// Drags, then cancels the touch (so that the stack stays as it was),
    /// settles, and tells how the pop gesture came out: "began", or the
    /// check that refused it, or "none" when no pop gesture was recorded.
    public func popOutcome(from: Point, to: Point, seconds: Double = 0.1) throws -> String {
        let m = mark()
        try drag(from: from, to: to, seconds: seconds, cancel: true)
        let decided = popGestures(since: m).first { ["began", "failed"].contains($0["state"]?.string) }
        _ = try world.settle()
        guard let e = decided else { return "none" }
        return e["state"]!.string! == "began" ? "began" : (e["refused_by"]?.string ?? "?")
    }

    /// Nanoseconds of frame `k` on this world's clock.
    public func nanos(_ k: Int) -> Int { world.clock.nanos(atFrame: k)! }
}
