import NavLuaRuntime
import NavLuaEngine
import NavLuaVisuals

/// navlua.render and navlua.html: a picture of the current frame, and a
/// replay of the run so far.
enum RenderBinding {
    /// navlua.render(path [, {scale=0.5}]): writes the picture of the
    /// current frame (every navigation on screen, as `nav:visual()` places
    /// it) to `path` and returns the path.
    static let render: navlua_SwiftFunction = { L in
        bridged(L, "navlua.render") { b, lua in
            try write(L, lua, "navlua.render", among: FileFormat.pictures) {
                let o = try Options(lua, 2, allowed: ["scale"])
                let scale = try o.positive("scale") ?? 0.5
                return { Array(FrameSVG.document(FrameSample(b.world), scale: scale).utf8) }
            }
        }
    }

    /// navlua.html(path [, {title=}]): writes the replay of the frames
    /// recorded since the last `navlua.reset` and the trace to `path` and
    /// returns the path. Frames are recorded when the run writes pictures
    /// or a replay (`--html`, `--timeline`, `--filmstrip`, `navlua test
    /// --html`) or its script names `html` (ReplayFromStart); otherwise the
    /// first call starts recording, so that a later call shows the frames
    /// from then on (manual §8.4).
    static let html: navlua_SwiftFunction = { L in
        bridged(L, "navlua.html") { b, lua in
            try write(L, lua, "navlua.html", among: FileFormat.replays) {
                let o = try Options(lua, 2, allowed: ["title"])
                let title = try o.string("title") ?? "navlua replay"
                if b.recorder == nil { b.recorder = FrameRecorder() }
                let samples = b.recorder?.finish(b.world) ?? [FrameSample(b.world)]
                return {
                    ReplayHTML.bytes(samples: samples, events: b.world.trace.events,
                                     dropped: b.world.trace.dropped, title: title)
                }
            }
        }
    }

    /// The part both share: argument 1 is a path (bytes: a file name need
    /// not be UTF-8) whose extension must name one of `formats`, checked
    /// before `prepare` reads the options; the bytes it makes are written
    /// there and the path is returned. Refusals and failed writes raise
    /// with the caller's line.
    private static func write(_ L: OpaquePointer?, _ lua: Lua, _ function: String, among formats: [FileFormat],
                              prepare: () throws -> () -> [UInt8]) throws -> Int32 {
        _ = try lua.requiredString(1, "path")
        let path = lua.bytes(1) ?? []
        guard FileFormat.of(path, among: formats) != nil else {
            return raise(L, lua, function, FileFormat.refusal(path, among: formats))
        }
        let make = try prepare()
        do {
            try TextFile.write(bytes: make(), toPath: path)
        } catch let failure as TextFile.WriteError {
            return raise(L, lua, function, failure.messageBytes)
        }
        lua.pushValue(1)
        return 1
    }

    /// "file:line: function: message", raised by the trampoline.
    private static func raise(_ L: OpaquePointer?, _ lua: Lua, _ function: String, _ message: [UInt8]) -> Int32 {
        navlua_where(L)
        lua.push(bytes: Array((function + ": ").utf8) + message)
        lua_concat(L, 2)
        return NAVLUA_RAISE
    }
}
