import NavLuaRuntime

/// The REPL's Lua side (Lua/repl_prelude.lua): how results are shown and
/// what Tab offers.
///
/// Written in Lua so that a `__tostring` or `__index` of the user's runs
/// under `protectedCall` like any other user code, never from Swift.
/// The chunk gets one table, for each kind of navlua object its metatable
/// and the names its binding registers,
/// `{screen = {metatable =, methods = {...}, fields = {...}}, navigation =, touch =, scroll_view =}`,
/// and returns
/// `{format = function(...) -> string, complete = function(text) -> partial, candidates...,
///   live_tick = function(tick, n) -> printed, error}`.
enum ReplPrelude {
    static var source: String { EmbeddedLua.replPrelude }

    /// Chunk name: "=navlua..." keeps its frames out of `navlua_where`, and
    /// `ReplEvaluator` cuts "navlua.repl:" frames from live-mode errors.
    static let chunkName = "=navlua.repl"

    /// Registry key of the table the chunk returned.
    static let registryKey = "navlua.repl"

    /// navlua's objects and the names Tab offers after `value.` (fields
    /// and methods) or `value:` (methods), as the bindings register them.
    static let objectKinds: [(kind: String, metatable: String, methods: [String], fields: [String])] = [
        ("screen", ScreenBinding.metatable, ScreenBinding.methods.map(\.name), ScreenBinding.fields),
        ("navigation", NavigationBinding.metatable, NavigationBinding.methods.map(\.name),
         NavigationBinding.Field.allCases.map(\.rawValue)),
        ("touch", TouchBinding.metatable, TouchBinding.methods.map(\.name), TouchBinding.Field.allCases.map(\.rawValue)),
        ("scroll_view", ScreenBinding.scrollMetatable, ScreenBinding.scrollMethods.map(\.name),
         ScreenBinding.ScrollViewField.allCases.map(\.rawValue)),
        ("pop_recognizer", PopRecognizerBinding.metatable, [], PopRecognizerBinding.Field.allCases.map(\.rawValue)),
        ("control", ControlBinding.metatable, ControlBinding.methods.map(\.name),
         ControlBinding.Field.allCases.map(\.rawValue)),   // issue 35
    ]

    /// Pushes the chunk's argument: `objectKinds` as Lua tables.
    static func pushObjectKinds(_ lua: Lua) {
        lua.newTable(hash: Int32(objectKinds.count))
        for kind in objectKinds {
            lua.newTable(hash: 3)
            lua.rawGet(navlua_registryindex(), kind.metatable)
            lua.rawSet(-2, "metatable")
            pushList(kind.methods, lua)
            lua.rawSet(-2, "methods")
            pushList(kind.fields, lua)
            lua.rawSet(-2, "fields")
            lua.rawSet(-2, kind.kind)
        }
    }

    private static func pushList(_ names: [String], _ lua: Lua) {
        lua.newTable(array: Int32(names.count))
        for (i, name) in names.enumerated() {
            lua.push(name)
            lua.rawSet(-2, i + 1)
        }
    }
}
