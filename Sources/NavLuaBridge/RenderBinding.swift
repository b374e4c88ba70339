import NavLuaRuntime
import NavLuaEngine
import NavLuaVisuals

/// navlua.render: the device at the current frame as an SVG picture.
enum RenderBinding {
    /// navlua.render(path [, {scale=0.5}]): writes the picture of the
    /// current frame (every navigation on screen, as `nav:visual()` places
    /// it) to `path` and returns the path.
    static let render: navlua_SwiftFunction = { L in
        bridged(L, "navlua.render") { b, lua in
            _ = try lua.requiredString(1, "path")
            let path = lua.bytes(1) ?? []   // a file name need not be UTF-8
            guard FileFormat.of(path, among: FileFormat.pictures) != nil else {
                navlua_where(L)
                lua.push(bytes: Array("navlua.render: ".utf8) + FileFormat.refusal(path, among: FileFormat.pictures))
                lua_concat(L, 2)
                return NAVLUA_RAISE
            }
            let o = try Options(lua, 2, allowed: ["scale"])
            let scale = try o.positive("scale") ?? 0.5
            do {
                try TextFile.write(FrameSVG.document(FrameSample(b.world), scale: scale), toPath: path)
            } catch let failure as TextFile.WriteError {
                navlua_where(L)
                lua.push(bytes: Array("navlua.render: ".utf8) + failure.messageBytes)
                lua_concat(L, 2)
                return NAVLUA_RAISE
            }
            lua.pushValue(1)
            return 1
        }
    }
}

/// navlua.html: the run so far as an HTML replay.
enum ReplayBinding {
    /// navlua.html(path): writes the replay of the frames recorded since
    /// the last `navlua.reset` and the trace to `path` and returns the
    /// path. Frames are recorded when the run writes pictures or a replay
    /// (`--html`, `--timeline`, `--filmstrip`, `navlua test --html`);
    /// otherwise the first call starts recording, so that a later call
    /// shows the frames from then on (manual §8.4).
    static let html: navlua_SwiftFunction = { L in
        bridged(L, "navlua.html") { b, lua in
            _ = try lua.requiredString(1, "path")
            let path = lua.bytes(1) ?? []   // a file name need not be UTF-8
            guard FileFormat.of(path, among: FileFormat.replays) != nil else {
                navlua_where(L)
                lua.push(bytes: Array("navlua.html: ".utf8) + FileFormat.refusal(path, among: FileFormat.replays))
                lua_concat(L, 2)
                return NAVLUA_RAISE
            }
            let o = try Options(lua, 2, allowed: ["title"])
            let title = try o.string("title") ?? "navlua replay"
            if b.recorder == nil { b.recorder = FrameRecorder() }
            let samples = b.recorder?.finish(b.world) ?? [FrameSample(b.world)]
            do {
                try TextFile.write(bytes: ReplayHTML.bytes(samples: samples, events: b.world.trace.events,
                                                           dropped: b.world.trace.dropped, title: title), toPath: path)
            } catch let failure as TextFile.WriteError {
                navlua_where(L)
                lua.push(bytes: Array("navlua.html: ".utf8) + failure.messageBytes)
                lua_concat(L, 2)
                return NAVLUA_RAISE
            }
            lua.pushValue(1)
            return 1
        }
    }
}
