import NavLuaRuntime
import NavLuaEngine

extension Lua {
    /// The curve at `i`: a name (`"ease_out"`), navlua.cubic(...) or
    /// navlua.spring{...}; a navigation's transition and presentation and a
    /// preset's curves are read with it. `what` names it in an error.
    func curve(_ i: Int32, _ what: String) throws -> Curve {
        if let name = string(i) {
            guard let c = Curve.named(name) else {
                // every name that works (the engine's list), then the two curve tables
                throw NavError("unknown curve '\(name)' (expected one of: \(Curve.names.joined(separator: ", ")),"
                               + " navlua.cubic(...) or navlua.spring{...})")
            }
            return c
        }
        if type(i) == LUA_TTABLE {
            let t = absolute(i)
            if rawGet(t, "curve") == LUA_TSTRING, string(-1) == "cubic" {
                pop()
                let v = try ["x1", "y1", "x2", "y2"].map { key in
                    rawGet(t, key)
                    defer { pop() }
                    return try finiteNumber(-1, "\(what).\(key)")
                }
                if let problem = FlutterCubic.check(v[0], v[1], v[2], v[3]) { throw NavError("\(what): \(problem)") }
                return .flutterCubic(FlutterCubic(v[0], v[1], v[2], v[3]))
            }
            pop()
            rawGet(t, "curve")
            rawGet(t, "damping")
            rawGet(t, "response")
            defer { pop(3) }
            if string(-3) == "spring", let d = number(-2), d.isFinite, d > 0,
               let r = number(-1), r.isFinite, r > 0 {
                return .spring(damping: d, response: r)
            }
        }
        throw argumentError(what, "a curve name, navlua.cubic(...) or navlua.spring{...}", got: describe(i))
    }
}
