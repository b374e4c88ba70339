import NavLuaRuntime
import NavLuaEngine

/// What `nav.<name>` reads and writes besides the methods (manual §4.3):
/// the scalar fields in C (objects.c), the others here.
extension NavigationBinding {
    /// What `nav.<name>` reads besides the methods (and what the REPL's
    /// Tab offers after `nav.`).
    enum Field: String, CaseIterable {
        case screens, top, count, transitioning, presented
        case barHidden = "bar_hidden", popGesture = "pop_gesture"
        case style, id, completion, stuck, preset
        case gestureDelegate = "gesture_delegate"
        case delegate
        case transitionCoordinator = "transition_coordinator"
        case callsDuringTransition = "calls_during_transition"
        case presentationDelegate = "presentation_delegate"
        case detent
        case popRecognizers = "pop_recognizers"
    }

    /// `Field.allCases`, made once: the scalar getter reads it by position.
    private static let fieldsByPosition = Field.allCases

    /// The fields that are a number or a boolean, read in C by the
    /// navigation's __index (objects.c) without a Lua call; any other
    /// goes to `index`. It only reads the engine: no failure, no allocation.
    /// objects.c calls it only for a userdata that carries this type's
    /// tag, which only pushNavigation writes, for a NavigationController: so
    /// the object is borrowed as one, without a cast or a retain (~60
    /// instructions of a read).
    static let scalarField: navlua_ScalarField = { object, position, value in
        guard let object, let value, position >= 1, position <= fieldsByPosition.count
        else { return NAVLUA_FIELD_NONE }
        return Unmanaged<NavigationController>.fromOpaque(object)._withUnsafeGuaranteedRef {
            scalar(fieldsByPosition[Int(position) - 1], of: $0, value)
        }
    }

    private static func scalar(_ field: Field, of nav: NavigationController,
                               _ value: UnsafeMutablePointer<lua_Integer>) -> Int32 {
        func flag(_ on: Bool) -> Int32 {
            value.pointee = on ? 1 : 0
            return NAVLUA_FIELD_BOOLEAN
        }
        switch field {
        case .count:
            value.pointee = lua_Integer(nav.count)
            return NAVLUA_FIELD_INTEGER
        case .id:
            value.pointee = lua_Integer(nav.id)
            return NAVLUA_FIELD_INTEGER
        case .transitioning: return flag(nav.transitioning)
        case .presented: return flag(nav.presented)
        case .barHidden: return flag(nav.barHidden)
        case .popGesture: return flag(nav.popGestureOn)
        case .stuck: return flag(nav.stuck)
        default: return NAVLUA_FIELD_NONE
        }
    }

    static let index: navlua_SwiftFunction = { L in
        bridged(L, "navigation") { b, lua in
            if lua.pushMethod() { return 1 }
            guard lua.type(2) == LUA_TSTRING,
                  let nav = lua.object(1, metatable: metatable, as: NavigationController.self) else { return 0 }
            let field = lua.field(Field.self)
            switch field {
            case .screens:
                lua.newTable(array: Int32(nav.count))
                for (i, s) in nav.screens.enumerated() {
                    ScreenBinding.push(s, lua)
                    lua.rawSet(-2, i + 1)
                }
            case .top: ScreenBinding.push(nav.top, lua)
            case .count, .transitioning, .presented, .barHidden, .popGesture, .id, .stuck:
                // (read in C first: here only when objects.c left it to Swift)
                var value: lua_Integer = 0
                switch field.map({ scalar($0, of: nav, &value) }) {
                case NAVLUA_FIELD_INTEGER: lua.push(Int(value))
                case NAVLUA_FIELD_BOOLEAN: lua.push(value != 0)
                default: lua.pushNil()
                }
            case .style: lua.push(nav.styleName)
            case .popRecognizers: PopRecognizerBinding.pushList(nav, lua, b)
            case .completion: lua.push(nav.options.completion.name)
            case .preset: lua.push(nav.options.preset)
            case .gestureDelegate:
                switch nav.mainRecognizer?.delegate ?? .uikit {
                case .uikit: lua.push("uikit")
                case .cleared: lua.push(false)
                case .custom: lua.push("custom")
                }
            case .delegate: NavigationDelegateBinding.push(nav, lua, b)
            case .callsDuringTransition: lua.push(nav.options.callsDuringTransition.rawValue)
            case .presentationDelegate: PresentationDelegateBinding.push(nav, lua, b)
            case .detent: PresentationBinding.push(nav.presentation?.detent, lua)
            case .transitionCoordinator: CoordinatorBinding.push(nav.transitionCoordinator, lua, b)
            case nil:
                try NoMethod.check(lua.string(2), methods: methods, fields: Field.allCases.map(\.rawValue))
                lua.pushNil()
            }
            return 1
        }
    }

    static let newIndex: navlua_SwiftFunction = { L in
        bridged(L, "navigation") { b, lua in
            let nav = try navigation(lua, b)
            let key = lua.string(2) ?? lua.describe(2)
            if key == "delegate" {
                try NavigationDelegateBinding.set(nav, userdata: 1, value: 3, lua, b)
                return 0
            }
            if key == "presentation_delegate" {
                try PresentationDelegateBinding.set(nav, userdata: 1, value: 3, lua, b)
                return 0
            }
            guard key == "pop_gesture" else { throw NavError("field '\(key)' is read-only") }
            guard let on = lua.bool(3) else { throw argumentError("pop_gesture", "a boolean", got: lua.describe(3)) }
            nav.setPopGesture(on)
            return 0
        }
    }

    static let toString: navlua_SwiftFunction = { L in
        let lua = Lua(L!)
        guard let nav = lua.object(1, metatable: metatable, as: NavigationController.self) else { return 0 }
        lua.push("navigation \(nav.id) [" + nav.screens.map { $0.title }.joined(separator: " > ") + "]")
        return 1
    }
}
