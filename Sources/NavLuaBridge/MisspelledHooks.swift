#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaRuntime
import NavLuaEngine

/// A function-valued screen field one or two edits from a hook's name
/// (`will_go_bak`) is probably that hook, misspelled, and would never run
/// (manual §3.2). navlua names it on stderr, always (lua -W stays for
/// Lua's own warnings), when the screen is made and when such a field is
/// added later; under `navlua test --strict-hooks` it is an error instead.
enum MisspelledHooks {
    /// Names each misspelled hook of the screen table at `table`, in name
    /// order so that runs print the same.
    static func check(table: Int32, title: String, _ lua: Lua, _ b: Bridge) throws {
        var found: [(field: String, hook: Hook)] = []
        lua.pushNil()
        while lua_next(lua.L, table) != 0 {
            if lua.type(-1) == LUA_TFUNCTION, lua_type(lua.L, -2) == LUA_TSTRING,
               let field = lua.string(-2), let hook = Hook.likelyMeant(field) {
                found.append((field, hook))
            }
            lua.pop()
        }
        for (field, hook) in found.sorted(by: { $0.field < $1.field }) {
            try report(message(title: title, field: field, hook: hook), lua, b, function: "navlua.screen: ")
        }
    }

    /// The screens' __newindex: a field added after navlua.screen{} is
    /// checked as the screen's own were, then set (raw). Runs only when a
    /// key the table lacks is assigned, never on a read.
    static let newIndex: navlua_SwiftFunction = { L in
        bridged(L, "screen") { b, lua in
            switch lua_type(L, 2) {
            case LUA_TNIL: throw NavError("index is nil")
            case LUA_TNUMBER where lua_tonumberx(L, 2, nil).isNaN: throw NavError("index is NaN")
            default: break
            }
            if lua.type(3) == LUA_TFUNCTION, lua_type(L, 2) == LUA_TSTRING,
               let field = lua.string(2), let hook = Hook.likelyMeant(field) {
                lua.rawGet(1, "title")
                let title = lua.string(-1) ?? "?"
                lua.pop()
                try report(message(title: title, field: field, hook: hook), lua, b, function: "")
            }
            lua.setTop(3)
            lua_rawset(L, 1)
            return 0
        }
    }

    private static func message(title: String, field: String, hook: Hook) -> String {
        "screen '\(title)' has a function '\(field)', which is no hook: did you mean '\(hook.rawValue)'?"
    }

    /// A warning names where and in which call; an error gets both from
    /// `bridged`, as every error does.
    private static func report(_ message: String, _ lua: Lua, _ b: Bridge, function: String) throws {
        if b.misspelledHooksFail { throw NavError(message) }
        let position = lua.callerPosition().map { $0 + ": " } ?? ""
        // after what stdout holds, so that the warning shows where it happened
        fflush(nil)
        var line = "navlua: warning: " + position + function + message + "\n"
        line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }
}
