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
    /// Read with static keys and the phase compared as bytes: a log has
    /// thousands of records, and Options' Swift strings cost several times
    /// what delivering the sample does (scripts/bench/replay_touches.sh).
    private static func records(_ lua: Lua, _ i: Int32) throws -> [TouchRecord] {
        let L = lua.L
        let count = lua.rawLength(i)
        var records: [TouchRecord] = []
        records.reserveCapacity(count)
        guard count > 0 else { return records }
        for k in 1...count {
            lua.rawGet(i, k)
            defer { lua.pop() }
            guard lua.type(-1) == LUA_TTABLE else {
                throw NavError("records[\(k)] must be a table {t=, id=, phase=, x=, y=} (got \(lua.describe(-1)))")
            }
            let t = lua.absolute(-1)
            func number(_ key: StaticString, required: Bool) throws -> Double? {
                lua_pushstring(L, UnsafeRawPointer(key.utf8Start).assumingMemoryBound(to: CChar.self))
                defer { lua.pop() }
                guard lua_rawget(L, t) != LUA_TNIL else {
                    if required { throw NavError("records[\(k)]: '\(key)' must be a number (got nil)") }
                    return nil
                }
                // the message is built only for an error: a log has thousands of records
                guard lua.type(-1) == LUA_TNUMBER, let d = lua.number(-1), d.isFinite else {
                    return try lua.finiteNumber(-1, "records[\(k)].\(key)")
                }
                return d
            }
            lua_pushstring(L, "phase")
            lua_rawget(L, t)
            let phase = Self.phase(lua, -1)
            lua.pop()
            guard let phase else {
                lua_pushstring(L, "phase")
                lua_rawget(L, t)
                defer { lua.pop() }
                if let name = lua.string(-1) {
                    throw NavError("records[\(k)]: unknown phase '\(name)' (expected down, move, up or cancel)")
                }
                throw NavError("records[\(k)]: 'phase' must be a string (got \(lua.describe(-1)))")
            }
            let time = try number("t", required: true)!
            let x = try number("x", required: true)!
            let y = try number("y", required: true)!
            let id = try number("id", required: false)
            if let id, id != id.rounded() || abs(id) >= 1e15 { throw NavError("records[\(k)]: 'id' must be an integer") }
            // a key beyond these five: Options names it (and the allowed ones)
            var keys = 0
            lua.pushNil()
            while lua_next(L, t) != 0 { lua.pop(); keys += 1 }
            if keys > (id == nil ? 4 : 5) {
                do { _ = try Options(lua, t, allowed: ["t", "id", "phase", "x", "y"]) } catch {
                    throw NavError("records[\(k)]: \((error as? NavError)?.message ?? "\(error)")")
                }
            }
            records.append(TouchRecord(t: time, id: Int(id ?? 1), phase: phase, x: x, y: y))
        }
        return records
    }

    /// The phase the string at `i` names, compared as bytes; nil for any
    /// other value.
    private static func phase(_ lua: Lua, _ i: Int32) -> TouchRecord.Phase? {
        guard lua.type(i) == LUA_TSTRING else { return nil }
        var length = 0
        guard let p = lua_tolstring(lua.L, i, &length) else { return nil }
        let bytes = UnsafeRawBufferPointer(start: p, count: length)
        switch length {
        case 2 where bytes.elementsEqual("up".utf8): return .up
        case 4 where bytes.elementsEqual("down".utf8): return .down
        case 4 where bytes.elementsEqual("move".utf8): return .move
        case 6 where bytes.elementsEqual("cancel".utf8): return .cancel
        default: return nil
        }
    }
}
