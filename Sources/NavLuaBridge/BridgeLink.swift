/// What screens, delegates and callbacks hold instead of a weak reference
/// to the bridge: the bridge itself, until its deinit sets it to nil (what
/// a weak reference reads once the bridge is released). A single weak
/// reference gave the bridge a side table, and with it made every retain
/// and release of the bridge (each call from Lua, each hook, each title
/// read) the slow path: ~95 instructions a release instead of ~30.
final class BridgeLink {
    // Unretained: set to the bridge by its init, to nil by its deinit (its
    // only writers), so it never reads a bridge that is gone.
    // @exclusivity(unchecked): those two plain stores are its only writes.
    @exclusivity(unchecked) var unmanaged: Unmanaged<Bridge>?

    var bridge: Bridge? { unmanaged?.takeUnretainedValue() }

    /// `body` with the bridge, not retained for it (`bridge` is, ~40
    /// instructions with its release: a title read is ~500); nil once the
    /// bridge is gone. Only for what the engine asks while its caller
    /// holds the bridge strongly: every call into the engine that reads a
    /// screen comes from a call from Lua (`bridged` holds it) or from the
    /// host (NavLuaHost.bridge), so the bridge outlives the borrow.
    @inline(__always)
    func withBridge<T>(_ body: (Bridge) throws -> T) rethrows -> T? {
        guard let unmanaged else { return nil }
        return try unmanaged._withUnsafeGuaranteedRef(body)
    }
}
