import NavLuaRuntime
import NavLuaEngine

/// `nav:present{style=, detents=, selected_detent=, animated=}`, the
/// `presentation_delegate` option and field, and `visual().presented`
/// (manual §4.7).
enum PresentationBinding {
    static let presentOptions = ["animated", "style", "detents", "selected_detent"]
    static let styles = PresentationStyle.allCases.map(\.rawValue).joined(separator: ", ")

    /// The present call's options at `i` (absent: a full-screen present).
    static func request(_ lua: Lua, _ i: Int32) throws -> PresentationRequest {
        let o = try Options(lua, i, allowed: presentOptions)
        var r = PresentationRequest()
        r.animated = try o.animated
        if let name = try o.string("style") {
            guard let style = PresentationStyle(rawValue: name) else {
                throw NavError("unknown style '\(name)' (expected \(styles))")
            }
            r.style = style
        }
        let given: [Detent]? = try o.with("detents") {
            guard lua.type(-1) == LUA_TTABLE else {
                throw argumentError("detents", "an array of detents (\"medium\", \"large\" or heights)", got: lua.describe(-1))
            }
            let n = lua.rawLength(-1)
            guard n > 0 else { throw NavError("'detents' must not be empty") }
            return try (1...n).map { k in
                lua.rawGet(-1, k)
                defer { lua.pop() }
                return try detent(lua, -1, "detents[\(k)]")
            }
        }
        if let d = given {
            guard r.style.isSheet else { throw NavError("'detents' are for page_sheet and form_sheet, not \(r.style.rawValue)") }
            r.detents = d
        }
        if let sel: Detent = try o.with("selected_detent", { try detent(lua, -1, "selected_detent") }) {
            guard let k = r.detents.firstIndex(of: sel) else {
                throw NavError("'selected_detent' (\(NavigationController.describeDetent(sel))) is not one of the detents")
            }
            r.selected = k
        }
        return r   // nav:present checks the rest (PresentationRequest.check)
    }

    private static func detent(_ lua: Lua, _ i: Int32, _ what: String) throws -> Detent {
        if lua_type(lua.L, i) == LUA_TSTRING, let name = lua.string(i) {
            guard let d = Detent.named(name) else {
                throw NavError("\(what): unknown detent '\(name)' (expected medium, large or a height in points)")
            }
            return d
        }
        guard lua.type(i) == LUA_TNUMBER, let h = lua.number(i) else {
            throw argumentError(what, "\"medium\", \"large\" or a height in points", got: lua.describe(i))
        }
        guard h.isFinite, h > 0 else { throw argumentError(what, "a positive height in points", got: lua.describe(i)) }
        return .height(h)
    }

    /// Pushes a detent as Lua sees it: its name, or its height.
    static func push(_ d: Detent?, _ lua: Lua) {
        switch d {
        case .height(let h)?:
            // a height given as 200 reads back as 200, not 200.0
            if h == h.rounded(), abs(h) < 1e15 { lua.push(Int(h)) } else { lua.push(h) }
        case let d?: lua.push(d.name ?? "")
        case nil: lua.pushNil()
        }
    }

    /// `visual().presented`: nil unless presented.
    static func pushPresented(_ p: Visual.Presented?, _ lua: Lua) {
        guard let p = p else { return lua.pushNil() }
        lua.newTable(hash: 5)
        lua.push(p.style.rawValue)
        lua.rawSet(-2, "style")
        lua.push(p.y)
        lua.rawSet(-2, "y")
        push(p.detent, lua)
        lua.rawSet(-2, "detent")
        lua.push(p.progress)
        lua.rawSet(-2, "progress")
        if let b = p.behind {
            lua.newTable(hash: 3)
            for (k, v) in [("scale", b.scale), ("y", b.y), ("dim", b.dim)] {
                lua.push(v)
                lua.rawSet(-2, k)
            }
            lua.rawSet(-2, "behind")
        }
    }
}

/// `presentation_delegate`: a table of should_dismiss, will_dismiss,
/// did_dismiss and did_attempt_to_dismiss, each `fn(nav)` (DelegateTable).
enum PresentationDelegateBinding {
    static let table = DelegateTable(
        name: "presentation_delegate", slot: 4, methods: PresentationDelegateMethod.allCases.map(\.rawValue),
        allowed: "a table of should_dismiss, will_dismiss, did_dismiss, did_attempt_to_dismiss functions, or nil")

    static func set(_ nav: NavigationController, userdata ud: Int32, value: Int32, _ lua: Lua, _ b: Bridge) throws {
        let stored = try table.store(userdata: ud, value: value, lua)
        nav.setPresentationDelegate(stored ? LuaPresentationDelegate(bridge: b, navigation: nav.id) : nil)
    }

    static func push(_ nav: NavigationController, _ lua: Lua, _ b: Bridge) { table.push(nav, lua, b) }
}

final class LuaPresentationDelegate: PresentationDelegate {
    private let owner: DelegateOwner

    init(bridge: Bridge, navigation id: Int) { owner = DelegateOwner(bridge, navigation: id) }

    func call(_ method: PresentationDelegateMethod, _ nav: NavigationController) throws -> HookResult {
        guard let b = owner.current else { return .undefined }
        let lua = Lua(b.L)
        let top = lua.top
        defer { lua.setTop(top) }
        // made only for an error (see LuaCallback.call)
        func what() -> String { "presentation_delegate.\(method.rawValue) of navigation \(nav.id)" }
        guard try PresentationDelegateBinding.table.call(method.rawValue, navigation: owner.navigationID, b,
                                                         what: what(), results: 1, {
            NavigationBinding.pushNavigation(nav, lua, b)
            return 1
        }) else { return .undefined }
        if lua.isNil(-1) { return .value(nil) }
        guard method == .should_dismiss else { return .value(nil) }
        guard let answer = lua.bool(-1) else {
            throw NavError("\(what()) returned \(lua.describe(-1)); it must return a boolean or nil")
        }
        return .value(answer)
    }
}
