import XCTest
@testable import NavLuaBridge

/// Calls made to the hooks of several screens, in the order they happened,
/// as `Title.hook` or `Title.hook(animated)`.
final class CallLog {
    var entries: [String] = []
}

/// A fake `ScreenSource`: fields are dictionaries, hooks are closures, and
/// every call the engine makes is recorded.
final class TestScreen: ScreenSource {
    typealias HookFunction = (TestScreen, HookArguments) throws -> Bool?

    let name: String
    let log: CallLog
    var flags: [String: Bool] = [:]
    var numbers: [String: Double] = [:]
    /// Hooks the screen defines; a hook missing here is undefined.
    var hooks: [Hook: HookFunction] = [:]
    /// Every hook the engine asked for, defined or not.
    private(set) var asked: [Hook] = []
    /// Arguments of the last `allow_drag_back` call.
    private(set) var lastGesture: GestureInfo?
    private(set) var pinChanges: [Bool] = []

    init(_ name: String, log: CallLog) {
        self.name = name
        self.log = log
    }

    func title() -> String { name }
    func flag(_ name: String) throws -> Bool { flags[name] ?? false }
    func number(_ name: String) throws -> Double? { numbers[name] }
    func setPinned(_ pinned: Bool) { pinChanges.append(pinned) }

    func call(_ hook: Hook, _ arguments: HookArguments) throws -> HookResult {
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
    func answer(_ hook: Hook, _ value: Bool?) {
        hooks[hook] = { _, _ in value }
    }

    /// Defines the lifecycle hooks and `pop_gesture_did_end` so that they show in the log.
    func logLifecycle() {
        for hook in [Hook.will_appear, .did_appear, .will_disappear, .did_disappear, .pop_gesture_did_end] {
            hooks[hook] = { _, _ in nil }
        }
    }
}

extension Screen {
    var test: TestScreen { source as! TestScreen }
}

extension TraceValue {
    var string: String? { if case .string(let s) = self { return s } else { return nil } }
    var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    var int: Int? { if case .int(let i) = self { return i } else { return nil } }
    var number: Double? {
        switch self {
        case .number(let d): return d
        case .int(let i): return Double(i)
        default: return nil
        }
    }
    var point: Point? { if case .point(let p) = self { return p } else { return nil } }
}

/// A world with screens made from `TestScreen`s and helpers to read its trace.
final class Fixture {
    let world: World
    let log = CallLog()

    init(width: Double = 390, height: Double = 844, fps: Int = 60, layout: Layout = .leftToRight) {
        var config = WorldConfig()
        config.width = width
        config.height = height
        config.fps = fps
        config.layout = layout
        world = World(config)
    }

    var width: Double { world.width }

    func screen(_ title: String, logLifecycle: Bool = true) -> Screen {
        let source = TestScreen(title, log: log)
        if logLifecycle { source.logLifecycle() }
        return world.makeScreen(source)
    }

    /// A navigation showing `stack` (root first), built without animation.
    func navigation(_ stack: [Screen], style: PopStyle = .fullscreen,
                    configure: (inout NavigationOptions) -> Void = { _ in }) throws -> NavigationController {
        var options = NavigationOptions(tunables: world.tunables)
        options.style = style
        configure(&options)
        let nav = try world.makeNavigation(options, root: stack.first)
        for screen in stack.dropFirst() { try nav.push(screen, animated: false) }
        return nav
    }

    /// Marks the present end of the trace and of the call log.
    func mark() -> (trace: Int, log: Int) { (world.trace.count, log.entries.count) }

    func events(since mark: (trace: Int, log: Int)? = nil) -> [TraceEvent] {
        Array(world.trace.events.dropFirst(mark?.trace ?? 0))
    }

    func logged(since mark: (trace: Int, log: Int)? = nil) -> [String] {
        Array(log.entries.dropFirst(mark?.log ?? 0))
    }

    /// Lifecycle events as `Title.name(animated)`.
    func lifecycle(since mark: (trace: Int, log: Int)? = nil) -> [String] {
        events(since: mark).filter { $0.kind == .lifecycle }.map {
            "\($0["screen"]!.string!).\($0["name"]!.string!)(\($0["animated"]!.bool!))"
        }
    }

    /// Gesture events of the pop recognizer.
    func popGestures(since mark: (trace: Int, log: Int)? = nil) -> [TraceEvent] {
        events(since: mark).filter { $0.kind == .gesture && $0["recognizer"]?.string == "pop" }
    }

    /// The check that refused the last pop gesture, if any.
    var lastRefusal: String? { popGestures().last?["refused_by"]?.string }
    var lastPopState: String? { popGestures().last?["state"]?.string }

    /// Touch down, move over `seconds`, hold, then lift (or cancel).
    @discardableResult
    func drag(from: Point, to: Point, seconds: Double = 0.25, hold: Double = 0,
              cancel: Bool = false) throws -> Touch {
        let touch = try world.touchDown(at: from)
        try world.move(touch, to: to, seconds: seconds)
        if hold > 0 { try world.hold(touch, seconds: hold) }
        if cancel { try world.cancel(touch) } else { try world.lift(touch) }
        return touch
    }

    /// Drags, then cancels the touch (so that the stack stays as it was),
    /// settles, and tells how the pop gesture came out: "began", or the
    /// check that refused it, or "none" when no pop gesture was recorded.
    func popOutcome(from: Point, to: Point, seconds: Double = 0.1) throws -> String {
        let m = mark()
        try drag(from: from, to: to, seconds: seconds, cancel: true)
        let decided = popGestures(since: m).first { ["began", "failed"].contains($0["state"]?.string) }
        _ = try world.settle()
        guard let e = decided else { return "none" }
        return e["state"]!.string! == "began" ? "began" : (e["refused_by"]?.string ?? "?")
    }

    /// Nanoseconds of frame `k` on this world's clock.
    func nanos(_ k: Int) -> Int { world.clock.nanos(atFrame: k)! }
}

/// Asserts two numbers agree within `accuracy` (default 1e-9), reporting at the caller.
func assertClose(_ a: Double?, _ b: Double, accuracy: Double = 1e-9, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    guard let a = a else { return XCTFail("nil, expected \(b) \(message)", file: file, line: line) }
    XCTAssertEqual(a, b, accuracy: accuracy, message, file: file, line: line)
}
