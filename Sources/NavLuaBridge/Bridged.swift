import NavLuaRuntime
import NavLuaEngine

/// True once `require "navlua"` has opened navlua in a state another host
/// made (LoadableModule): there only the main thread's extra space is
/// known to hold the bridge.
nonisolated(unsafe) var bridgeInHostState = false

/// The bridge kept in the state's extra space; nil once the loadable
/// module's closer has released it (lua_close can still run a script's
/// finalizer after it).
@inline(__always)
func bridge(of L: OpaquePointer) -> Bridge? {
    let slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>? = bridgeInHostState ? navlua_main_extraspace(L) : navlua_extraspace(L)
    guard let object = slot?.pointee else { return nil }
    return Unmanaged<Bridge>.fromOpaque(object).takeUnretainedValue()
}

/// Runs the body of a Swift function called from Lua. A thrown error
/// becomes the message "file:line: name: problem", which the C trampoline
/// raises once this Swift frame has returned.
@inline(__always)
func bridged(_ L: OpaquePointer?, _ name: StaticString,
             _ body: (Bridge, Lua) throws -> Int32) -> Int32 {
    let L = L!
    let lua = Lua(L)
    guard let b = bridge(of: L) else {
        navlua_where(L)
        lua.push("\(name): navlua is closed: its state is closing")
        lua_concat(L, 2)
        return NAVLUA_RAISE
    }
    let caller = b.L
    b.setThread(L)
    defer { b.setThread(caller) }
    do {
        let results = try body(b, lua)
        // (one load: set only on a slow path, see pushRegistryTable)
        if b.registryProblem == nil { return results }
        throw NavError(b.takeRegistryProblem() ?? "")
    } catch {
        // a rewritten registry entry is the cause of whatever else failed
        let message = b.takeRegistryProblem() ?? (error as? NavError)?.message ?? "\(error)"
        navlua_where(L)
        lua.push("\(name): " + message)
        lua_concat(L, 2)
        return NAVLUA_RAISE
    }
}
