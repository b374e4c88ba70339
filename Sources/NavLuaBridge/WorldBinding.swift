import NavLuaRuntime
import NavLuaEngine

/// navlua.reset, the clock and time: manual §2.3.
enum WorldBinding {
    static let functions: [LuaFunction] = [
        LuaFunction("reset", reset), LuaFunction("tick", tick), LuaFunction("advance", advance), LuaFunction("settle", settle), LuaFunction("spring", spring),
        LuaFunction("background", background),
    ]

    /// Functions that cannot fail, pushed without the trampoline.
    static let infallible: [LuaFunction] = [LuaFunction("now", now), LuaFunction("frame", frame)]

    static let reset: navlua_SwiftFunction = { L in
        bridged(L, "navlua.reset") { b, lua in
            try refuseWhenBusy(b)
            let o = try Options(lua, 1, allowed: ["width", "height", "fps", "layout", "trace_limit", "trace_bytes"])
            var config = WorldConfig()
            if let w = try o.positive("width") { config.width = w }
            if let h = try o.positive("height") { config.height = h }
            if let fps = try o.with("fps", { try lua.count(-1, "fps", min: 1, max: 100_000) }) {
                config.fps = fps
            }
            if let layout = try o.string("layout") {
                guard let l = Layout(rawValue: layout) else {
                    throw argumentError("layout", "\"ltr\" or \"rtl\"", got: "'\(layout)'")
                }
                config.layout = l
            }
            if let limit = try o.with("trace_limit", { try lua.count(-1, "trace_limit", max: 100_000_000) }) {
                config.traceLimit = limit
            }
            if let bytes = try o.with("trace_bytes", { try lua.count(-1, "trace_bytes", max: 1 << 40) }) {
                config.traceBytes = bytes
            }
            b.reset(config)
            return 0
        }
    }

    /// Infallible: reads the clock, pushes one number. The time is read
    /// before the push and no binding holds the bridge across it: a bridge
    /// kept alive over the call to Lua is retained and released (its
    /// counts live in a side table: ~120 instructions, a third of the call).
    /// After the loadable module's closer (a finalizer that lua_close runs
    /// later): no value.
    static let now: navlua_SwiftFunction = { L in
        guard let L, let nanos = bridge(of: L)?.world.now else { return 0 }
        lua_pushnumber(L, Double(nanos) / 1e9)
        return 1
    }

    static let frame: navlua_SwiftFunction = { L in
        guard let L, let frame = bridge(of: L)?.world.clock.frame else { return 0 }
        lua_pushinteger(L, lua_Integer(frame))
        return 1
    }

    static let tick: navlua_SwiftFunction = { L in
        bridged(L, "navlua.tick") { b, lua in
            try refuseWhenBusy(b)
            let n = lua.isNil(1) ? 1 : try lua.count(1, "frames")
            try b.world.tick(n)
            return 0
        }
    }

    static let advance: navlua_SwiftFunction = { L in
        bridged(L, "navlua.advance") { b, lua in
            try refuseWhenBusy(b)
            try b.world.advance(seconds: try lua.nonNegative(1, "seconds"))
            return 0
        }
    }

    static let settle: navlua_SwiftFunction = { L in
        bridged(L, "navlua.settle") { b, lua in
            try refuseWhenBusy(b)
            let limit = lua.isNil(1) ? 10 : try lua.nonNegative(1, "max_seconds")
            lua.push(try b.world.settle(maxSeconds: limit))
            return 1
        }
    }

    /// navlua.background(): the app goes to the background and comes back;
    /// it ends a root freeze (manual §6.3 rule 3).
    static let background: navlua_SwiftFunction = { L in
        bridged(L, "navlua.background") { b, lua in
            try refuseWhenBusy(b)
            guard lua.top == 0 else { throw argumentError("arguments", "none", got: lua.describe(1)) }
            try b.world.backgroundAndForeground()
            return 0
        }
    }

    /// navlua.spring{damping=, response=}: a curve for `transition.curve`.
    static let spring: navlua_SwiftFunction = { L in
        bridged(L, "navlua.spring") { _, lua in
            let o = try Options(lua, 1, allowed: ["damping", "response"])
            let damping = try o.positive("damping") ?? 1
            let response = try o.positive("response") ?? 0.5
            lua.newTable()
            lua.push("spring")
            lua.rawSet(-2, "curve")
            lua.push(damping)
            lua.rawSet(-2, "damping")
            lua.push(response)
            lua.rawSet(-2, "response")
            return 1
        }
    }

    /// Driving calls re-enter the engine; from a hook they must not.
    static func refuseWhenBusy(_ b: Bridge) throws {
        if b.world.isBusy {
            throw NavError("cannot be called from inside a hook or a trace subscriber")
        }
    }
}
