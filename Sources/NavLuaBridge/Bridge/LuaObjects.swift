import CLua

/// Swift objects carried by Lua full userdata. Each userdata holds one
/// retained reference; its `__gc` releases it.
extension Lua {
    func pushObject(_ object: AnyObject, metatable: String) {
        let raw = lua_newuserdatauv(L, MemoryLayout<UnsafeMutableRawPointer>.size, 1)!
        raw.storeBytes(of: Unmanaged.passRetained(object).toOpaque(), as: UnsafeMutableRawPointer.self)
        luaL_setmetatable(L, metatable)
    }

    /// The object in the userdata at `i` if it has that metatable.
    func object<T: AnyObject>(_ i: Int32, metatable: String, as _: T.Type = T.self) -> T? {
        guard let raw = luaL_testudata(L, i, metatable) else { return nil }
        let p = raw.load(as: UnsafeMutableRawPointer?.self)
        guard let p = p else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(p).takeUnretainedValue() as? T
    }

    /// Creates a metatable named `name` (in the registry) with a `__gc` that
    /// releases the object; leaves it on the stack.
    func newObjectMetatable(_ name: String) {
        luaL_newmetatable(L, name)
        navlua_pushswiftfunction(L, releaseObject, 0)
        rawSet(-2, "__gc")
        push(name)
        rawSet(-2, "__name")
    }
}

private let releaseObject: navlua_SwiftFunction = { L in
    guard let L = L, let raw = lua_touserdata(L, 1) else { return 0 }
    let slot = raw.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    if let p = slot.pointee {
        slot.pointee = nil
        Unmanaged<AnyObject>.fromOpaque(p).release()
    }
    return 0
}
