import NavLuaRuntime
import NavLuaEngine
import NavLuaVisuals

/// navlua's side of one Lua state: the world the script drives, and the
/// registry tables that tie Lua values to engine objects. It lives in the
/// state's extra space, so every Swift function reaches it in one load.
public final class Bridge {
    // @exclusivity(unchecked): read by every call from Lua, written only by
    // plain assignments (see World).
    /// The Lua thread of the call in progress: the main state, or the
    /// coroutine a script called navlua from. Hooks and callbacks run on it,
    /// never on a thread that is suspended in a resume.
    @exclusivity(unchecked) private(set) var L: OpaquePointer
    /// For `bridged` only: the thread a Swift function was called on.
    func setThread(_ thread: OpaquePointer) { L = thread }
    public var world: World { currentWorld }
    /// The world's storage, private so that the optimizer sees every access
    /// to it and drops the run-time exclusivity check from each read (every
    /// call into navlua reads it; see World's `frameClock`).
    private var currentWorld: World
    /// Bumped by navlua.reset: objects of an older world are refused.
    @exclusivity(unchecked) private(set) var generation = 0
    private var nextScreenID = 0
    /// Samples every frame for --timeline, --filmstrip and the trace's
    /// counters; nil (the default) unless one of them was asked for. It
    /// follows the world across navlua.reset.
    public var recorder: FrameRecorder? { didSet { configure(world) } }
    /// The platform presets this state knows: the built-in ones, then those
    /// of navlua.define_preset, in order. They outlive navlua.reset, like
    /// the functions a script defines; those a script defines are counted
    /// in `account`.
    var presets = PresetList()
    /// Where the navigation call under way was made (NavigationBinding).
    let callSite = LuaCallSite()
    /// The preset of navigations made without one (`navlua run --preset`);
    /// nil means "uikit".
    public var defaultPreset: String?
    /// `navlua test --strict-hooks`: a misspelled hook is an error, not a
    /// warning (MisspelledHooks).
    public var misspelledHooksFail = false

    // Registry keys of the tables the bridge keeps.
    static let screenTables = "navlua.screen_tables"   // id -> screen table, weak values
    static let pinnedScreens = "navlua.pinned_screens" // id -> screen table while the engine holds it
    static let screenObjects = "navlua.screen_objects" // screen table -> userdata, weak keys
    static let navObjects = "navlua.nav_objects"       // nav id -> userdata, this world's
    static let scrollObjects = "navlua.scroll_objects" // scroll id -> userdata, weak values
    static let coordinatorObjects = "navlua.coordinator_objects" // coordinator id -> userdata, weak values
    static let recognizerObjects = "navlua.recognizer_objects"   // nav id * 16 + index -> userdata, this world's
    static let controlObjects = "navlua.control_objects" // control id -> userdata, weak values (issue 35)

    /// The engine counts what it keeps for the script into the state's
    /// limits (`engine_used`), which `--memory-limit` holds with the Lua heap.
    let account: MemoryAccount

    /// Registry reference to the screen tables' table (made once, never
    /// replaced): a title read or a hook's look-up reaches it with
    /// lua_rawgeti instead of hashing a string key (see LuaScreenSource).
    /// Made by init, before anything counts the registry's entries
    /// (LuaReferenceTests checks that scripts leave no references behind).
    private(set) var screenTablesRef: lua_Integer = 0

    private func makeScreenRefs() {
        pushRegistryTable(Bridge.screenTables)
        screenTablesRef = lua_Integer(luaL_ref(L, navlua_registryindex()))
    }

    /// The ScreenKey strings, by registry reference, in ScreenKey's order:
    /// made by the first screen, 13 references that stay for the state's
    /// life, like a cache (as tableKeyRefs).
    private(set) var screenKeyRefs: [Int] = []

    /// The same keys' names (NUL-terminated literals) and lengths, for
    /// navlua_field_types; made with the references.
    private(set) var screenKeyNames: [UnsafePointer<CChar>?] = []
    private(set) var screenKeyLengths: [Int] = []

    func makeScreenKeyRefs() {
        screenKeyRefs = references(to: ScreenKey.allCases.map(\.name))
        screenKeyNames = ScreenKey.allCases.map { $0.cName }
        screenKeyLengths = ScreenKey.allCases.map(\.name.utf8CodeUnitCount)
    }

    /// The TableKey strings, by registry reference, in TableKey's order:
    /// made by the first nav:visual() (a script that never calls it does
    /// not pay for them at start-up, ~10,000 instructions): 19 references
    /// that stay for the state's life, once, like a cache.
    /// ([Int], not [lua_Integer]: the metadata of an array of Int64 is made
    /// at run time from its mangled name, ~3,000 instructions of every start.)
    private(set) var tableKeyRefs: [Int] = []

    func makeTableKeyRefs() { tableKeyRefs = references(to: TableKey.allCases.map(\.name)) }

    /// A registry reference to each name's Lua string.
    private func references(to names: [StaticString]) -> [Int] {
        let lua = Lua(L)
        return names.map { name in
            lua.push(String(describing: name))
            return Int(luaL_ref(L, navlua_registryindex()))
        }
    }
    /// What outlives the bridge in its stead: see BridgeLink.
    let link = BridgeLink()

    init(L: OpaquePointer) {
        self.L = L
        account = MemoryAccount(countingInto: navlua_engine_counter(L))
        currentWorld = World(account: account)
        link.unmanaged = Unmanaged.passUnretained(self)
        let lua = Lua(L)
        makeRegistryTable(lua, Bridge.screenTables, mode: "v")
        makeScreenRefs()
        makeRegistryTable(lua, Bridge.pinnedScreens, mode: nil)
        makeRegistryTable(lua, Bridge.screenObjects, mode: "k")
        makeRegistryTable(lua, Bridge.navObjects, mode: nil)
        makeRegistryTable(lua, Bridge.scrollObjects, mode: "v")
        makeRegistryTable(lua, Bridge.coordinatorObjects, mode: "v")
        makeRegistryTable(lua, Bridge.recognizerObjects, mode: "v")
        makeRegistryTable(lua, Bridge.controlObjects, mode: "v")   // issue 35
        configure(world)
    }

    deinit { link.unmanaged = nil }

    private func makeRegistryTable(_ lua: Lua, _ key: String, mode: String?) {
        lua.newTable()
        if let mode = mode {
            lua.newTable()
            lua.push(mode)
            lua.rawSet(-2, "__mode")
            lua_setmetatable(L, -2)
        }
        lua.rawSet(navlua_registryindex(), key)
    }

    /// Pushes the registry table stored under `key`. A script can put
    /// something else there (debug.getregistry()); then an empty table
    /// stands in for it, so that a caller that cannot fail (the engine
    /// calling back: a screen pinned) reads nothing and writes nowhere, and
    /// `bridged` raises the problem once the call returns.
    func pushRegistryTable(_ key: String) {
        // The keys are literals: withCString hands Lua the literal's own
        // address, which lua_pushstring's string cache knows from the last
        // time (a key pushed by length is hashed and interned every time,
        // ~250 instructions).
        _ = key.withCString { lua_pushstring(L, $0) }
        if lua_rawget(L, navlua_registryindex()) != LUA_TTABLE { standIn(forRewritten: key) }
    }

    /// What a script did to the registry that a call found where it could
    /// not throw; `bridged` raises it (the first one) when the call returns.
    @exclusivity(unchecked) var registryProblem: String?

    /// The slow path of pushRegistryTable: the value found is replaced on
    /// the stack by a new empty table, and the problem kept.
    @inline(never)
    private func standIn(forRewritten key: String) {
        let lua = Lua(L)
        if registryProblem == nil {
            registryProblem = "the registry's '\(key)' holds \(lua.describe(-1)), not navlua's table"
                + " (a script replaced it)"
        }
        lua.pop()
        lua.newTable()
    }

    /// The problem kept, forgotten.
    func takeRegistryProblem() -> String? {
        defer { registryProblem = nil }
        return registryProblem
    }

    /// A fresh world: clock 0, no navigations, an empty trace.
    func reset(_ config: WorldConfig) {
        // the new world's tables first: the old world's shutdown unpins its
        // screens in a table that is navlua's even if a script replaced the
        // old one (navlua.reset is how a script starts again after that);
        // the old one stays on the stack, pinning them, until it is done
        let lua = Lua(L)
        lua.rawGet(navlua_registryindex(), Bridge.pinnedScreens)
        for key in [Bridge.navObjects, Bridge.pinnedScreens] {
            lua.newTable()
            lua.rawSet(navlua_registryindex(), key)
        }
        world.shutdown()
        lua.pop()
        currentWorld = World(config, account: account)
        generation += 1
        // coordinator and navigation ids start again in the new world
        makeRegistryTable(lua, Bridge.coordinatorObjects, mode: "v")
        makeRegistryTable(lua, Bridge.recognizerObjects, mode: "v")
        configure(world)
    }

    private func configure(_ world: World) {
        let L = self.L   // any thread reaches the same limits
        let link = self.link
        world.shouldStop = {
            if let message = navlua_take_stop(L) { return String(cString: message) }
            // what the engine keeps grows during a long tick too (frames
            // recorded); the collection it may run calls finalizers on the
            // thread running now, not on the one that made the world
            guard let running = link.bridge?.L, let message = navlua_take_memory_stop(running) else { return nil }
            return String(cString: message)
        }
        world.frameObserver = recorder.map { recorder in { recorder.record($0) } }
    }

    /// Screens and scroll views outlive navlua.reset (a script may keep
    /// them), so their ids come from the bridge, not from the world.
    func makeScreenID() -> Int {
        nextScreenID += 1
        return nextScreenID
    }

    private var nextScrollViewID = 0

    func makeScrollViewID() -> Int {
        nextScrollViewID += 1
        return nextScrollViewID
    }

    private var nextControlID = 0

    /// Controls are numbered apart from scroll views (issue 35).
    func makeControlID() -> Int {
        nextControlID += 1
        return nextControlID
    }

    /// False once the host is closing the state: Swift objects released
    /// after that point must not touch it.
    private(set) var isOpen = true

    /// Stops the running world (its subscriptions release their functions
    /// now, while the state is open); called just before lua_close.
    func close() {
        world.shutdown()
        isOpen = false
    }
}
