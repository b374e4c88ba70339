import NavLuaRuntime
import NavLuaEngine

/// navlua.trace, navlua.trace_text and navlua.on: manual §8.1.
enum TraceBinding {
    static let functions: [LuaFunction] = [
        LuaFunction("trace", trace), LuaFunction("trace_text", traceText), LuaFunction("on", on),
    ]

    /// Pushes an event as `{t=, frame=, kind=, <fields>}`.
    static func push(_ event: TraceEvent, _ lua: Lua) {
        lua.newTable(hash: Int32(3 + event.fields.count))
        lua.push(event.seconds)
        lua.rawSet(-2, "t")
        lua.push(event.frame)
        lua.rawSet(-2, "frame")
        lua.push(event.kind.rawValue)
        lua.rawSet(-2, "kind")
        for field in event.fields {
            switch field.value {
            case .number(let d): lua.push(d)
            case .int(let i): lua.push(i)
            case .string(let s): lua.push(s)
            case .bool(let b): lua.push(b)
            case .point(let p): GestureTable.pushPoint(p, lua)
            }
            lua.rawSet(-2, field.name)
        }
    }

    /// navlua.trace([kind]): the events kept so far, oldest first.
    static let trace: navlua_SwiftFunction = { L in
        bridged(L, "navlua.trace") { b, lua in
            let kind = try optionalKind(lua, 1)
            let events = b.world.trace.events
            lua.newTable(array: Int32(min(events.count, 1 << 20)))
            var n = 0
            for event in events where kind == nil || event.kind == kind {
                push(event, lua)
                n += 1
                lua.rawSet(-2, n)
            }
            return 1
        }
    }

    /// navlua.trace_text([kind]): the same events, one line each; the same
    /// script gives the same text byte for byte.
    static let traceText: navlua_SwiftFunction = { L in
        bridged(L, "navlua.trace_text") { b, lua in
            let kind = try optionalKind(lua, 1)
            var text = ""
            for event in b.world.trace.events where kind == nil || event.kind == kind {
                text += event.text
                text += "\n"
            }
            lua.push(text)
            return 1
        }
    }

    /// navlua.on(kind, fn): calls fn(event) for each new event of that kind
    /// ("*" for all); returns a function that unsubscribes.
    static let on: navlua_SwiftFunction = { L in
        bridged(L, "navlua.on") { b, lua in
            let name = try lua.requiredString(1, "kind")
            let kind: TraceEvent.Kind?
            if name == "*" { kind = nil } else {
                guard let k = TraceEvent.Kind(rawValue: name) else {
                    throw NavError("unknown event kind '\(name)' (expected \"*\" or one of: "
                                   + TraceEvent.Kind.allCases.map(\.rawValue).joined(separator: ", ") + ")")
                }
                kind = k
            }
            guard lua.type(2) == LUA_TFUNCTION else {
                throw argumentError("fn", "a function", got: lua.describe(2))
            }
            lua.setTop(2)
            let subscriber = LuaFunctionRef(b).callback
            let id = b.world.trace.subscribe(kind: kind) { [link = b.link] event in
                guard let b = link.bridge else { return }
                let lua = Lua(b.L)
                let top = lua.top
                defer { lua.setTop(top) }
                try subscriber.call(b, what: "subscriber for '\(name)'", results: 0) {
                    push(event, lua)
                    return 1
                }
            }
            lua.push(id)
            lua.push(b.generation)
            navlua_pushswiftfunction(L, off, 2)
            return 1
        }
    }

    /// Ends the subscription (and so releases its function). Subscription
    /// ids start again at 1 in each world: an `off` kept from before a
    /// navlua.reset must not end a subscription of the new world.
    /// (Bridged even though it cannot fail: releasing the function uses the
    /// thread of the call in progress.)
    static let off: navlua_SwiftFunction = { L in
        bridged(L, "off") { b, lua in
            if let id = lua.number(navlua_upvalueindex(2)),
               lua.number(navlua_upvalueindex(3)) == Double(b.generation) {
                b.world.trace.unsubscribe(Int(id))
            }
            return 0
        }
    }

    private static func optionalKind(_ lua: Lua, _ i: Int32) throws -> TraceEvent.Kind? {
        if lua.isNil(i) { return nil }
        let name = try lua.requiredString(i, "kind")
        guard let kind = TraceEvent.Kind(rawValue: name) else {
            throw NavError("unknown event kind '\(name)'")
        }
        return kind
    }
}
