import NavLuaRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaBridge
import NavLuaEngine
import NavLuaVisuals

/// `navlua test --html DIR`: an HTML replay (`ReplayHTML`) of each test
/// that fails or errors, in DIR under a name made of its file's and its own
/// (`ReplayName`); nothing for the tests that pass, are pending or skipped.
///
/// Recording every frame of every test would cost more than the tests
/// (docs/using.md, "The HTML replay"), so a test's frames are recorded only when
/// it has failed, by running its file again, as Playwright's traces
/// `on-first-retry` do: each child forks a standby copy of itself before it
/// runs anything (`ReplayStandby`); the child runs its files without a
/// recorder and notes each failing test with the path of its replay (the
/// report names it at once); at the end it hands the notes to the standby
/// and waits for it. The standby (with nothing noted, it just exits) runs
/// the same files from the same state with the same seed, its records and
/// output thrown away and a frame recorder on, and writes the replay of
/// each noted test as that test ends, saying in the page's title if the
/// test passed that time.
///
/// Installed in the template before the worker is forked, so every child
/// has it: the Lua function that spec_run.lua calls at each test's end,
/// kept in the registry under `registryKey`. Without --html it does not
/// exist, and a run records nothing.
///
/// The names depend only on the spec file and the test's name and place
/// in its file, never on --jobs or on which process ran what: each file's
/// part comes from the whole list of files (before --shard, so shards of
/// one suite never give two files the same part), and a test's name is
/// claimed in the order its file runs its tests.
final class FailureReplays {
    static let registryKey = "navlua test replay"
    /// Set in the registry of a standby that replays (spec_run.lua reads it).
    static let replayingKey = "navlua test replaying"
    /// The one of this process (the template's, inherited by every fork).
    nonisolated(unsafe) static var current: FailureReplays?

    /// A failed test: its file, its full name, its replay's path as the
    /// report names it, and where it is written.
    struct Noted: Equatable {
        let file: [UInt8]
        let test: [UInt8]
        let path: [UInt8]
        var written: [UInt8] = []
    }

    /// DIR as given (bytes: a path need not be UTF-8), with no trailing
    /// `/`: the reports name replays under it.
    private let directory: [UInt8]
    /// DIR made absolute when the run starts: replays are written there
    /// even after a spec changed the working directory.
    private let absoluteDirectory: [UInt8]
    /// Which run of --repeat the child belongs to (set by the worker): past
    /// the first, names end in `-runN`, so runs do not replace each other.
    var run = 1
    /// Spec file -> its part of the replays' names.
    private let fileParts: [String: String]
    /// The names given so far in this process (a child's file, or group).
    private var names = ReplayNameSet()
    /// The child's failed tests, in the order they ended.
    private(set) var noted: [Noted] = []
    /// In a standby: the noted tests still to write, by file and name
    /// (two tests of one name in one file are written in order).
    private var wanted: [[UInt8]: [Noted]]? = nil
    /// The bridge whose world the tests drive, and its state (set by `install`).
    private var bridge: Bridge?
    private var L: OpaquePointer?

    /// `files`: every spec file of the run, in discovery order.
    init(directory: String, files: [String]) {
        var dir = ByteString.bytes(of: directory)
        while dir.count > 1 && dir.last == UInt8(ascii: "/") { dir.removeLast() }
        self.directory = dir
        var absolute = dir
        if dir.first != UInt8(ascii: "/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                let cwd = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
                absolute = cwd + (cwd == [UInt8(ascii: "/")] ? [] : [UInt8(ascii: "/")]) + dir
            }
        }
        self.absoluteDirectory = absolute
        var parts = ReplayNameSet()
        var fileParts: [String: String] = [:]
        for file in files where fileParts[file] == nil {
            fileParts[file] = parts.claim(ReplayName.filePart(ByteString.bytes(of: file)))
        }
        self.fileParts = fileParts
    }

    /// Makes DIR and its missing parents (as `mkdir -p`); the message when
    /// it cannot, or when DIR is there but not a folder.
    static func makeDirectory(_ path: String) -> String? {
        let bytes = ByteString.bytes(of: path)
        var prefixes: [[UInt8]] = []
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "/") && i > 0 { prefixes.append(Array(bytes[..<i])) }
        prefixes.append(bytes)
        for p in prefixes {
            if TextFile.cString(p, { mkdir($0, 0o777) }) != 0 && errno != EEXIST {
                return "cannot make the folder '\(ByteString.readable(ByteString.decode(p)))': "
                    + String(cString: strerror(errno))
            }
        }
        var st = stat()
        guard TextFile.cString(bytes, { stat($0, &st) }) == 0 else {
            return "cannot make the folder '\(ByteString.readable(path))': " + String(cString: strerror(errno))
        }
        guard (st.st_mode & S_IFMT) == S_IFDIR else {
            return "'\(ByteString.readable(path))' is not a folder"
        }
        return nil
    }

    /// Gives spec_run.lua its function for a test's end.
    func install(in host: NavLuaHost) {
        bridge = host.bridge
        self.L = host.L
        FailureReplays.current = self
        let L = host.L
        // retained for good: the state (the template, and each child's
        // copy) keeps the function until the process ends
        lua_pushstring(L, FailureReplays.registryKey)
        lua_pushlightuserdata(L, Unmanaged.passRetained(self).toOpaque())
        navlua_pushswiftfunction(L, FailureReplays.testEndedFunction, 1)
        lua_rawset(L, navlua_registryindex())   // raw: a spec may give the registry metamethods
    }

    /// At the end of the test `test` of `file`: in a child, the path its
    /// replay will have when it failed (nil when it passed); in a standby,
    /// the replay written when the test was noted, and why it could not be
    /// written if it could not.
    func testEnded(file: [UInt8], test: [UInt8], failed: Bool) -> (path: [UInt8], problem: String?)? {
        guard let world = bridge?.world else { return nil }
        let title = String(decoding: file, as: UTF8.self) + " › " + String(decoding: test, as: UTF8.self)
        guard wanted != nil else {
            guard failed else { return nil }
            let filePart = fileParts[ByteString.decode(file)] ?? ReplayName.filePart(file)
            var stem = ReplayName.stem(file: filePart, test: test)
            if run > 1 { stem += "-run\(run)" }
            let name = Array(names.claim(stem).utf8) + Array(".html".utf8)
            let slash: [UInt8] = [UInt8(ascii: "/")]
            let note = Noted(file: file, test: test, path: directory + (directory == slash ? [] : slash) + name,
                             written: absoluteDirectory + (absoluteDirectory == slash ? [] : slash) + name)
            noted.append(note)
            // written now with the trace and the last frame, which cost
            // nothing to keep, so that the report's path holds the failure
            // whatever the second run does, and a folder that cannot take
            // it is named at once; the standby puts every frame in it
            return (note.path, write(samples: [FrameSample(world)], of: world, title: title + FailureReplays.lastFrameOnly,
                                     to: note.written))
        }
        let key = file + [0] + test
        guard let note = wanted?[key]?.first else { return nil }
        wanted?[key]?.removeFirst()
        let samples = bridge?.recorder?.finish(world) ?? [FrameSample(world)]
        return (note.path, write(samples: samples, of: world,
                                 title: failed ? title : title + " (passed when run again for this replay)", to: note.written))
    }

    /// What the title of a replay says until the second run has put every
    /// frame in it (and after, if it did not finish).
    static let lastFrameOnly = " (the last frame only: the second run, which records every frame, did not finish)"

    /// Writes a replay; why it could not be, if it could not.
    private func write(samples: [FrameSample], of world: World, title: String, to path: [UInt8]) -> String? {
        do {
            // written as it is made, never whole in memory
            try TextFile.write(toPath: path) { sink in
                ReplayHTML.write(samples: samples, events: world.trace.events, dropped: world.trace.dropped,
                                 title: title) { sink.write(bytes: $0) }
            }
            return nil
        } catch let failure as TextFile.WriteError {
            return failure.reason
        } catch {
            return "\(error)"
        }
    }

    /// In a standby: the notes to replay, and a recorder from now on.
    func replay(_ notes: [Noted]) {
        var wanted: [[UInt8]: [Noted]] = [:]
        for n in notes { wanted[n.file + [0] + n.test, default: []].append(n) }
        self.wanted = wanted
        bridge?.recorder = FrameRecorder()
        // spec_run.lua: the snapshot store writes nothing in a second run
        if let L = L {
            lua_pushstring(L, FailureReplays.replayingKey)
            lua_pushboolean(L, 1)
            lua_rawset(L, navlua_registryindex())
        }
    }

    /// test_ended(file, test name, failed) -> path and a message when it
    /// could not be written, or nothing (returned, not raised: the test has
    /// ended already).
    private static let testEndedFunction: navlua_SwiftFunction = { L in
        guard let L = L, let me = lua_touserdata(L, navlua_upvalueindex(2)) else { return 0 }
        let replays = Unmanaged<FailureReplays>.fromOpaque(me).takeUnretainedValue()
        func bytes(_ index: Int32) -> [UInt8] {
            var length = 0
            guard let p = lua_tolstring(L, index, &length) else { return [] }
            return p.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
        }
        guard lua_type(L, 1) == LUA_TSTRING, lua_type(L, 2) == LUA_TSTRING else {
            lua_pushstring(L, "test_ended(file, test, failed): two strings and a boolean expected")
            return NAVLUA_RAISE
        }
        guard let (path, problem) = replays.testEnded(file: bytes(1), test: bytes(2), failed: lua_toboolean(L, 3) != 0)
        else { return 0 }
        path.withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
        guard let problem = problem else { return 1 }
        lua_pushstring(L, problem)
        return 2
    }
}
