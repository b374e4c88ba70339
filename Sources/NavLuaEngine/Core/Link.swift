/// A reference that reads nil once its object is gone, kept without a
/// weak reference: the object sets `object` to nil in its deinit, which is
/// what a weak reference reads from then on. A single weak reference gives
/// its object a side table, and with it makes every retain and release of
/// the object the slow path (~50 and ~95 instructions instead of ~20 and
/// ~30) and every read of the weak reference a `swift_weakLoadStrong`:
/// the world and the navigations are retained on every frame and call.
package final class Link<Object: AnyObject> {
    // unowned(unsafe): set by the object's init, set to nil by its deinit,
    // so it never reads an object that is gone.
    package unowned(unsafe) var object: Object?
    package init() {}
}
