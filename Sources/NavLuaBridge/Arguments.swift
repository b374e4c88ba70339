import NavLuaRuntime
import NavLuaEngine

/// Reads and checks the arguments of a call from Lua. Every problem is a
/// NavError naming the argument and what it got; nothing here raises.
extension Lua {
    func finiteNumber(_ i: Int32, _ what: String) throws -> Double {
        guard let d = number(i), d.isFinite else {
            throw argumentError(what, "a finite number", got: describe(i))
        }
        return d
    }

    func nonNegative(_ i: Int32, _ what: String) throws -> Double {
        let d = try finiteNumber(i, what)
        guard d >= 0 else { throw argumentError(what, "a number >= 0", got: describe(i)) }
        return d
    }

    /// A whole number in 0...max.
    /// A whole number in min...max (one message for every value outside).
    func count(_ i: Int32, _ what: String, min: Int = 0, max: Int = 1 << 40) throws -> Int {
        guard let d = number(i), d.isFinite, d >= Double(min), d <= Double(max), d == d.rounded() else {
            throw argumentError(what, "a whole number from \(min) to \(max)", got: describe(i))
        }
        return Int(d)
    }

    func requiredString(_ i: Int32, _ what: String) throws -> String {
        guard let s = string(i) else { throw argumentError(what, "a string", got: describe(i)) }
        return s
    }

    /// A point given as {x, y} or {x=, y=}.
    func point(_ i: Int32, _ what: String) throws -> Point {
        guard type(i) == LUA_TTABLE else {
            throw argumentError(what, "a point {x, y} or {x=, y=}", got: describe(i))
        }
        let t = absolute(i)
        rawGet(t, "x")
        if isNil(-1) {
            pop()
            rawGet(t, 1)
        }
        rawGet(t, "y")
        if isNil(-1) {
            pop()
            rawGet(t, 2)
        }
        defer { pop(2) }
        guard let x = number(-2), x.isFinite, let y = number(-1), y.isFinite else {
            throw argumentError(what, "a point with finite x and y", got: "x=\(describe(-2)), y=\(describe(-1))")
        }
        return Point(x, y)
    }

    /// Either a point table at `i`, or two numbers at `i` and `i + 1`.
    /// Returns the point and the index after it.
    func pointOrCoordinates(_ i: Int32, _ what: String) throws -> (Point, Int32) {
        if type(i) == LUA_TTABLE { return (try point(i, what), i + 1) }
        let x = try finiteNumber(i, "x"), y = try finiteNumber(i + 1, "y")
        return (Point(x, y), i + 2)
    }
}

/// An options table such as `{animated=true}`: unknown names are errors,
/// and each field is checked as it is read.
struct Options {
    let lua: Lua
    let index: Int32?

    /// `index` may hold nil (no options) or a table whose keys are all in `allowed`.
    init(_ lua: Lua, _ i: Int32, allowed: [String]) throws {
        self.lua = lua
        if lua.isNil(i) {
            index = nil
            return
        }
        guard lua.type(i) == LUA_TTABLE else {
            throw argumentError("options", "a table", got: lua.describe(i))
        }
        let t = lua.absolute(i)
        index = t
        // Every unknown key, so that the message does not depend on the
        // order `next` visits them in.
        var unknownNames: [String] = []
        var unknownKeys: [String] = []
        lua.pushNil()
        while lua_next(lua.L, t) != 0 {
            lua.pop()
            if let key = lua.string(-1) {
                if !allowed.contains(key) { unknownNames.append(key) }
            } else {
                unknownKeys.append(lua.describe(-1))
            }
        }
        if unknownNames.isEmpty && unknownKeys.isEmpty { return }
        if let problem = Options.unknown(names: unknownNames, keys: unknownKeys, allowed: allowed) {
            throw NavError(problem)
        }
    }

    /// "unknown option 'b'" or "unknown options 'a', 'b'" (sorted), with
    /// the names allowed; keys that are not strings follow the names.
    static func unknown(names: [String], keys: [String], allowed: [String]) -> String? {
        let all = names.sorted().map { "'\($0)'" } + keys.sorted()
        guard !all.isEmpty else { return nil }
        let listed = all.joined(separator: ", ")
        let expected = names.isEmpty ? "" : " (expected one of: \(allowed.joined(separator: ", ")))"
        return "unknown option\(all.count == 1 ? "" : "s") \(listed)\(expected)"
    }

    /// Pushes the field (nil when there are no options); the caller pops.
    @discardableResult
    func push(_ key: String) -> Int32 {
        guard let t = index else {
            lua.pushNil()
            return LUA_TNIL
        }
        return lua.rawGet(t, key)
    }

    func with<T>(_ key: String, _ read: () throws -> T?) rethrows -> T? {
        push(key)
        defer { lua.pop() }
        return lua.isNil(-1) ? nil : try read()
    }

    func bool(_ key: String) throws -> Bool? {
        try with(key) {
            guard let b = lua.bool(-1) else { throw argumentError(key, "a boolean", got: lua.describe(-1)) }
            return b
        }
    }

    func number(_ key: String) throws -> Double? {
        try with(key) { try lua.finiteNumber(-1, key) }
    }

    func nonNegative(_ key: String) throws -> Double? {
        try with(key) { try lua.nonNegative(-1, key) }
    }

    func positive(_ key: String) throws -> Double? {
        try with(key) {
            let d = try lua.finiteNumber(-1, key)
            guard d > 0 else { throw argumentError(key, "a positive number", got: lua.describe(-1)) }
            return d
        }
    }

    func string(_ key: String) throws -> String? {
        try with(key) { try lua.requiredString(-1, key) }
    }

    func point(_ key: String) throws -> Point? {
        try with(key) { try lua.point(-1, key) }
    }

    /// `animated`, true unless given.
    var animated: Bool {
        get throws { try bool("animated") ?? true }
    }
}

/// A bad argument: the message names the field and what it got.
func argumentError(_ what: String, _ expected: String, got: String) -> NavError {
    NavError("'\(what)' must be \(expected) (got \(got))")
}
