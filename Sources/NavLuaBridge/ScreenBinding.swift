import NavLuaRuntime
import NavLuaEngine

/// navlua.screen and screen:add_scroll_view: manual §3.1, §3.4.
enum ScreenBinding {
    static let metatable = "navlua.Screen"
    static let objectMetatable = "navlua.ScreenObject"
    static let scrollMetatable = "navlua.ScrollView"

    /// The fields navlua reads from a screen table, hooks included (and
    /// what the REPL's Tab offers after `screen.`).
    static var fields: [String] { ScreenKey.allCases.map { String(describing: $0.name) } }

    static let methods: [LuaFunction] = [LuaFunction("add_scroll_view", addScrollView),
                                         LuaFunction("add_control", ControlBinding.addControl)]   // issue 35
    static let scrollMethods: [LuaFunction] = [LuaFunction("require_to_fail", PopRecognizerBinding.requireToFail)]

    static func register(_ lua: Lua) {
        // Screen tables: methods through __index, a readable __tostring,
        // and a __newindex that names a hook added later misspelled.
        lua.newRegistryMetatable(metatable)
        lua.newTable()
        for method in methods {
            navlua_pushswiftfunction(lua.L, method.function, 0)
            lua.rawSet(-2, method.name)
        }
        lua.rawSet(-2, "__index")
        navlua_pushswiftfunction(lua.L, screenToString, 0)
        lua.rawSet(-2, "__tostring")
        navlua_pushswiftfunction(lua.L, MisspelledHooks.newIndex, 0)
        lua.rawSet(-2, "__newindex")
        lua.pop()
        lua.newObjectMetatable(objectMetatable)
        lua.pop()
        lua.registerObjectType(scrollMetatable, methods: scrollMethods, index: scrollIndex, newIndex: scrollNewIndex)
        ControlBinding.register(lua)   // issue 35
    }

    /// navlua.screen{title=..., ...}: checks the table and makes it a screen.
    static let screen: navlua_SwiftFunction = { L in
        bridged(L, "navlua.screen") { b, lua in
            guard lua.type(1) == LUA_TTABLE else {
                throw argumentError("screen", "a table with a title", got: lua.describe(1))
            }
            lua.setTop(1)
            if ScreenBinding.existingScreen(lua, b, 1) != nil { return 1 }  // already one
            if lua_getmetatable(L, 1) != 0 {
                throw NavError("a screen table cannot have a metatable of its own")
            }
            // every key by its name, as the script writes it (a registry
            // reference a script rewrote does not change what is checked)
            lua.rawGetByName(1, .title)
            guard let title = lua.string(-1), !title.isEmpty else {
                throw argumentError("title", "a non-empty string", got: lua.describe(-1))
            }
            lua.pop()
            // the other keys' types in one call, by name; a value is read
            // only to be checked further (back_button, max_initial_distance)
            // or named in an error
            try ScreenKeyTypes.read(lua, 1, b) { types in
                @discardableResult func value(_ key: ScreenKey) -> Int32 { lua.rawGetByName(1, key) }
                for key in [ScreenKey.pop_disabled, .navigation_bar_hidden] {
                    let type = types[key.rawValue]
                    if type != LUA_TNIL && type != LUA_TBOOLEAN {
                        value(key)
                        throw argumentError(String(describing: key.name), "a boolean", got: lua.describe(-1))
                    }
                }
                if types[ScreenKey.back_button.rawValue] != LUA_TNIL {
                    value(.back_button)
                    if lua_type(L, -1) != LUA_TSTRING || BackButton(rawValue: lua.string(-1) ?? "") == nil {
                        throw argumentError("back_button", "\"system\" or \"custom\"", got: lua.describe(-1))
                    }
                    lua.pop()
                }
                if types[ScreenKey.max_initial_distance.rawValue] != LUA_TNIL {
                    value(.max_initial_distance)
                    _ = try lua.finiteNumber(-1, "max_initial_distance")
                    lua.pop()
                }
                for hook in Hook.allCases {
                    let key = ScreenKey(hook)
                    let type = types[key.rawValue]
                    if type != LUA_TNIL && type != LUA_TFUNCTION {
                        value(key)
                        throw argumentError(hook.rawValue, "a function", got: lua.describe(-1))
                    }
                }
            }
            try MisspelledHooks.check(table: 1, title: title, lua, b)
            try AndroidBinding.checkCallback(lua, table: 1, screen: title)
            let id = b.makeScreenID()
            let screen = Screen(id: id, source: LuaScreenSource(bridge: b, id: id, title: title))
            _ = metatable.withCString { navlua_setregistrymetatable(L, $0) }
            b.pushRegistryTable(Bridge.screenTables)
            lua.pushValue(1)
            lua.rawSet(-2, id)
            lua.pop()
            b.pushRegistryTable(Bridge.screenObjects)
            lua.pushValue(1)
            lua.pushObject(screen, metatable: objectMetatable)
            lua_rawset(L, -3)
            lua.pop()
            lua.setTop(1)
            return 1
        }
    }

    /// The engine screen for the screen table at `i`.
    static func screen(_ lua: Lua, _ b: Bridge, _ i: Int32, _ what: String) throws -> Screen {
        if let screen = existingScreen(lua, b, i) { return screen }
        throw argumentError(what, "a screen made by navlua.screen", got: lua.describe(lua.absolute(i)))
    }

    /// The engine screen for the value at `i`, or nil when it is not a
    /// screen table; builds no message (navlua.screen asks it of every new
    /// table).
    static func existingScreen(_ lua: Lua, _ b: Bridge, _ i: Int32) -> Screen? {
        let index = lua.absolute(i)
        guard lua.type(index) == LUA_TTABLE else { return nil }
        b.pushRegistryTable(Bridge.screenObjects)
        lua.pushValue(index)
        lua_rawget(lua.L, -2)
        let screen = lua.object(-1, metatable: objectMetatable, as: Screen.self)
        lua.pop(2)
        return screen
    }

    /// Pushes the table of an engine screen (nil if it is gone).
    static func push(_ screen: Screen?, _ lua: Lua) {
        guard let source = screen?.source as? LuaScreenSource, source.pushTable() else {
            lua.pushNil()
            return
        }
    }

    static let screenToString: navlua_SwiftFunction = { L in
        let lua = Lua(L!)
        lua.rawGet(1, "title")
        lua.push("screen '" + (lua.string(-1) ?? "?") + "'")
        return 1
    }

    // MARK: scroll views

    static let addScrollView: navlua_SwiftFunction = { L in
        bridged(L, "screen:add_scroll_view") { b, lua in
            let screen = try ScreenBinding.screen(lua, b, 1, "self")
            let o = try Options(lua, 2, allowed: ["x", "y", "width", "height", "content_width", "offset",
                                                  "paging", "page_offset_reset", "pop_simultaneous",
                                                  "content_height", "offset_y", "directional_lock", "pages"])
            let w = b.world
            let frame = Rect(x: try o.number("x") ?? 0, y: try o.number("y") ?? 0,
                             width: try o.positive("width") ?? w.width,
                             height: try o.positive("height") ?? w.height)
            // A list's width is written once: content_width defaults to the
            // frame's width, as content_height does to its height.
            let content = try o.nonNegative("content_width") ?? frame.width
            let pageOffsetReset = try o.bool("page_offset_reset") ?? false
            let pages = try o.with("pages") { try lua.count(-1, "pages", min: 1, max: 1 << 30) }
            if pages != nil && !pageOffsetReset {
                throw NavError("'pages' is for a page_offset_reset view (another view's pages are its content's)")
            }
            let id = b.makeScrollViewID()
            let view = ScrollView(
                id: id, frame: frame, contentWidth: content,
                offset: try o.nonNegative("offset") ?? 0, paging: try o.bool("paging") ?? false,
                pageOffsetReset: pageOffsetReset,
                popSimultaneous: try popSimultaneous(o, lua, b, screen: screen.id, view: id),
                contentHeight: try o.nonNegative("content_height") ?? frame.height,
                offsetY: try o.nonNegative("offset_y") ?? 0,
                directionalLock: try o.bool("directional_lock") ?? false, pages: pages)
            screen.addScrollView(view)
            (screen.source as? LuaScreenSource)?.addScrollView()
            if o.push("pop_simultaneous") == LUA_TFUNCTION {
                keepPopSimultaneous(screenTable: 1, view: id, lua, b)
            } else {
                lua.pop()
            }
            pushScrollView(view, lua, b)
            return 1
        }
    }

    private static func popSimultaneous(_ o: Options, _ lua: Lua, _ b: Bridge,
                                        screen: Int, view id: Int) throws -> ScrollView.PopSimultaneous {
        o.push("pop_simultaneous")
        defer { lua.pop() }
        if lua.isNil(-1) { return .never }
        if let name = lua.string(-1) {
            switch name {
            case "at_leading_edge": return .atLeadingEdge
            case "first_page": return .firstPage
            default: break
            }
        } else if lua.type(-1) == LUA_TFUNCTION {
            let function = LuaCallback { b in pushPopSimultaneous(screen: screen, view: id, b) }
            return .custom { [link = b.link] view in
                guard let b = link.bridge else { return false }
                return try function.callPredicate(b, what: "pop_simultaneous function", ifGone: false) {
                    pushScrollView(view, Lua(b.L), b)
                    return 1
                }
            }
        }
        throw argumentError("pop_simultaneous", "\"at_leading_edge\", \"first_page\" or a function",
                            got: lua.describe(-1))
    }

    // pop_simultaneous functions are kept in a table in the user value of
    // their screen's userdata, keyed by scroll view id: they go when the
    // screen table does, even if they capture it (see LuaCallback).

    /// Stores the function on top (popped) for scroll view `view` of the
    /// screen table at `screenTable`.
    private static func keepPopSimultaneous(screenTable: Int32, view: Int, _ lua: Lua, _ b: Bridge) {
        let function = lua.top
        defer { lua.setTop(function - 1) }
        b.pushRegistryTable(Bridge.screenObjects)
        lua.pushValue(screenTable)
        guard lua_rawget(lua.L, -2) == LUA_TUSERDATA else { return }   // the screen's userdata
        if lua.pushUserValue(-1) != LUA_TTABLE {
            lua.pop()
            lua.newTable()
            lua.pushValue(-1)
            lua.setUserValue(-3)
        }
        lua.pushValue(function)
        lua.rawSet(-2, view)
    }

    /// Pushes the pop_simultaneous function of scroll view `view` on screen
    /// `screen` (true), or nothing once the screen table is gone (false).
    private static func pushPopSimultaneous(screen: Int, view: Int, _ b: Bridge) -> Bool {
        let lua = Lua(b.L)
        let base = lua.top
        b.pushRegistryTable(Bridge.screenTables)
        guard lua.rawGet(-1, screen) == LUA_TTABLE else {
            lua.setTop(base)
            return false
        }
        b.pushRegistryTable(Bridge.screenObjects)
        lua.pushValue(-2)
        guard lua_rawget(lua.L, -2) == LUA_TUSERDATA, lua.pushUserValue(-1) == LUA_TTABLE,
              lua.rawGet(-1, view) == LUA_TFUNCTION else {
            lua.setTop(base)
            return false
        }
        lua.keepTop(above: base)
        return true
    }

    /// One userdata per scroll view, so that the same view compares equal.
    static func pushScrollView(_ view: ScrollView, _ lua: Lua, _ b: Bridge) {
        b.pushUnique(view, id: view.id, cache: Bridge.scrollObjects, metatable: scrollMetatable)
    }

    /// What `view.<name>` reads (and what the REPL's Tab offers after `view.`).
    enum ScrollViewField: String, CaseIterable {
        case offset, page, scrolling, x, y, width, height
        case contentWidth = "content_width", paging, pageOffsetReset = "page_offset_reset", id
        case offsetY = "offset_y", contentHeight = "content_height", directionalLock = "directional_lock"
        case pages
    }

    static let scrollIndex: navlua_SwiftFunction = { L in
        bridged(L, "scroll view") { _, lua in
            if lua.pushMethod() { return 1 }
            guard let view = lua.object(1, metatable: scrollMetatable, as: ScrollView.self) else { return 0 }
            switch ScrollViewField(rawValue: lua.string(2) ?? "") {
            case .offset: lua.push(view.offset)
            case .page: lua.push(view.page)
            case .scrolling: lua.push(view.scrolling)
            case .x: lua.push(view.frame.x)
            case .y: lua.push(view.frame.y)
            case .width: lua.push(view.frame.width)
            case .height: lua.push(view.frame.height)
            case .contentWidth: lua.push(view.contentWidth)
            case .paging: lua.push(view.paging)
            case .pageOffsetReset: lua.push(view.pageOffsetReset)
            case .id: lua.push(view.id)
            case .offsetY: lua.push(view.offsetY)
            case .contentHeight: lua.push(view.contentHeight)
            case .directionalLock: lua.push(view.directionalLock)
            case .pages: lua.push(view.pages)
            case nil: lua.pushNil()
            }
            return 1
        }
    }

    /// A field a scroll view has is read-only; any other is named as
    /// absent (seed 003's associated pageControllerCurrentIndex is `page`).
    private static func noField(_ key: String) -> NavError {
        let names = ScrollViewField.allCases.map(\.rawValue)
        if names.contains(key) { return NavError("field '\(key)' is read-only") }
        let near = NameSuggestion.nearest(key, among: names).map { " (did you mean '\($0)'?)" }
        return NavError("a scroll view has no field '\(key)'"
                        + (near ?? " (it can be written: offset, offset_y, page)"))
    }

    static let scrollNewIndex: navlua_SwiftFunction = { L in
        bridged(L, "scroll view") { b, lua in
            guard let view = lua.object(1, metatable: scrollMetatable, as: ScrollView.self) else { return 0 }
            let key = lua.string(2) ?? lua.describe(2)
            switch key {
            case "offset":
                view.setOffset(try lua.finiteNumber(3, "offset"))
            case "offset_y":
                view.setOffsetY(try lua.finiteNumber(3, "offset_y"))
            case "page":
                try b.world.turn(view, toPage: try lua.count(3, "page", max: 1 << 30))
            default:
                throw noField(key)
            }
            return 0
        }
    }
}
