import NavLuaRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaBridge
import NavLuaVisuals

/// `navlua test --html DIR`: an HTML replay (`ReplayHTML`) of each test
/// that fails or errors, written by the test's own process when the test
/// ends, into DIR under a name made of its file's and its own
/// (`ReplayName`); nothing for the tests that pass, are pending or skipped.
///
/// Installed in the template before the worker is forked, so every child
/// has it: a frame recorder on the bridge (it follows the fresh world of
/// each test by itself) and the Lua function that writes a replay, kept in
/// the registry under `registryKey`, which spec_run.lua calls at a failing
/// test's end. Without --html neither exists, and a run records nothing.
///
/// The names depend only on the spec file and the test's name and place
/// in its file, never on --jobs or on which process ran what: each file's
/// part comes from the whole list of files (before --shard, so shards of
/// one suite never give two files the same part), and a test's name is
/// claimed in the order its file runs its tests.
final class FailureReplays {
    static let registryKey = "navlua test replay"

    /// DIR as given (bytes: a path need not be UTF-8), with no trailing `/`.
    private let directory: [UInt8]
    /// Spec file -> its part of the replays' names.
    private let fileParts: [String: String]
    /// The names given so far in this process (a child's file, or group).
    private var names = ReplayNameSet()
    private let recorder = FrameRecorder()
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

    /// Records every frame from now on and gives spec_run.lua its writer.
    func install(in host: NavLuaHost) {
        bridge = host.bridge
        host.bridge.recorder = recorder
        let L = host.L
        // retained for good: the state (the template, and each child's
        // copy) keeps the function until the process ends
        lua_pushlightuserdata(L, Unmanaged.passRetained(self).toOpaque())
        navlua_pushswiftfunction(L, FailureReplays.write, 1)
        lua_setfield(L, navlua_registryindex(), FailureReplays.registryKey)
    }

    /// The replay of the test `test` of `file`, as it ends: its path, and
    /// why it could not be written if it could not.
    func write(file: [UInt8], test: [UInt8]) -> (path: [UInt8], problem: String?) {
        guard let world = bridge?.world else { return ([], "no world to replay") }
        let filePart = fileParts[ByteString.decode(file)] ?? ReplayName.filePart(file)
        let name = names.claim(ReplayName.stem(file: filePart, test: test))
        let path = directory + (directory == [UInt8(ascii: "/")] ? [] : [UInt8(ascii: "/")]) + Array(name.utf8)
            + Array(".html".utf8)
        let title = String(decoding: file, as: UTF8.self) + " › " + String(decoding: test, as: UTF8.self)
        let page = ReplayHTML.bytes(samples: recorder.finish(world), events: world.trace.events,
                                    dropped: world.trace.dropped, title: title)
        do {
            try TextFile.write(bytes: page, toPath: path)
            return (path, nil)
        } catch let failure as TextFile.WriteError {
            return (path, failure.reason)
        } catch {
            return (path, "\(error)")
        }
    }

    /// write_replay(file, test name) -> path, and a message when it could
    /// not be written (returned, not raised: the test has failed already).
    private static let write: navlua_SwiftFunction = { L in
        guard let L = L, let me = lua_touserdata(L, navlua_upvalueindex(2)) else { return 0 }
        let replays = Unmanaged<FailureReplays>.fromOpaque(me).takeUnretainedValue()
        func bytes(_ index: Int32) -> [UInt8] {
            var length = 0
            guard let p = lua_tolstring(L, index, &length) else { return [] }
            return p.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
        }
        guard lua_type(L, 1) == LUA_TSTRING, lua_type(L, 2) == LUA_TSTRING else {
            lua_pushstring(L, "write_replay(file, test): two strings expected")
            return NAVLUA_RAISE
        }
        let (path, problem) = replays.write(file: bytes(1), test: bytes(2))
        path.withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
        guard let problem = problem else { return 1 }
        lua_pushstring(L, problem)
        return 2
    }
}
