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
/// (README, "The HTML replay"), so a test's frames are recorded only when
/// it has failed, by running its file again, as Playwright's traces
/// `on-first-retry` do: each child forks a standby copy of itself before it
/// runs anything (`forkStandby`); the child runs its files without a
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
    /// The one of this process (the template's, inherited by every fork).
    nonisolated(unsafe) static var current: FailureReplays?

    /// A failed test: its file, its full name, and its replay's path.
    struct Noted: Equatable {
        let file: [UInt8]
        let test: [UInt8]
        let path: [UInt8]
    }

    /// DIR as given (bytes: a path need not be UTF-8), with no trailing `/`.
    private let directory: [UInt8]
    /// Spec file -> its part of the replays' names.
    private let fileParts: [String: String]
    /// The names given so far in this process (a child's file, or group).
    private var names = ReplayNameSet()
    /// The child's failed tests, in the order they ended.
    private(set) var noted: [Noted] = []
    /// In a standby: the noted tests still to write, by file and name
    /// (two tests of one name in one file are written in order).
    private var wanted: [[UInt8]: [Noted]]? = nil
    /// The bridge whose world the tests drive (set by `install`).
    private var bridge: Bridge?

    /// `files`: every spec file of the run, in discovery order.
    init(directory: String, files: [String]) {
        var dir = ByteString.bytes(of: directory)
        while dir.count > 1 && dir.last == UInt8(ascii: "/") { dir.removeLast() }
        self.directory = dir
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
        FailureReplays.current = self
        let L = host.L
        // retained for good: the state (the template, and each child's
        // copy) keeps the function until the process ends
        lua_pushlightuserdata(L, Unmanaged.passRetained(self).toOpaque())
        navlua_pushswiftfunction(L, FailureReplays.write, 1)
        lua_setfield(L, navlua_registryindex(), FailureReplays.registryKey)
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
            let name = names.claim(ReplayName.stem(file: filePart, test: test))
            let path = directory + (directory == [UInt8(ascii: "/")] ? [] : [UInt8(ascii: "/")]) + Array(name.utf8)
                + Array(".html".utf8)
            noted.append(Noted(file: file, test: test, path: path))
            // written now with the trace and the last frame, which cost
            // nothing to keep, so that the report's path holds the failure
            // whatever the second run does, and a folder that cannot take
            // it is named at once; the standby puts every frame in it
            return (path, write(samples: [FrameSample(world)], of: world, title: title + " (its last frame)", to: path))
        }
        let key = file + [0] + test
        guard let note = wanted?[key]?.first else { return nil }
        wanted?[key]?.removeFirst()
        let samples = bridge?.recorder?.finish(world) ?? [FrameSample(world)]
        return (note.path, write(samples: samples, of: world,
                                 title: failed ? title : title + " (passed when run again for this replay)", to: note.path))
    }

    /// Writes a replay; why it could not be, if it could not.
    private func write(samples: [FrameSample], of world: World, title: String, to path: [UInt8]) -> String? {
        let page = ReplayHTML.bytes(samples: samples, events: world.trace.events, dropped: world.trace.dropped,
                                    title: title)
        do {
            try TextFile.write(bytes: page, toPath: path)
            return nil
        } catch let failure as TextFile.WriteError {
            return failure.reason
        } catch {
            return "\(error)"
        }
    }

    // MARK: the standby

    /// Who a process is once `forkStandby` has run.
    enum Role {
        /// No --html, or the fork failed: the child runs alone.
        case alone
        /// The child, with its standby's pid and the pipe for the notes.
        case child(standby: pid_t, notes: Int32)
        /// The standby, with notes to replay.
        case standby
    }

    /// Forks the standby of a child about to run its files. The standby
    /// waits for the child's notes; with none it ends there; with some it
    /// turns the recorder on and its standard input and output to
    /// /dev/null, and returns `.standby`.
    static func forkStandby() -> Role {
        guard let replays = current else { return .alone }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return .alone }
        fflush(nil)
        let pid = navlua_fork()
        if pid < 0 {
            close(ends[0]); close(ends[1])
            return .alone
        }
        if pid > 0 {
            close(ends[0])
            return .child(standby: pid, notes: ends[1])
        }
        close(ends[1])
        let notes = decode(readAll(ends[0]))
        close(ends[0])
        if notes.isEmpty { _exit(0) }
        var wanted: [[UInt8]: [Noted]] = [:]
        for n in notes { wanted[n.file + [0] + n.test, default: []].append(n) }
        replays.wanted = wanted
        replays.bridge?.recorder = FrameRecorder()
        let devNull = open("/dev/null", O_RDWR)
        if devNull >= 0 {
            dup2(devNull, 0); dup2(devNull, 1); dup2(devNull, 2)
            close(devNull)
        }
        return .standby
    }

    /// In the child, once its files have run: hands the notes to the
    /// standby and waits for it to write the replays.
    func finish(standby: pid_t, notes fd: Int32) {
        let bytes = FailureReplays.encode(noted)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { b -> Int in
                guard let base = b.baseAddress else { return 0 }
                return systemWrite(fd, base, b.count)
            }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            offset += n
        }
        close(fd)
        var status: Int32 = 0
        while waitpid(standby, &status, 0) < 0 && errno == EINTR {}
    }

    /// The notes as bytes: each field's length (8 bytes) and bytes.
    static func encode(_ notes: [Noted]) -> [UInt8] {
        var out: [UInt8] = []
        for n in notes {
            for field in [n.file, n.test, n.path] {
                withUnsafeBytes(of: UInt64(field.count).littleEndian) { out.append(contentsOf: $0) }
                out += field
            }
        }
        return out
    }

    static func decode(_ bytes: [UInt8]) -> [Noted] {
        var notes: [Noted] = []
        var i = 0
        func field() -> [UInt8]? {
            guard i + 8 <= bytes.count else { return nil }
            var n: UInt64 = 0
            for k in 0..<8 { n |= UInt64(bytes[i + k]) << (8 * UInt64(k)) }
            i += 8
            guard n <= UInt64(bytes.count - i) else { return nil }
            defer { i += Int(n) }
            return Array(bytes[i..<i + Int(n)])
        }
        while let file = field(), let test = field(), let path = field() {
            notes.append(Noted(file: file, test: test, path: path))
        }
        return notes
    }

    private static func readAll(_ fd: Int32) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return out }
            out += chunk[0..<n]
        }
    }

    /// test_ended(file, test name, failed) -> path and a message when it
    /// could not be written, or nothing (returned, not raised: the test has
    /// ended already).
    private static let write: navlua_SwiftFunction = { L in
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
