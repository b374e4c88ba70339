import NavLuaRuntime
import NavLuaEngine
import NavLuaVisuals

/// navlua.replay_touches(records or path): a recorded touch log played
/// back (manual §5.1). Records are tables {t=, id=, phase=, x=, y=}, or a
/// JSON Lines file of the same (TouchLogFormat); it returns what
/// navlua.drag returns, for the first touch. A bad record is an error
/// naming it: `records[3]: ...`, or `swipe.jsonl:3: ...`.
enum TouchReplayBinding {
    static let functions: [LuaFunction] = [LuaFunction("replay_touches", replayTouches)]

    static let replayTouches: navlua_SwiftFunction = { L in
        bridged(L, "navlua.replay_touches") { b, lua in
            try WorldBinding.refuseWhenBusy(b)
            let result: DragResult
            if lua.type(1) == LUA_TSTRING, let path = lua.bytes(1) {
                let name = String(decoding: path, as: UTF8.self)
                let text = String(decoding: try TouchLogFile.read(path: path), as: UTF8.self)
                let lines = try TouchLogFormat.read(text, name: name)
                result = try b.world.replay(lines.map(\.record), where: { "\(name):\(lines[$0].line)" })
            } else if lua.type(1) == LUA_TTABLE {
                result = try b.world.replay(try records(lua, 1), where: { "records[\($0 + 1)]" })
            } else {
                throw argumentError("records", "a list of {t=, id=, phase=, x=, y=} or a file's path", got: lua.describe(1))
            }
            TouchBinding.pushResult(result, lua)
            return 1
        }
    }

    /// The list at `i`, each record checked for its own fields; the order
    /// and the phases' sequence are the engine's to check (TouchReplayPlan).
    private static func records(_ lua: Lua, _ i: Int32) throws -> [TouchRecord] {
        let count = lua.rawLength(i)
        var records: [TouchRecord] = []
        records.reserveCapacity(count)
        for k in 1...max(1, count) where count > 0 {
            lua.rawGet(i, k)
            defer { lua.pop() }
            let what = "records[\(k)]"
            guard lua.type(-1) == LUA_TTABLE else {
                throw NavError("\(what) must be a table {t=, id=, phase=, x=, y=} (got \(lua.describe(-1)))")
            }
            do {
                let o = try Options(lua, -1, allowed: ["t", "id", "phase", "x", "y"])
                guard let name = try o.string("phase") else { throw NavError("'phase' must be a string (got nil)") }
                guard let phase = TouchRecord.Phase(rawValue: name) else {
                    throw NavError("unknown phase '\(name)' (expected down, move, up or cancel)")
                }
                let id = try o.number("id") ?? 1
                guard id == id.rounded(), abs(id) < 1e15 else { throw NavError("'id' must be an integer") }
                func required(_ key: String) throws -> Double {
                    guard let d = try o.number(key) else { throw NavError("'\(key)' must be a number (got nil)") }
                    return d
                }
                records.append(TouchRecord(t: try required("t"), id: Int(id), phase: phase,
                                           x: try required("x"), y: try required("y")))
            } catch {
                throw NavError("\(what): \((error as? NavError)?.message ?? "\(error)")")
            }
        }
        return records
    }
}
