import NavLuaRuntime
import NavLuaEngine

/// `nav.transition_coordinator` (manual §6.5): UIKit's transition
/// coordinator, with `:notify_when_interaction_changes(fn)` and
/// `:animate_alongside(fn, completion)`; its fields and each callback's
/// `context` are UIViewControllerTransitionCoordinatorContext's.
///
/// The callbacks belong to the transition (Swift), so they are registry
/// references (LuaFunctionRef) that go when it ends or the world resets.
enum CoordinatorBinding {
    static let metatable = "navlua.TransitionCoordinator"

    static let methods: [LuaFunction] = [
        LuaFunction("notify_when_interaction_changes", notify), LuaFunction("animate_alongside", animateAlongside),
    ]

    static func register(_ lua: Lua) {
        lua.registerObjectType(metatable, methods: methods, index: index, toString: toString)
    }

    /// What a coordinator and a context read (and the REPL's Tab offers).
    enum Field: String, CaseIterable {
        case isInteractive = "is_interactive", initiallyInteractive = "initially_interactive"
        case isCancelled = "is_cancelled", percentComplete = "percent_complete"
        case transitionDuration = "transition_duration", completionVelocity = "completion_velocity"
        case from, to
        case isAnimated = "is_animated"
    }

    static func push(_ c: TransitionCoordinator?, _ lua: Lua, _ b: Bridge) {
        guard let c = c else { return lua.pushNil() }
        b.pushUnique(c, id: c.id, cache: Bridge.coordinatorObjects, metatable: metatable)
    }

    private static func pushField(_ field: Field, _ ctx: TransitionContext, _ lua: Lua) {
        switch field {
        case .isInteractive: lua.push(ctx.isInteractive)
        case .initiallyInteractive: lua.push(ctx.initiallyInteractive)
        case .isCancelled: lua.push(ctx.isCancelled)
        case .percentComplete: lua.push(ctx.percentComplete)
        case .transitionDuration: lua.push(ctx.transitionDuration)
        case .completionVelocity: lua.push(ctx.completionVelocity)
        case .from: ScreenBinding.push(ctx.from, lua)
        case .to: ScreenBinding.push(ctx.to, lua)
        case .isAnimated: lua.push(ctx.isAnimated)
        }
    }

    /// A callback's `context`: a fresh table of the fields at that moment.
    static func pushContext(_ ctx: TransitionContext, _ lua: Lua) {
        lua.newTable(hash: Int32(Field.allCases.count))
        for field in Field.allCases {
            pushField(field, ctx, lua)
            lua.rawSet(-2, field.rawValue)
        }
    }

    private static func coordinator(_ lua: Lua) throws -> TransitionCoordinator {
        guard let c = lua.object(1, metatable: metatable, as: TransitionCoordinator.self) else {
            throw argumentError("self", "a transition coordinator (call methods with ':')", got: lua.describe(1))
        }
        return c
    }

    /// The function at `i` (or nil where `optional`) as a callback.
    private static func callback(_ lua: Lua, _ i: Int32, _ name: String, optional: Bool,
                                 _ b: Bridge) throws -> TransitionCoordinator.Callback? {
        if optional && lua.isNil(i) { return nil }
        guard lua.type(i) == LUA_TFUNCTION else {
            throw argumentError(name, optional ? "a function or nil" : "a function", got: lua.describe(i))
        }
        lua.pushValue(i)
        let ref = LuaFunctionRef(b)
        lua.pop()
        let what = "transition coordinator's \(name)"
        return { [link = b.link] ctx in
            guard let b = link.bridge else { return }
            try ref.callback.call(b, what: what, results: 0) {
                pushContext(ctx, Lua(b.L))
                return 1
            }
        }
    }

    static let notify: navlua_SwiftFunction = { L in
        bridged(L, "coordinator:notify_when_interaction_changes") { b, lua in
            let c = try coordinator(lua)
            guard let cb = try callback(lua, 2, "notify_when_interaction_changes callback", optional: false, b) else { return 0 }
            lua.push(c.notifyWhenInteractionChanges(cb))
            return 1
        }
    }

    static let animateAlongside: navlua_SwiftFunction = { L in
        bridged(L, "coordinator:animate_alongside") { b, lua in
            let c = try coordinator(lua)
            let frame = try callback(lua, 2, "animate_alongside animation", optional: true, b)
            let completion = try callback(lua, 3, "animate_alongside completion", optional: true, b)
            lua.push(c.animateAlongside(frame, completion: completion))
            return 1
        }
    }

    static let index: navlua_SwiftFunction = { L in
        bridged(L, "transition coordinator") { _, lua in
            if lua.pushMethod() { return 1 }
            guard let c = lua.object(1, metatable: metatable, as: TransitionCoordinator.self),
                  let field = Field(rawValue: lua.string(2) ?? "") else { return 0 }
            pushField(field, c.context, lua)
            return 1
        }
    }

    static let toString: navlua_SwiftFunction = { L in
        let lua = Lua(L!)
        guard let c = lua.object(1, metatable: metatable, as: TransitionCoordinator.self) else { return 0 }
        let ctx = c.context
        lua.push("transition coordinator \(c.id) (\(ctx.from?.title ?? "-") -> \(ctx.to?.title ?? "-")"
                 + (c.isOver ? ", ended)" : ")"))
        return 1
    }
}
