import NavLuaRuntime
import NavLuaEngine

/// screen:add_control and the control objects it returns: manual §3.5
/// (issue 35). Errors are thrown to `bridged`, which raises them in C with
/// the caller's file:line.
enum ControlBinding {
    static let metatable = "navlua.Control"
    static let methods: [LuaFunction] = [LuaFunction("require_to_fail", PopRecognizerBinding.controlRequireToFail)]

    static func register(_ lua: Lua) {
        lua.registerObjectType(metatable, methods: methods, index: index, newIndex: newIndex)
    }

    /// The options `screen:add_control` takes; any other key is an error
    /// naming the nearest of these.
    static let options = ["kind", "x", "y", "width", "height", "handles", "value", "open", "actions_width"]

    /// A control's height when the script gives none: 44 pt, the classic
    /// UITableView row height (navlua's choice, for every kind).
    static let defaultHeight = 44.0

    /// How a kind handles touches when `handles` is not given: a UISlider
    /// tracks raw touches (a UIControl), a table row's swipe actions use
    /// the table's pan recognizer, a drawing canvas overrides touchesBegan
    /// (the views in the users' reports: dotnet/maui #36248's drawing
    /// component; openmobilemaps maps-core before PR #879). navlua's choice.
    static func defaultHandling(_ kind: Control.Kind) -> Control.Handling {
        switch kind {
        case .slider, .canvas: return .touches
        case .swipeRow: return .recognizer
        }
    }

    static let addControl: navlua_SwiftFunction = { L in
        bridged(L, "screen:add_control") { b, lua in
            let screen = try ScreenBinding.screen(lua, b, 1, "self")
            try checkKeys(lua, 2)
            let o = try Options(lua, 2, allowed: options)
            o.push("kind")
            guard let kind = lua.type(-1) == LUA_TSTRING ? lua.string(-1).flatMap(Control.Kind.init) : nil else {
                throw argumentError("kind", oneOf(Control.Kind.allCases.map(\.rawValue)), got: lua.describe(-1))
            }
            lua.pop()
            var handling = defaultHandling(kind)
            if o.push("handles") != LUA_TNIL {
                guard lua.type(-1) == LUA_TSTRING, let chosen = lua.string(-1).flatMap(Control.Handling.init) else {
                    throw argumentError("handles", oneOf(Control.Handling.allCases.map(\.rawValue)),
                                        got: lua.describe(-1))
                }
                handling = chosen
            }
            lua.pop()
            let frame = Rect(x: try o.number("x") ?? 0, y: try o.number("y") ?? 0,
                             width: try o.positive("width") ?? b.world.width,
                             height: try o.positive("height") ?? defaultHeight)
            try only(kind == .slider, "value", "a slider", o)
            try only(kind == .swipeRow, "open", "a swipe_row", o)
            try only(kind == .swipeRow, "actions_width", "a swipe_row", o)
            let value = try o.with("value") { () throws -> Double in
                let v = try lua.finiteNumber(-1, "value")
                guard v >= 0 && v <= 1 else { throw argumentError("value", "a number from 0 to 1", got: lua.describe(-1)) }
                return v
            }
            let control = Control(id: b.makeControlID(), kind: kind, handling: handling, frame: frame,
                                  value: value ?? 0.5, open: try o.bool("open") ?? false,
                                  actionsWidth: try o.positive("actions_width") ?? ControlRules.rowActionsWidth)
            screen.addControl(control)
            (screen.source as? LuaScreenSource)?.addScrollView()   // counted as a scroll view's bytes
            push(control, lua, b)
            return 1
        }
    }

    /// `"slider", "swipe_row" or "canvas"`.
    private static func oneOf(_ names: [String]) -> String {
        let quoted = names.map { "\"\($0)\"" }
        return quoted.dropLast().joined(separator: ", ") + " or " + (quoted.last ?? "")
    }

    /// An option that only one kind takes.
    private static func only(_ allowed: Bool, _ key: String, _ kind: String, _ o: Options) throws {
        guard !allowed else { return }
        let type = o.push(key)
        o.lua.pop()
        guard type != LUA_TNIL else { return }
        throw NavError("'\(key)' is an option of \(kind) only")
    }

    /// Unknown keys, each with the nearest option named (NameSuggestion).
    private static func checkKeys(_ lua: Lua, _ i: Int32) throws {
        guard lua.type(i) == LUA_TTABLE else { return }   // Options names the type
        let t = lua.absolute(i)
        var unknown: [String] = []
        lua.pushNil()
        while lua_next(lua.L, t) != 0 {
            lua.pop()
            if lua.type(-1) == LUA_TSTRING, let key = lua.string(-1), !options.contains(key) {
                unknown.append(key)
            }
        }
        guard let first = unknown.sorted().first else { return }
        let near = NameSuggestion.nearest(first, among: options).map { " (did you mean '\($0)'?)" }
        throw NavError("unknown option '\(first)'" + (near ?? " (expected one of: \(options.joined(separator: ", ")))"))
    }

    /// One userdata per control, so that the same control compares equal.
    static func push(_ control: Control, _ lua: Lua, _ b: Bridge) {
        b.pushUnique(control, id: control.id, cache: Bridge.controlObjects, metatable: metatable)
    }

    /// What `control.<name>` reads (and what the REPL's Tab offers).
    enum Field: String, CaseIterable {
        case id, kind, handles, x, y, width, height, value, open, touches, cancelled, tracking
        case actionsWidth = "actions_width"
    }

    static let index: navlua_SwiftFunction = { L in
        bridged(L, "control") { _, lua in
            if lua.pushMethod() { return 1 }
            guard let c = lua.object(1, metatable: metatable, as: Control.self) else { return 0 }
            switch Field(rawValue: lua.string(2) ?? "") {
            case .id: lua.push(c.id)
            case .kind: lua.push(c.kind.rawValue)
            case .handles: lua.push(c.handling.rawValue)
            case .x: lua.push(c.frame.x)
            case .y: lua.push(c.frame.y)
            case .width: lua.push(c.frame.width)
            case .height: lua.push(c.frame.height)
            case .value: if c.kind == .slider { lua.push(c.value) } else { lua.pushNil() }
            case .open: if c.kind == .swipeRow { lua.push(c.open) } else { lua.pushNil() }
            case .actionsWidth: if c.kind == .swipeRow { lua.push(c.actionsWidth) } else { lua.pushNil() }
            case .touches: lua.push(c.touches)
            case .cancelled: lua.push(c.cancelled)
            case .tracking: lua.push(c.tracking)
            case nil: lua.pushNil()
            }
            return 1
        }
    }

    /// Every field is read-only (a finger moves a control); any other key
    /// is named as absent, with the nearest field.
    static let newIndex: navlua_SwiftFunction = { L in
        bridged(L, "control") { _, lua in
            let key = lua.string(2) ?? lua.describe(2)
            let names = Field.allCases.map(\.rawValue)
            if names.contains(key) { throw NavError("field '\(key)' is read-only (a finger moves a control)") }
            let near = NameSuggestion.nearest(key, among: names).map { " (did you mean '\($0)'?)" }
            throw NavError("a control has no field '\(key)'" + (near ?? ""))
        }
    }
}
