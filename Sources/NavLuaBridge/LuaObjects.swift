import NavLuaRuntime
import NavLuaEngine

/// Swift objects carried by Lua full userdata. Each userdata holds one
/// retained reference; its `__gc` releases it.
/// A Swift function that Lua calls by name: navlua's functions and each
/// object type's methods. A struct, not a (String, navlua_SwiftFunction)
/// tuple: the runtime builds a tuple's metadata, C function type and all,
/// from its mangled name the first time a list of them is made, about
/// 50,000 instructions of every start; a struct's metadata is static.
struct LuaFunction {
    let name: String
    let function: navlua_SwiftFunction
    init(_ name: String, _ function: navlua_SwiftFunction) {
        self.name = name
        self.function = function
    }
}

extension Lua {
    func pushObject(_ object: AnyObject, metatable: String) {
        // the object and its type's tag (objects.c)
        metatable.withCString {
            navlua_pushobject(L, Unmanaged.passRetained(object).toOpaque(), $0)
        }
    }

    /// The object in the userdata at `i` if it has that metatable.
    func object<T: AnyObject>(_ i: Int32, metatable: String, as _: T.Type = T.self) -> T? {
        // withCString: a String passed to a C parameter as is is copied into
        // a new array (a malloc and a free on every method call and read)
        guard let p = metatable.withCString({ navlua_testobject(L, i, $0) }) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(p).takeUnretainedValue() as? T
    }

    /// Creates a metatable named `name` (in the registry) with a `__gc` that
    /// releases the object; leaves it on the stack.
    func newObjectMetatable(_ name: String) {
        newRegistryMetatable(name)
        navlua_pushswiftfinalizer(L, releaseObject)
        rawSet(-2, "__gc")
    }

    /// luaL_newmetatable, raw: a new table with `__name`, stored as
    /// registry[name] (whatever was there) and left on the stack.
    /// luaL_newmetatable reads and writes the registry with metamethods,
    /// which a script can make raise (debug.setmetatable on
    /// debug.getregistry()) while Swift is on the stack.
    func newRegistryMetatable(_ name: String) {
        newTable(hash: 3)
        push(name)
        rawSet(-2, "__name")
        pushValue(-1)
        rawSet(navlua_registryindex(), name)
    }
}

extension Lua {
    /// Pushes the first user value of the full userdata at `i`; returns its type.
    @discardableResult
    func pushUserValue(_ i: Int32) -> Int32 { lua_getiuservalue(L, i, 1) }

    /// Sets the first user value of the full userdata at `i` to the value on
    /// top (popped).
    func setUserValue(_ i: Int32) { _ = lua_setiuservalue(L, i, 1) }

    /// The same for the second: a navigation's gesture delegate table.
    func setSecondUserValue(_ i: Int32) { _ = lua_setiuservalue(L, i, 2) }

    /// Pushes user value `slot` of this world's navigation `id` when it has
    /// the Lua type `type` (true), or nothing (false): the completion
    /// function (slot 1), the gesture delegate table (slot 2), the
    /// navigation delegate (slot 3) and the presentation delegate (slot 4).
    func pushNavigationValue(_ slot: Int32, of id: Int, type: Int32, _ b: Bridge) -> Bool {
        let base = top
        b.pushRegistryTable(Bridge.navObjects)
        guard rawGet(-1, id) == LUA_TUSERDATA, lua_getiuservalue(L, -1, slot) == type else {
            setTop(base)
            return false
        }
        keepTop(above: base)
        return true
    }

    /// Moves the top value to `base` + 1 and drops everything above it.
    func keepTop(above base: Int32) {
        lua_copy(L, -1, base + 1)
        setTop(base + 1)
    }
}

extension Bridge {
    /// Pushes the one userdata that stands for `object` in Lua, made on
    /// first use and kept in the registry table `cache` under `id`, so that
    /// the same engine object always compares equal in Lua.
    func pushUnique(_ object: AnyObject, id: Int, cache: String, metatable: String) {
        let lua = Lua(L)
        pushRegistryTable(cache)
        if lua.rawGet(-1, id) == LUA_TUSERDATA {
            navlua_remove(L, -2)
            return
        }
        lua.pop()
        lua.pushObject(object, metatable: metatable)
        lua.pushValue(-1)
        lua.rawSet(-3, id)
        navlua_remove(L, -2)
    }
}

extension Lua {
    /// A userdata type with methods: its metatable (with `__gc`), an
    /// `__index` (objects.c) that finds the methods and the fields in one
    /// table, its upvalue 2, before it calls `index`, and the optional
    /// `__newindex` and `__tostring`.
    func registerObjectType(_ name: String, methods: [LuaFunction],
                            fields: [String] = [],
                            index: navlua_SwiftFunction, scalar: navlua_ScalarField? = nil,
                            newIndex: navlua_SwiftFunction? = nil,
                            toString: navlua_SwiftFunction? = nil) {
        newObjectMetatable(name)
        // each field's name to its place in `fields` (from 1, see
        // field(_:)), then each method's name to its function
        newTable(hash: Int32(methods.count + fields.count))
        for (i, field) in fields.enumerated() {
            push(i + 1)
            rawSet(-2, field)
        }
        for method in methods {
            navlua_pushswiftfunction(L, method.function, 0)
            rawSet(-2, method.name)
        }
        // methods, and the fields `scalar` reads, answered in C
        navlua_pushobjectindex(L, index, scalar)
        rawSet(-2, "__index")
        for (event, fn) in [("__newindex", newIndex), ("__tostring", toString)] {
            guard let fn = fn else { continue }
            navlua_pushswiftfunction(L, fn, 0)
            rawSet(-2, event)
        }
        pop()
    }

    /// In an `__index` function made by registerObjectType: pushes the
    /// method named by argument 2, if there is one. The key is looked up as
    /// the Lua value it is (its methods are named by strings only), with no
    /// string made in Swift and pushed back.
    func pushMethod() -> Bool {
        lua_pushvalue(L, 2)
        if lua_rawget(L, navlua_upvalueindex(2)) == LUA_TFUNCTION { return true }
        pop()
        return false
    }

    /// In an `__index` function made by registerObjectType with `fields`:
    /// the field named by argument 2, one table look-up where making a
    /// Swift string of the key and `F(rawValue:)` cost ~600 instructions a
    /// read. `F.allCases` must list the fields in the order given there.
    func field<F: CaseIterable>(_: F.Type) -> F? where F.AllCases.Index == Int {
        lua_pushvalue(L, 2)
        lua_rawget(L, navlua_upvalueindex(2))
        let i = Int(lua_tointegerx(L, -1, nil))   // 0 for a method or nothing
        pop()
        let all = F.allCases
        guard i >= 1, i <= all.count else { return nil }
        return all[all.startIndex + i - 1]
    }
}

private let releaseObject: navlua_SwiftFunction = { L in
    // (a __gc that a script can call too, on any value: see objects.c)
    guard let L = L, let p = navlua_takeobject(L, 1) else { return 0 }
    Unmanaged<AnyObject>.fromOpaque(p).release()
    return 0
}
