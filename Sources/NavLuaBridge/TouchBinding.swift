import NavLuaRuntime
import NavLuaEngine

/// Touches: navlua.touch_down, the touch methods, navlua.drag and
/// navlua.tap (manual §5.1, §5.2). Each call advances the clock as far as its
/// samples need.
enum TouchBinding {
    static let metatable = "navlua.Touch"

    static let methods: [LuaFunction] = [
        LuaFunction("move_to", moveTo), LuaFunction("hold", hold), LuaFunction("up", up), LuaFunction("cancel", cancel),
    ]

    static func register(_ lua: Lua) {
        lua.registerObjectType(metatable, methods: methods, index: index, toString: toString)
    }

    static let touchDown: navlua_SwiftFunction = { L in
        bridged(L, "navlua.touch_down") { b, lua in
            try WorldBinding.refuseWhenBusy(b)
            let (point, _) = try lua.pointOrCoordinates(1, "point")
            try onScreen(point, b.world)
            let touch = try b.world.touchDown(at: point)
            lua.pushObject(touch, metatable: metatable)
            return 1
        }
    }

    /// `self` of a touch method: a touch of the current world.
    static func touch(_ lua: Lua, _ b: Bridge) throws -> Touch {
        guard let touch = lua.object(1, metatable: metatable, as: Touch.self) else {
            throw argumentError("self", "a touch (call methods with ':')", got: lua.describe(1))
        }
        guard touch.owner === b.world else {
            throw NavError("touch \(touch.id) belongs to a world that navlua.reset replaced")
        }
        return touch
    }

    static let moveTo: navlua_SwiftFunction = { L in
        bridged(L, "touch:move_to") { b, lua in
            try WorldBinding.refuseWhenBusy(b)
            let t = try touch(lua, b)
            let (point, next) = try lua.pointOrCoordinates(2, "point")
            let duration = lua.isNil(next) ? 0 : try lua.nonNegative(next, "duration")
            // t:move_to(x, y, seconds, {profile = ...})
            var profile = TouchProfile.linear
            if !lua.isNil(next + 1) {
                guard lua.type(next + 1) == LUA_TTABLE else {
                    throw argumentError("options", "a table {profile=}", got: lua.describe(next + 1))
                }
                let o = try Options(lua, next + 1, allowed: ["profile"])
                o.push("profile")
                profile = try TouchProfileBinding.profile(lua, -1)
            }
            try b.world.move(t, to: point, seconds: duration, profile: profile)
            return 0
        }
    }

    static let hold: navlua_SwiftFunction = { L in
        bridged(L, "touch:hold") { b, lua in
            try WorldBinding.refuseWhenBusy(b)
            let t = try touch(lua, b)
            try b.world.hold(t, seconds: try lua.nonNegative(2, "seconds"))
            return 0
        }
    }

    static let up: navlua_SwiftFunction = { L in
        bridged(L, "touch:up") { b, lua in
            try WorldBinding.refuseWhenBusy(b)
            try b.world.lift(try touch(lua, b))
            return 0
        }
    }

    static let cancel: navlua_SwiftFunction = { L in
        bridged(L, "touch:cancel") { b, lua in
            try WorldBinding.refuseWhenBusy(b)
            try b.world.cancel(try touch(lua, b))
            return 0
        }
    }

    /// What `touch.<name>` reads besides the methods (and what the REPL's
    /// Tab offers after `touch.`).
    enum Field: String, CaseIterable {
        case id, x, y, down, recognizer
    }

    static let index: navlua_SwiftFunction = { L in
        let lua = Lua(L!)
        if lua.pushMethod() { return 1 }
        guard let key = lua.string(2),
              let t = lua.object(1, metatable: metatable, as: Touch.self) else { return 0 }
        switch Field(rawValue: key) {
        case .id: lua.push(t.id)
        case .x: lua.push(t.location.x)
        case .y: lua.push(t.location.y)
        case .down: lua.push(t.isDown)
        case .recognizer:
            if let r = t.recognizer { lua.push(r.rawValue) } else { lua.pushNil() }
        case nil:
            return bridged(L, "touch") { _, lua in
                try NoMethod.check(key, methods: methods, fields: Field.allCases.map(\.rawValue))
                lua.pushNil()
                return 1
            }
        }
        return 1
    }

    static let toString: navlua_SwiftFunction = { L in
        let lua = Lua(L!)
        guard let t = lua.object(1, metatable: metatable, as: Touch.self) else { return 0 }
        lua.push("touch \(t.id) at (\(formatNumber(t.location.x, places: 2)), \(formatNumber(t.location.y, places: 2)))"
                 + (t.isDown ? "" : " (lifted)"))
        return 1
    }

    /// navlua.drag{from=, to= | by=, duration=0.25, hold=0}: the engine's
    /// drag. Returns {recognizer=, state=, velocity={x=,y=}, finished=,
    /// refused_by=}: `finished` tells whether a released pop finishes.
    static let drag: navlua_SwiftFunction = { L in
        bridged(L, "navlua.drag") { b, lua in
            try WorldBinding.refuseWhenBusy(b)
            guard lua.type(1) == LUA_TTABLE else {
                throw argumentError("options", "a table {from=, to= or by=, duration=, hold=, profile=}", got: lua.describe(1))
            }
            let o = try Options(lua, 1, allowed: ["from", "to", "by", "duration", "hold", "profile"])
            guard let from = try o.point("from") else { throw argumentError("from", "a point", got: "nil") }
            try onScreen(from, b.world, "'from' ")
            let to: Point
            switch (try o.point("to"), try o.point("by")) {
            case let (t?, nil): to = t
            case let (nil, d?): to = from + d
            case (nil, nil): throw NavError("needs 'to' or 'by'")
            default: throw NavError("takes 'to' or 'by', not both")
            }
            let duration = try o.positive("duration") ?? 0.25
            let hold = try o.nonNegative("hold") ?? 0
            o.push("profile")
            let profile = try TouchProfileBinding.profile(lua, -1)
            pushResult(try b.world.drag(from: from, to: to, seconds: duration, hold: hold, profile: profile), lua)
            return 1
        }
    }

    /// navlua.tap(x, y) or navlua.tap{x, y}: down and up.
    static let tap: navlua_SwiftFunction = { L in
        bridged(L, "navlua.tap") { b, lua in
            try WorldBinding.refuseWhenBusy(b)
            let (point, _) = try lua.pointOrCoordinates(1, "point")
            try onScreen(point, b.world)
            pushResult(try b.world.tap(at: point), lua)
            return 1
        }
    }

    /// A touch begins on the screen: a finger cannot go down beyond the
    /// glass, so a point outside [0, width] x [0, height] is an error with
    /// the caller's line, where it was taken as given before (issue 39 item
    /// 12). A move may pass the edge (manual §5.1 rule 9).
    static func onScreen(_ p: Point, _ world: World, _ what: String = "") throws {
        guard p.x < 0 || p.x > world.width || p.y < 0 || p.y > world.height else { return }
        throw NavError("\(what)(\(formatNumber(p.x, places: 3)), \(formatNumber(p.y, places: 3))) is outside the screen"
                       + " (0...\(formatNumber(world.width, places: 3)) x 0...\(formatNumber(world.height, places: 3)));"
                       + " a touch begins on the screen")
    }

    static func pushResult(_ r: DragResult, _ lua: Lua) {
        lua.newTable(hash: 4)
        if let recognizer = r.recognizer {
            lua.push(recognizer.rawValue)
            lua.rawSet(-2, "recognizer")
        }
        if let state = r.state {
            lua.push(state.rawValue)
            lua.rawSet(-2, "state")
        }
        if let finished = r.finished {
            lua.push(finished)
            lua.rawSet(-2, "finished")
        }
        if let refusal = r.refusedBy {
            lua.push(refusal.rawValue)
            lua.rawSet(-2, "refused_by")
        }
        // to 0.001 pt/s, so that a drag of 200 pt over 0.25 s reads 800.0,
        // not 799.99999709: the estimator's float noise, far below what
        // any rule tells apart (the trace and the rules keep every digit)
        func grid(_ v: Double) -> Double { v.isFinite ? (v * 1000).rounded() / 1000 : v }
        GestureTable.pushPoint(Point(grid(r.velocity.x), grid(r.velocity.y)), lua)
        lua.rawSet(-2, "velocity")
    }
}
