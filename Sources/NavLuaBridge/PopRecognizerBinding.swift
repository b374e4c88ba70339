import NavLuaRuntime
import NavLuaEngine

/// A navigation's pop recognizers in Lua (manual §5.11): the
/// `recognizers` option, `nav.pop_recognizers`, `nav:pop_recognizer(kind)`
/// and the recognizer objects' fields, and `scroll_view:require_to_fail`.
enum PopRecognizerBinding {
    static let metatable = "navlua.PopRecognizer"

    static func register(_ lua: Lua) {
        lua.registerObjectType(metatable, methods: [], index: index, newIndex: newIndex)
    }

    static let kinds = PopRecognizerKind.allCases.map(\.rawValue).joined(separator: ", ")

    // MARK: the option

    /// `recognizers = {"edge", {kind = "fullscreen", delegate = {...}, enabled = false}}`,
    /// or nil when not given. With it, `style`, `pop_gesture` and
    /// `gesture_delegate` (the one-recognizer shorthand) are errors.
    static func readList(_ o: Options, _ lua: Lua, _ b: Bridge,
                         owner: NavigationBinding.CompletionOwner) throws -> [PopRecognizerSetup]? {
        try o.with("recognizers") {
            for key in ["style", "pop_gesture", "gesture_delegate"] {
                let given = o.push(key) != LUA_TNIL
                lua.pop()
                if given {
                    throw NavError("'\(key)' is the one-recognizer shorthand: with 'recognizers' give each recognizer its own enabled and delegate")
                }
            }
            let list = lua.absolute(-1)
            guard lua.type(list) == LUA_TTABLE else {
                throw argumentError("recognizers", "a list of kinds (\(kinds)) or {kind=, enabled=, delegate=} tables", got: lua.describe(list))
            }
            let n = Int(lua_rawlen(lua.L, list))
            var setups: [PopRecognizerSetup] = []
            for i in stride(from: 1, through: n, by: 1) {
                lua.rawGet(list, i)
                defer { lua.pop() }
                let what = "recognizers[\(i)]"
                if let name = lua.string(-1) {
                    setups.append(PopRecognizerSetup(try kind(name, what)))
                    continue
                }
                guard lua.type(-1) == LUA_TTABLE else {
                    throw argumentError(what, "a kind (\(kinds)) or a {kind=, enabled=, delegate=} table", got: lua.describe(-1))
                }
                let entry = try Options(lua, -1, allowed: ["kind", "enabled", "delegate"])
                guard let name = try entry.string("kind") else {
                    throw argumentError("\(what).kind", "one of \(kinds)", got: "nil")
                }
                var setup = PopRecognizerSetup(try kind(name, what))
                setup.enabled = try entry.bool("enabled") ?? true
                entry.push("delegate")
                defer { lua.pop() }
                setup.delegate = try GestureDelegateBinding.read(lua, -1, b, owner: owner, slot: i, what: "\(what).delegate")
                setups.append(setup)
            }
            return setups
        }
    }

    private static func kind(_ name: String, _ what: String) throws -> PopRecognizerKind {
        guard let k = PopRecognizerKind(rawValue: name) else {
            let near = NameSuggestion.nearest(name, among: PopRecognizerKind.allCases.map(\.rawValue))
            throw NavError((what.isEmpty ? "" : what + ": ") + "unknown recognizer kind '\(name)' (expected \(kinds))"
                           + (near.map { "; did you mean '\($0)'?" } ?? ""))
        }
        return k
    }

    /// Copies each table delegate of `recognizers` into the navigation's
    /// userdata at `nav`; true if one was kept.
    static func keepDelegates(_ o: Options, _ lua: Lua, navigation nav: Int32) -> Bool {
        let ud = lua.absolute(nav)
        guard o.push("recognizers") == LUA_TTABLE else {
            lua.pop()
            return false
        }
        let list = lua.top
        defer { lua.setTop(list - 1) }
        var kept = false
        for i in stride(from: 1, through: Int(lua_rawlen(lua.L, list)), by: 1) {
            guard lua.rawGet(list, i) == LUA_TTABLE, lua.rawGet(-1, "delegate") == LUA_TTABLE else {
                lua.setTop(list)
                continue
            }
            GestureDelegateBinding.keepFunctions(from: -1, lua, navigation: ud, slot: i)
            kept = true
            lua.setTop(list)
        }
        return kept
    }

    /// `gesture_response_distance = {start=, ["end"]=, top=, bottom=}`.
    static func responseDistance(_ o: Options, _ lua: Lua) throws -> ResponseDistance? {
        try o.with("gesture_response_distance") {
            let d = try Options(lua, -1, allowed: ["start", "end", "top", "bottom"])
            guard lua.type(-1) == LUA_TTABLE else {
                throw argumentError("gesture_response_distance", "a table {start=, end=, top=, bottom=}", got: lua.describe(-1))
            }
            func read(_ key: String) throws -> Double? {
                try d.with(key) { try lua.nonNegative(-1, "gesture_response_distance.\(key)") }
            }
            return ResponseDistance(start: try read("start"), end: try read("end"),
                                    top: try read("top"), bottom: try read("bottom"))
        }
    }

    // MARK: the objects

    /// One userdata per recognizer, so that the same one compares equal.
    static func push(_ r: PopRecognizer, of nav: NavigationController, _ lua: Lua, _ b: Bridge) {
        b.pushUnique(r, id: nav.id * 16 + r.index, cache: Bridge.recognizerObjects, metatable: metatable)
    }

    /// `nav.pop_recognizers`: a new list of the navigation's recognizers.
    static func pushList(_ nav: NavigationController, _ lua: Lua, _ b: Bridge) {
        lua.newTable(array: Int32(nav.popRecognizers.count))
        for (i, r) in nav.popRecognizers.enumerated() {
            push(r, of: nav, lua, b)
            lua.rawSet(-2, i + 1)
        }
    }

    /// `nav:pop_recognizer(kind)`: the recognizer, or nil when the
    /// navigation has none of that kind; an unknown kind is an error.
    static let popRecognizer: navlua_SwiftFunction = { L in
        bridged(L, "nav:pop_recognizer") { b, lua in
            let nav = try NavigationBinding.navigation(lua, b)
            let k = try kind(try lua.requiredString(2, "kind"), "")
            guard let r = nav.popRecognizer(k) else {
                lua.pushNil()
                return 1
            }
            push(r, of: nav, lua, b)
            return 1
        }
    }

    enum Field: String, CaseIterable {
        case kind, enabled, delegate, state, name
    }

    static let index: navlua_SwiftFunction = { L in
        bridged(L, "pop recognizer") { _, lua in
            guard let r = lua.object(1, metatable: metatable, as: PopRecognizer.self) else { return 0 }
            switch Field(rawValue: lua.string(2) ?? "") {
            case .kind: lua.push(r.kind.rawValue)
            case .enabled: lua.push(r.enabled)
            case .state: lua.push(r.state.rawValue)
            case .name: lua.push(r.name)
            case .delegate:
                switch r.delegate {
                case .uikit: lua.push("uikit")
                case .cleared: lua.push(false)
                case .custom: lua.push("custom")
                }
            case nil:
                let key = lua.string(2) ?? lua.describe(2)
                let near = NameSuggestion.nearest(key, among: Field.allCases.map(\.rawValue))
                throw NavError("a pop recognizer has no field '\(key)'" + (near.map { " (did you mean '\($0)'?)" } ?? ""))
            }
            return 1
        }
    }

    /// Only `enabled` is written: UIKit's `isEnabled`, navigation-wide.
    static let newIndex: navlua_SwiftFunction = { L in
        bridged(L, "pop recognizer") { b, lua in
            guard let r = lua.object(1, metatable: metatable, as: PopRecognizer.self) else { return 0 }
            let key = lua.string(2) ?? lua.describe(2)
            guard key == "enabled" else {
                if Field(rawValue: key) != nil { throw NavError("field '\(key)' is read-only") }
                throw NavError("a pop recognizer has no field '\(key)' (it can be written: enabled)")
            }
            guard let on = lua.bool(3) else { throw argumentError("enabled", "a boolean", got: lua.describe(3)) }
            guard let nav = b.world.navigations.first(where: { $0.popRecognizers.contains { $0 === r } }) else {
                throw NavError("this pop recognizer's navigation belongs to a world that navlua.reset replaced")
            }
            nav.setEnabled(r, on)
            return 0
        }
    }

    // MARK: require_to_fail

    /// `scroll_view:require_to_fail(recognizer)`: UIKit's `require(toFail:)`.
    static let requireToFail: navlua_SwiftFunction = { L in
        bridged(L, "scroll_view:require_to_fail") { b, lua in
            guard let view = lua.object(1, metatable: ScreenBinding.scrollMetatable, as: ScrollView.self) else {
                throw argumentError("self", "a scroll view (call methods with ':')", got: lua.describe(1))
            }
            view.require(toFail: try recognizer(lua, 2))
            return 0
        }
    }

    /// `control:require_to_fail(recognizer)`, for a control with its own recognizer.
    static let controlRequireToFail: navlua_SwiftFunction = { L in
        bridged(L, "control:require_to_fail") { b, lua in
            guard let control = lua.object(1, metatable: ControlBinding.metatable, as: Control.self) else {
                throw argumentError("self", "a control (call methods with ':')", got: lua.describe(1))
            }
            try control.require(toFail: try recognizer(lua, 2))
            return 0
        }
    }

    private static func recognizer(_ lua: Lua, _ i: Int32) throws -> PopRecognizer {
        guard let r = lua.object(i, metatable: metatable, as: PopRecognizer.self) else {
            throw argumentError("recognizer", "a pop recognizer (nav:pop_recognizer(kind) or an entry of nav.pop_recognizers)",
                                got: lua.describe(i))
        }
        return r
    }
}
