/// A reference that reads nil once its object is gone, kept without a
/// weak reference: the object sets `object` to nil in its deinit, which is
/// what a weak reference reads from then on. A single weak reference gives
/// its object a side table, and with it makes every retain and release of
/// the object the slow path (~50 and ~95 instructions instead of ~20 and
/// ~30) and every read of the weak reference a `swift_weakLoadStrong`:
/// the world and the navigations are retained on every frame and call.
/// One class per type, not a generic one: a generic class's metadata is
/// made at run time, at every start (~5,000 instructions each).
package final class WorldLink {
    // unowned(unsafe): set by the world's init, set to nil by its deinit,
    // so it never reads a world that is gone. @exclusivity(unchecked):
    // those two plain stores are its only writes, so no access can overlap
    // another; each read (every `nav.world`, a dozen a push) paid a
    // run-time check (~60 instructions).
    @exclusivity(unchecked) package unowned(unsafe) var object: World?
    package init() {}
}

/// The same for a navigation (set by its init, cleared by its deinit).
package final class NavigationLink {
    @exclusivity(unchecked) package unowned(unsafe) var object: NavigationController?
    package init() {}
}
