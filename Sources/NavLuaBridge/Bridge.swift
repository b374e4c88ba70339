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
    var presets = PresetList(Preset.builtIn())
    /// Where the navigation call under way was made (NavigationBinding).
    let callSite = LuaCallSite()
    /// The preset of navigations made without one (`navlua run --preset`);
    /// nil means "uikit".
    public var defaultPreset: String?

    // Registry keys of the tables the bridge keeps.
    static let screenTables = "navlua.screen_tables"   // id -> screen table, weak values
    static let pinnedScreens = "navlua.pinned_screens" // id -> screen table while the engine holds it
    static let screenObjects = "navlua.screen_objects" // screen table -> userdata, weak keys
    static let navObjects = "navlua.nav_objects"       // nav id -> userdata, this world's
    static let scrollObjects = "navlua.scroll_objects" // scroll id -> userdata, weak values
    static let coordinatorObjects = "navlua.coordinator_objects" // coordinator id -> userdata, weak values

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

    /// Pushes the registry table stored under `key`.
    func pushRegistryTable(_ key: String) {
        // The keys are literals: withCString hands Lua the literal's own
        // address, which lua_pushstring's string cache knows from the last
        // time (a key pushed by length is hashed and interned every time,
        // ~250 instructions).
        _ = key.withCString { lua_pushstring(L, $0) }
        lua_rawget(L, navlua_registryindex())
    }

    /// A fresh world: clock 0, no navigations, an empty trace.
    func reset(_ config: WorldConfig) {
        world.shutdown()
        currentWorld = World(config, account: account)
        generation += 1
        let lua = Lua(L)
        for key in [Bridge.navObjects, Bridge.pinnedScreens] {
            lua.newTable()
            lua.rawSet(navlua_registryindex(), key)
        }
        // coordinator ids start again in the new world
        makeRegistryTable(lua, Bridge.coordinatorObjects, mode: "v")
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

/// Keys of the tables navlua builds on every call of nav:visual() (and at
/// every frame for a script that draws one), kept as Lua strings by
/// registry reference: setting one is a lua_rawgeti where a Swift string
/// key was hashed and interned by lua_pushlstring (~250 instructions a key;
/// lua_pushstring's address cache misses with this many keys).
enum TableKey: Int, CaseIterable {
    case screen, part, x, alpha, chevron, label, shown, items, bar, top, below, dim, barHidden, y,
         presented, mask, snapshot, width, height

    /// The key as Lua sees it.
    var name: StaticString {
        switch self {
        case .screen: return "screen"
        case .part: return "part"
        case .x: return "x"
        case .alpha: return "alpha"
        case .chevron: return "chevron"
        case .label: return "label"
        case .shown: return "shown"
        case .items: return "items"
        case .bar: return "bar"
        case .top: return "top"
        case .below: return "below"
        case .dim: return "dim"
        case .barHidden: return "bar_hidden"
        case .y: return "y"
        case .presented: return "presented"
        case .mask: return "mask"
        case .snapshot: return "snapshot"
        case .width: return "width"
        case .height: return "height"
        }
    }
}

extension Lua {
    /// t[key] = the value on top (popped), raw: rawSet with a TableKey. A
    /// reference a script has overwritten (through debug.getregistry())
    /// falls back to the key's name in C, rather than raising there.
    func rawSet(_ table: Int32, _ key: TableKey, _ b: Bridge) {
        if b.tableKeyRefs.isEmpty { b.makeTableKeyRefs() }
        // a literal's bytes end in a NUL
        let name = UnsafeRawPointer(key.name.utf8Start).assumingMemoryBound(to: CChar.self)
        navlua_ref_setfield(L, table, lua_Integer(b.tableKeyRefs[key.rawValue]), name)
    }
}

/// What screens, delegates and callbacks hold instead of a weak reference
/// to the bridge: the bridge itself, until its deinit sets it to nil (what
/// a weak reference reads once the bridge is released). A single weak
/// reference gave the bridge a side table, and with it made every retain
/// and release of the bridge (each call from Lua, each hook, each title
/// read) the slow path: ~95 instructions a release instead of ~30.
final class BridgeLink {
    // Unretained: set to the bridge by its init, to nil by its deinit, so
    // it never reads a bridge that is gone. @exclusivity(unchecked): those
    // two plain stores are its only writes.
    @exclusivity(unchecked) fileprivate(set) var unmanaged: Unmanaged<Bridge>?

    var bridge: Bridge? { unmanaged?.takeUnretainedValue() }

    /// `body` with the bridge, not retained for it (`bridge` is, ~40
    /// instructions with its release: a title read is ~500); nil once the
    /// bridge is gone. Only for what the engine asks while its caller
    /// holds the bridge strongly: every call into the engine that reads a
    /// screen comes from a call from Lua (`bridged` holds it) or from the
    /// host (NavLuaHost.bridge), so the bridge outlives the borrow.
    @inline(__always)
    func withBridge<T>(_ body: (Bridge) throws -> T) rethrows -> T? {
        guard let unmanaged else { return nil }
        return try unmanaged._withUnsafeGuaranteedRef(body)
    }
}

extension Bridge {
    /// For `bridged` only: the thread a Swift function was called on.
    fileprivate func setThread(_ thread: OpaquePointer) { L = thread }
}

/// True once `require "navlua"` has opened navlua in a state another host
/// made (LoadableModule): there only the main thread's extra space is
/// known to hold the bridge.
nonisolated(unsafe) var bridgeInHostState = false

/// The bridge kept in the state's extra space; nil once the loadable
/// module's closer has released it (lua_close can still run a script's
/// finalizer after it).
@inline(__always)
func bridge(of L: OpaquePointer) -> Bridge? {
    let slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>? = bridgeInHostState ? navlua_main_extraspace(L) : navlua_extraspace(L)
    guard let object = slot?.pointee else { return nil }
    return Unmanaged<Bridge>.fromOpaque(object).takeUnretainedValue()
}

/// Runs the body of a Swift function called from Lua. A thrown error
/// becomes the message "file:line: name: problem", which the C trampoline
/// raises once this Swift frame has returned.
@inline(__always)
func bridged(_ L: OpaquePointer?, _ name: StaticString,
             _ body: (Bridge, Lua) throws -> Int32) -> Int32 {
    let L = L!
    let lua = Lua(L)
    guard let b = bridge(of: L) else {
        navlua_where(L)
        lua.push("\(name): navlua is closed: its state is closing")
        lua_concat(L, 2)
        return NAVLUA_RAISE
    }
    let caller = b.L
    b.setThread(L)
    defer { b.setThread(caller) }
    do {
        return try body(b, lua)
    } catch {
        let message = (error as? NavError)?.message ?? "\(error)"
        navlua_where(L)
        lua.push("\(name): " + message)
        lua_concat(L, 2)
        return NAVLUA_RAISE
    }
}

/// A bad argument: the message names the field and what it got.
func argumentError(_ what: String, _ expected: String, got: String) -> NavError {
    NavError("'\(what)' must be \(expected) (got \(got))")
}

/// Where a navigation call was made: its name and the Lua code that called
/// it, described only when the engine asks (the call had to wait).
final class LuaCallSite: CallSite {
    private var L: OpaquePointer?
    private var name: StaticString = ""

    func at(_ L: OpaquePointer, _ name: StaticString) -> LuaCallSite {
        self.L = L
        self.name = name
        return self
    }

    func describe() -> String {
        let name = "\(self.name)"
        guard let L = L, let position = Lua(L).callerPosition() else { return name }
        return "\(name) at \(position)"
    }
}
