import NavLuaRuntime
import NavLuaEngine

/// Android's predictive back in Lua (manual §15): a screen's
/// `back_callback`, the navigation option `back_animation`,
/// `navlua.back_key()`, `nav:visual().back`, and `navlua.back_touch_tracker()`
/// (AOSP's BackTouchTracker on its own, for its tests' port).
enum AndroidBinding {
    static let trackerMetatable = "navlua.BackTouchTracker"

    static let functions: [LuaFunction] = [
        LuaFunction("back_key", backKey), LuaFunction("back_touch_tracker", backTouchTracker),
    ]

    /// The keys a `back_callback` table may have.
    static let callbackKeys = ["enabled"] + BackCallbackMethod.allCases.map(\.rawValue)

    static func register(_ lua: Lua) {
        lua.registerObjectType(trackerMetatable, methods: trackerMethods, index: trackerIndex)
    }

    // MARK: back_callback

    /// Checks a screen table's `back_callback` (at navlua.screen, and again
    /// each time the engine reads it): a table whose `enabled` is a boolean
    /// (nil: true, as OnBackPressedCallback(true)) and whose methods are
    /// functions; any other key is an error.
    static func checkCallback(_ lua: Lua, table: Int32, screen title: String) throws {
        let t = lua.absolute(table)
        defer { lua.pop() }
        let type = lua.rawGet(t, "back_callback")
        if type == LUA_TNIL { return }
        guard type == LUA_TTABLE else {
            throw NavError("screen '\(title)': 'back_callback' must be a table {enabled=, on_started=, on_progressed=, on_cancelled=, on_pressed=} (got \(lua.describe(-1)))")
        }
        let cb = lua.top
        lua.pushNil()
        while lua_next(lua.L, cb) != 0 {
            defer { lua.pop() }
            guard lua.type(-2) == LUA_TSTRING, let key = lua.string(-2), callbackKeys.contains(key) else {
                let key = lua.describe(-2)
                let meant = (lua.type(-2) == LUA_TSTRING ? lua.string(-2) : nil)
                    .flatMap { NameSuggestion.nearest($0, among: callbackKeys) }
                lua.pop(2)
                let hint = meant.map { ": did you mean '\($0)'?" } ?? ""
                throw NavError("screen '\(title)': back_callback has an unknown key \(key)\(hint) (expected \(callbackKeys.joined(separator: ", ")))")
            }
            if key == "enabled" {
                guard lua.type(-1) == LUA_TBOOLEAN else {
                    let got = lua.describe(-1)
                    lua.pop(2)
                    throw NavError("screen '\(title)': back_callback.enabled must be a boolean (got \(got))")
                }
            } else if lua.type(-1) != LUA_TFUNCTION {
                let got = lua.describe(-1)
                lua.pop(2)
                throw NavError("screen '\(title)': back_callback.\(key) must be a function (got \(got))")
            }
        }
    }

    /// BackEventCompat as a table: {progress=, touch_x=, touch_y=,
    /// swipe_edge="left"|"right", frame_time_millis=}.
    static func pushEvent(_ e: BackEvent, _ lua: Lua, _ b: Bridge) {
        // keys by registry reference (TableKey): one event a touch sample
        lua.newTable(hash: 5)
        lua.push(e.progress); lua.rawSet(-2, .progress, b)
        lua.push(e.touchX); lua.rawSet(-2, .touchX, b)
        lua.push(e.touchY); lua.rawSet(-2, .touchY, b)
        lua.push(e.edge.rawValue); lua.rawSet(-2, .swipeEdge, b)
        lua.push(e.frameTimeMillis); lua.rawSet(-2, .frameTimeMillis, b)
    }

    // MARK: back_animation

    static func backAnimation(_ o: Options) throws -> BackAnimationStyle? {
        guard let name = try o.string("back_animation") else { return nil }
        guard let style = BackAnimationStyle(rawValue: name) else {
            throw argumentError("back_animation", BackAnimationStyle.names.map { "\"\($0)\"" }.joined(separator: ", "),
                                got: "'\(name)'")
        }
        return style
    }

    // MARK: nav:visual().back

    /// {style=, progress=, phase=, home=, scrim=, top={screen=, scale=, x=,
    /// y=, corner_radius=, alpha=}, below={...}}; nothing when none runs.
    static func pushVisual(_ v: BackVisual?, _ lua: Lua, _ b: Bridge) {
        guard let v = v else { return }
        // keys by registry reference (TableKey): visual() may be read every frame
        lua.newTable(hash: 7)
        lua.push(v.style.rawValue); lua.rawSet(-2, .style, b)
        lua.push(v.progress); lua.rawSet(-2, .progress, b)
        lua.push(v.phase); lua.rawSet(-2, .phase, b)
        lua.push(v.home); lua.rawSet(-2, .home, b)
        lua.push(v.scrim); lua.rawSet(-2, .scrim, b)
        func layer(_ l: BackLayer?, _ key: TableKey) {
            guard let l = l else { return }
            lua.newTable(hash: 6)
            ScreenBinding.push(l.screen, lua); lua.rawSet(-2, .screen, b)
            lua.push(l.scale); lua.rawSet(-2, .scale, b)
            lua.push(l.x); lua.rawSet(-2, .x, b)
            lua.push(l.y); lua.rawSet(-2, .y, b)
            lua.push(l.cornerRadius); lua.rawSet(-2, .cornerRadius, b)
            lua.push(l.alpha); lua.rawSet(-2, .alpha, b)
            lua.rawSet(-2, key, b)
        }
        layer(v.top, .top)
        layer(v.below, .below)
        lua.rawSet(-2, .back, b)
    }

    // MARK: navlua.back_key()

    static let backKey: navlua_SwiftFunction = { L in
        bridged(L, "navlua.back_key") { b, lua in
            try WorldBinding.refuseWhenBusy(b)
            guard lua.top == 0 else { throw argumentError("arguments", "none", got: lua.describe(1)) }
            try b.world.backKey()
            return 0
        }
    }

    // MARK: navlua.back_touch_tracker()

    /// AOSP's BackTouchTracker, alone: for porting BackTouchTrackerTest.
    final class TrackerBox { var tracker = BackTouchTracker() }

    static let backTouchTracker: navlua_SwiftFunction = { L in
        bridged(L, "navlua.back_touch_tracker") { _, lua in
            guard lua.top == 0 else { throw argumentError("arguments", "none", got: lua.describe(1)) }
            lua.pushObject(TrackerBox(), metatable: trackerMetatable)
            return 1
        }
    }

    static let trackerIndex: navlua_SwiftFunction = { L in
        bridged(L, "back touch tracker") { _, lua in lua.pushMethod() ? 1 : 0 }
    }

    private static func box(_ lua: Lua) throws -> TrackerBox {
        guard let box = lua.object(1, metatable: trackerMetatable, as: TrackerBox.self) else {
            throw argumentError("self", "a back touch tracker", got: lua.describe(1))
        }
        return box
    }

    /// A number argument, as a Java float.
    private static func float(_ lua: Lua, _ i: Int32, _ what: String) throws -> Float {
        guard lua.type(i) == LUA_TNUMBER, let v = lua.number(i), v.isFinite else {
            throw argumentError(what, "a finite number", got: lua.describe(i))
        }
        return Float(v)
    }

    private static func edge(_ lua: Lua, _ i: Int32) throws -> BackTouchTracker.Edge {
        guard let s = lua.string(i), lua.type(i) == LUA_TSTRING, let e = BackTouchTracker.Edge(rawValue: s) else {
            throw argumentError("edge", "\"left\" or \"right\"", got: lua.describe(i))
        }
        return e
    }

    static let trackerMethods: [LuaFunction] = [
        LuaFunction("set_progress_thresholds") { L in
            bridged(L, "tracker:set_progress_thresholds") { _, lua in
                let box = try box(lua)
                box.tracker.setProgressThresholds(linear: try float(lua, 2, "linear_distance"),
                                                  max: try float(lua, 3, "max_distance"),
                                                  factor: try float(lua, 4, "non_linear_factor"))
                return 0
            }
        },
        LuaFunction("set_gesture_start_location") { L in
            bridged(L, "tracker:set_gesture_start_location") { _, lua in
                let box = try box(lua)
                box.tracker.setGestureStartLocation(x: try float(lua, 2, "x"), y: try float(lua, 3, "y"),
                                                    edge: try edge(lua, 4))
                return 0
            }
        },
        LuaFunction("update") { L in
            bridged(L, "tracker:update") { _, lua in
                let box = try box(lua)
                box.tracker.update(x: try float(lua, 2, "x"), y: try float(lua, 3, "y"))
                return 0
            }
        },
        LuaFunction("set_trigger_back") { L in
            bridged(L, "tracker:set_trigger_back") { _, lua in
                let box = try box(lua)
                guard lua.type(2) == LUA_TBOOLEAN, let on = lua.bool(2) else {
                    throw argumentError("trigger_back", "a boolean", got: lua.describe(2))
                }
                box.tracker.setTriggerBack(on)
                return 0
            }
        },
        LuaFunction("update_start_location") { L in
            bridged(L, "tracker:update_start_location") { _, lua in
                try box(lua).tracker.updateStartLocation()
                return 0
            }
        },
        LuaFunction("progress") { L in
            bridged(L, "tracker:progress") { _, lua in
                lua.push(Double(try box(lua).tracker.progress))
                return 1
            }
        },
        LuaFunction("start_event") { L in
            bridged(L, "tracker:start_event") { b, lua in
                let t = try box(lua).tracker
                // createStartEvent: the initial touch, progress 0
                pushEvent(BackEvent(progress: 0, touchX: Double(t.initX), touchY: Double(t.initY), edge: t.edge,
                                    frameTimeMillis: 0), lua, b)
                return 1
            }
        },
    ]
}

extension LuaScreenSource: BackCallbackSource {
    /// Pushes the screen's back_callback table after checking it; false
    /// (nothing pushed) when it has none.
    private func pushCallback(_ b: Bridge) throws -> Bool {
        let lua = Lua(b.L)
        guard pushTable() else { return false }
        let table = lua.top
        do {
            try AndroidBinding.checkCallback(lua, table: table, screen: title())
        } catch {
            lua.pop()
            throw error
        }
        if lua.rawGet(table, "back_callback") != LUA_TTABLE {
            lua.pop(2)
            return false
        }
        navlua_remove(b.L, table)
        return true
    }

    func backCallbackEnabled() throws -> Bool {
        try link.withBridge { b -> Bool in
            let lua = Lua(b.L)
            guard try pushCallback(b) else { return false }
            defer { lua.pop(2) }
            let type = lua.rawGet(-1, "enabled")
            return type == LUA_TNIL ? true : (lua.bool(-1) ?? false)
        } ?? false
    }

    /// Checks the whole table when the gesture starts (backCallbackEnabled);
    /// each call reads only the method it calls, which must be a function.
    func callBack(_ method: BackCallbackMethod, _ event: BackEvent?) throws {
        try link.withBridge { b throws in
            let lua = Lua(b.L)
            let top = lua.top
            defer { lua.setTop(top) }
            guard lua_checkstack(b.L, 16) != 0 else { throw NavError("the Lua stack is full") }
            guard pushTable() else { return }
            let screen = lua.top
            guard lua.rawGet(screen, "back_callback") == LUA_TTABLE else { return }
            let type = lua.rawGet(-1, method.rawValue)
            if type == LUA_TNIL { return }
            guard type == LUA_TFUNCTION else {
                throw NavError("screen '\(title())': back_callback.\(method.rawValue) must be a function (got \(lua.describe(-1)))")
            }
            lua.pushValue(screen)   // self is the screen
            var nargs: Int32 = 1
            if let e = event {
                AndroidBinding.pushEvent(e, lua, b)
                nargs += 1
            }
            if let message = lua.protectedCallMessage(arguments: nargs, results: 0) {
                throw NavError(message)
            }
        }
    }
}
