import NavLuaRuntime
import NavLuaVisuals

/// `navlua.html` called once, at the end of a run, must show the whole run
/// as `--html` does (issue 39 item 6); but frames are recorded only when
/// something will draw them, since sampling every frame costs. So a script
/// whose compiled code names `html` as a constant (`navlua.html(...)`,
/// `navlua["html"]`; not a comment, a local's name or a string like
/// "out.html") is recorded from its first frame.
extension NavLuaHost {
    /// Called with the loaded script's function on top of the stack.
    func recordFromStartIfChunkNamesHTML() {
        guard bridge.recorder == nil, topFunctionHasConstant(ReplayFromStart.html) else { return }
        bridge.recorder = FrameRecorder()
    }

    /// Whether the stripped dump of the function on top (every nested
    /// function's constants included) holds `pattern`.
    private func topFunctionHasConstant(_ pattern: [UInt8]) -> Bool {
        let found = ReplayFromStart.Search(pattern)
        let box = Unmanaged.passUnretained(found).toOpaque()
        _ = lua_dump(L, { _, p, size, ud in
            guard let p = p, let ud = ud else { return 0 }
            let search = Unmanaged<ReplayFromStart.Search>.fromOpaque(ud).takeUnretainedValue()
            search.feed(UnsafeRawBufferPointer(start: p, count: size))
            return 0
        }, box, 1)
        return found.matched
    }
}

enum ReplayFromStart {
    /// A short string constant in Lua 5.4's dump: its tag (LUA_VSHRSTR, 4),
    /// its size + 1 in dumpSize's encoding (5 | 0x80), its bytes.
    static let html: [UInt8] = [0x04, 0x85] + Array("html".utf8)

    /// Finds a byte string across the writer's pieces.
    final class Search {
        let pattern: [UInt8]
        private var tail: [UInt8] = []
        private(set) var matched = false

        init(_ pattern: [UInt8]) { self.pattern = pattern }

        func feed(_ piece: UnsafeRawBufferPointer) {
            guard !matched else { return }
            let bytes = tail + piece
            if bytes.count >= pattern.count {
                for start in 0...(bytes.count - pattern.count)
                where bytes[start] == pattern[0] && Array(bytes[start..<(start + pattern.count)]) == pattern {
                    matched = true
                    return
                }
            }
            tail = Array(bytes.suffix(pattern.count - 1))
        }
    }
}
