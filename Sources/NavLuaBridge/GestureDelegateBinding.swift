import NavLuaRuntime
import NavLuaEngine

/// The `gesture_delegate` navigation option (manual §6.1), and a
/// recognizer's `delegate` in `recognizers`: "uikit" (or absent), false,
/// or a table of the three delegate methods. The methods are copied into a
/// fresh table kept, by the recognizer's position (its slot, 1 first), in
/// a table that is the second user value of the navigation's userdata (see
/// LuaCallback for why a user value), so which methods exist is fixed
/// when the navigation is made.
enum GestureDelegateBinding {
    static let allowed = "\"uikit\", false, or a table of functions "
        + GestureDelegateMethod.allCases.map(\.rawValue).joined(separator: ", ")

    static func read(_ o: Options, _ lua: Lua, _ b: Bridge,
                     owner: NavigationBinding.CompletionOwner, slot: Int) throws -> GestureDelegate {
        o.push("gesture_delegate")
        defer { lua.pop() }
        return try read(lua, -1, b, owner: owner, slot: slot, what: "gesture_delegate")
    }

    /// The delegate value at `i` (`what` names it in errors).
    static func read(_ lua: Lua, _ i: Int32, _ b: Bridge, owner: NavigationBinding.CompletionOwner,
                     slot: Int, what: String) throws -> GestureDelegate {
        if lua.isNil(i) || lua.string(i) == "uikit" {
            return .uikit
        } else if lua.type(i) == LUA_TBOOLEAN && lua.bool(i) == false {
            return .cleared
        } else if lua.type(i) == LUA_TTABLE {
            let methods = try definedMethods(lua, i, what: what)
            let find = LuaCallback { b in
                guard b.generation == owner.generation, let id = owner.navigationID else { return false }
                return pushFunctions(navigation: id, slot: slot, b)
            }
            return .custom(LuaGestureDelegate(bridge: b, defined: methods, functions: find))
        }
        throw argumentError(what, allowed, got: lua.describe(i))
    }

    /// Checks the table at `i`: known keys, each a function. Every unknown
    /// key is named (sorted), and of the values that are not functions the
    /// first by name, so that the message does not depend on the order
    /// `next` visits the keys in.
    private static func definedMethods(_ lua: Lua, _ i: Int32, what: String) throws -> Set<GestureDelegateMethod> {
        let t = lua.absolute(i)
        var methods: Set<GestureDelegateMethod> = []
        var unknown: [String] = []
        var unknownNames: [String] = []   // the string keys among them
        var notFunctions: [(key: String, got: String)] = []
        lua.pushNil()
        while lua_next(lua.L, t) != 0 {
            defer { lua.pop() }
            guard let key = lua_type(lua.L, -2) == LUA_TSTRING ? lua.string(-2) : nil,
                  let method = GestureDelegateMethod(rawValue: key) else {
                unknown.append(lua.describe(-2))
                if lua_type(lua.L, -2) == LUA_TSTRING, let name = lua.string(-2) { unknownNames.append(name) }
                continue
            }
            if lua.type(-1) == LUA_TFUNCTION {
                methods.insert(method)
            } else {
                notFunctions.append((key, lua.describe(-1)))
            }
        }
        if !unknown.isEmpty {
            let names = GestureDelegateMethod.allCases.map(\.rawValue)
            let near = unknownNames.sorted().lazy.compactMap { NameSuggestion.nearest($0, among: names) }.first
            throw NavError("\(what): unknown method\(unknown.count == 1 ? "" : "s") "
                           + unknown.sorted().joined(separator: ", ") + " (expected "
                           + names.joined(separator: ", ") + ")"
                           + (near.map { "; did you mean '\($0)'?" } ?? ""))
        }
        if let first = notFunctions.min(by: { $0.key < $1.key }) {
            throw argumentError("\(what).\(first.key)", "a function", got: first.got)
        }
        return methods
    }

    /// Copies the functions of the delegate table at `source` into a
    /// table kept with the navigation userdata at `nav`, in `slot` (the
    /// user's table may change later).
    static func keepFunctions(from source: Int32, _ lua: Lua, navigation nav: Int32, slot: Int) {
        let ud = lua.absolute(nav)
        let source = lua.absolute(source)
        if lua_getiuservalue(lua.L, ud, 2) != LUA_TTABLE {
            lua.pop()
            lua.newTable()
            lua.pushValue(-1)
            lua.setSecondUserValue(ud)
        }
        lua.newTable()
        for method in GestureDelegateMethod.allCases {
            lua.rawGet(source, method.rawValue)
            lua.rawSet(-2, method.rawValue)
        }
        lua.rawSet(-2, slot)
        lua.pop()
    }

    /// Pushes the delegate table in `slot` of this world's navigation `id`
    /// (true), or nothing once it is gone (false).
    static func pushFunctions(navigation id: Int, slot: Int, _ b: Bridge) -> Bool {
        let lua = Lua(b.L)
        guard lua.pushNavigationValue(2, of: id, type: LUA_TTABLE, b) else { return false }
        guard lua.rawGet(-1, slot) == LUA_TTABLE else {
            lua.pop(2)
            return false
        }
        navlua_remove(b.L, -2)
        return true
    }
}

/// An app's gesture delegate written in Lua: each method is called as
/// `method(nav, ...)` under pcall with a traceback, like a screen hook.
final class LuaGestureDelegate: PopGestureDelegate {
    private let link: BridgeLink
    var bridge: Bridge? { link.bridge }
    /// Each defined method, found in the table `functions` pushes.
    /// (a list: looking one up in a dictionary hashed the method, ~400
    /// instructions a call)
    private let methods: [(method: GestureDelegateMethod, find: LuaCallback)]

    init(bridge: Bridge, defined: Set<GestureDelegateMethod>, functions: LuaCallback) {
        link = bridge.link
        var methods: [(method: GestureDelegateMethod, find: LuaCallback)] = []
        for method in GestureDelegateMethod.allCases where defined.contains(method) {
            methods.append((method, LuaCallback { b in
                guard functions.find(b) else { return false }
                let lua = Lua(b.L)
                lua.rawGet(-1, method.rawValue)
                navlua_remove(b.L, -2)
                if lua.type(-1) == LUA_TFUNCTION { return true }
                lua.pop()
                return false
            }))
        }
        self.methods = methods
    }

    func call(_ method: GestureDelegateMethod, _ nav: NavigationController,
              _ arguments: GestureDelegateArguments) throws -> HookResult {
        guard let function = methods.first(where: { $0.method == method })?.find, let b = bridge else {
            return .undefined
        }
        let lua = Lua(b.L)
        let top = lua.top
        defer { lua.setTop(top) }
        // made only for an error (see LuaCallback.call)
        func what() -> String { "gesture_delegate.\(method.rawValue) of navigation \(nav.id)" }
        guard try function.call(b, what: what(), results: 1, {
            NavigationBinding.pushNavigation(nav, lua, b)
            switch arguments {
            case .touch(let id, let location):
                lua.newTable(hash: 4)
                lua.push(id)
                lua.rawSet(-2, "id")
                lua.push(location.x)
                lua.rawSet(-2, "x")
                lua.push(location.y)
                lua.rawSet(-2, "y")
                GestureTable.pushPoint(location, lua)
                lua.rawSet(-2, "location")
                return 2
            case .gesture(let info):
                GestureTable.push(info, lua)
                return 2
            case .simultaneous(let info, let other):
                GestureTable.push(info, lua)
                ScreenBinding.pushScrollView(other, lua, b)
                return 3
            }
        }) else { return .undefined }
        if lua.isNil(-1) { return .value(nil) }
        guard let answer = lua.bool(-1) else {
            throw NavError("\(what()) returned \(lua.describe(-1)); it must return a boolean or nil")
        }
        return .value(answer)
    }
}
