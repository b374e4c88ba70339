import CLua
import NavLuaEngine
import NavLuaVisuals

/// navlua.render: the device at the current frame as an SVG picture.
enum RenderBinding {
    /// navlua.render(path [, {scale=0.5}]): writes the picture of the
    /// current frame (every navigation on screen, as `nav:visual()` places
    /// it) to `path` and returns the path.
    static let render: navlua_SwiftFunction = { L in
        bridged(L, "navlua.render") { b, lua in
            let path = try lua.requiredString(1, "path")
            let o = try Options(lua, 2, allowed: ["scale"])
            let scale = try o.positive("scale") ?? 0.5
            try TextFile.write(FrameSVG.document(FrameSample(b.world), scale: scale), to: path)
            lua.push(path)
            return 1
        }
    }
}
