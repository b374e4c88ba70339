import NavLuaRuntime
import NavLuaEngine

/// A Lua function the engine calls back (a subscriber, a custom completion
/// rule, a pop_simultaneous function), found where it is kept each time it
/// is called.
///
/// Where a function is kept follows who owns it, so that it goes when its
/// owner goes:
/// - A subscription is owned by Swift (the world's trace, until `off` or
///   navlua.reset), so its function is a registry reference that Swift
///   releases: see LuaFunctionRef.
/// - A completion function belongs to its navigation and a pop_simultaneous
///   function to its screen: Lua objects that the collector frees. They are
///   kept in a user value of the owner's userdata, where the collector sees
///   them. A registry reference would be a root: a function that captures
///   its own screen table (`function(v) return screen.ready end`) would keep
///   the screen, its userdata and itself alive for ever, a cycle that no
///   collection can break. Through a user value that cycle is garbage like
///   any other.
struct LuaCallback {
    /// Pushes the function and returns true, or pushes nothing and returns
    /// false once it is gone (its owner was collected or replaced).
    let find: (Bridge) -> Bool

    /// Calls the function with the arguments `pushArguments` pushes (it
    /// returns their count); the result must be a boolean. A function that
    /// is gone answers `ifGone`.
    ///
    /// `what` names the function in an error, and is made only for one (a
    /// name built on every call cost more than the call's look-up).
    func callPredicate(_ b: Bridge, what: @autoclosure () -> String, ifGone: Bool,
                       _ pushArguments: () -> Int32) throws -> Bool {
        let lua = Lua(b.L)
        let top = lua.top
        defer { lua.setTop(top) }
        guard try call(b, what: what(), results: 1, pushArguments) else { return ifGone }
        guard let result = lua.bool(-1) else {
            throw NavError("\(what()) returned \(lua.describe(-1)); it must return a boolean")
        }
        return result
    }

    /// Calls the function under pcall with a traceback and leaves `results`
    /// values on the stack; false (nothing pushed, nothing called) if the
    /// function is gone.
    @discardableResult
    func call(_ b: Bridge, what: @autoclosure () -> String, results: Int32,
              _ pushArguments: () -> Int32) throws -> Bool {
        let L = b.L
        let lua = Lua(L)
        guard lua_checkstack(L, 16) != 0 else { throw NavError("the Lua stack is full") }
        guard find(b) else { return false }
        if let message = lua.protectedCallMessage(arguments: pushArguments(), results: results) {
            throw NavError("\(what()) failed: \(message)")
        }
        return true
    }
}
