import NavLuaRuntime
import NavLuaEngine

/// The keys navlua reads from a screen table: its fields and its hooks,
/// kept as Lua strings by registry reference (Bridge.screenKeyRefs). A
/// look-up pushes its key with one lua_rawgeti, where a name pushed from a
/// Swift string was hashed and interned each time: an undefined hook's
/// look-up (eight a push and pop) cost ~1,260 instructions, ~450 this way.
enum ScreenKey: Int, CaseIterable {
    case title, back_button, pop_disabled, navigation_bar_hidden, max_initial_distance
    case enabled, allow_drag_back, will_go_back, pop_gesture_did_end
    case will_appear, did_appear, will_disappear, did_disappear

    /// The key as Lua sees it (a literal, NUL-terminated).
    var name: StaticString {
        switch self {
        case .title: return "title"
        case .back_button: return "back_button"
        case .pop_disabled: return "pop_disabled"
        case .navigation_bar_hidden: return "navigation_bar_hidden"
        case .max_initial_distance: return "max_initial_distance"
        case .enabled: return "enabled"
        case .allow_drag_back: return "allow_drag_back"
        case .will_go_back: return "will_go_back"
        case .pop_gesture_did_end: return "pop_gesture_did_end"
        case .will_appear: return "will_appear"
        case .did_appear: return "did_appear"
        case .will_disappear: return "will_disappear"
        case .did_disappear: return "did_disappear"
        }
    }

    init(_ hook: Hook) {
        switch hook {
        case .enabled: self = .enabled
        case .allow_drag_back: self = .allow_drag_back
        case .will_go_back: self = .will_go_back
        case .pop_gesture_did_end: self = .pop_gesture_did_end
        case .will_appear: self = .will_appear
        case .did_appear: self = .did_appear
        case .will_disappear: self = .will_disappear
        case .did_disappear: self = .did_disappear
        }
    }

    /// The key of a field the engine reads (nil: not one of these, read
    /// by its name).
    init?(_ field: ScreenField) {
        switch field {
        case .back_button: self = .back_button
        case .pop_disabled: self = .pop_disabled
        case .navigation_bar_hidden: self = .navigation_bar_hidden
        case .max_initial_distance: self = .max_initial_distance
        case .modal_in_presentation, .navigation_bar_back_button_hidden: return nil
        }
    }

    var cName: UnsafePointer<CChar> {
        UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}

extension Bridge {
    /// The registry reference of a key's string, the references made on
    /// first use (a state that makes no screen does not pay for them).
    func ref(_ key: ScreenKey) -> lua_Integer {
        if screenKeyRefs.isEmpty { makeScreenKeyRefs() }
        return lua_Integer(screenKeyRefs[key.rawValue])
    }
}

/// navlua.screen's checks: the types of a table's screen keys, raw, read
/// by name in one call into C (twelve reads, each a call from Swift with
/// its own pop, cost ~140 instructions a key). A screen table of a few
/// fields is walked once (~100 instructions a field), a larger one gets a
/// look-up of each key. By name, as the script writes them: a registry
/// reference a script rewrote does not change what is checked.
enum ScreenKeyTypes {
    /// Tables of more entries than this get a look-up of each key.
    private static let mostWalked: Int32 = 16

    /// `body` with the types, by ScreenKey's raw value.
    static func read<T>(_ lua: Lua, _ table: Int32, _ b: Bridge,
                        _ body: (UnsafeBufferPointer<Int32>) throws -> T) throws -> T {
        if b.screenKeyNames.isEmpty { b.makeScreenKeyRefs() }   // the names are made with the references
        let count = b.screenKeyNames.count
        return try withUnsafeTemporaryAllocation(of: Int32.self, capacity: count) { types in
            types.initialize(repeating: LUA_TNIL)
            b.screenKeyNames.withUnsafeBufferPointer { names in
                b.screenKeyLengths.withUnsafeBufferPointer { lengths in
                    navlua_field_types(lua.L, table, names.baseAddress, lengths.baseAddress, Int32(count),
                                       mostWalked, types.baseAddress)
                }
            }
            return try body(UnsafeBufferPointer(types))
        }
    }
}

extension Lua {
    /// Pushes t[key's name], raw, t at the absolute index `table`, and
    /// returns its type: the name by its literal's address, which
    /// lua_pushstring's cache finds without hashing it again.
    @discardableResult
    func rawGetByName(_ table: Int32, _ key: ScreenKey) -> Int32 {
        lua_pushstring(L, key.cName)
        return lua_rawget(L, table)
    }
}
