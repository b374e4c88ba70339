import NavLuaRuntime

/// Keys of the tables navlua builds on every call of nav:visual() (and at
/// every frame for a script that draws one), kept as Lua strings by
/// registry reference: setting one is a lua_rawgeti where a Swift string
/// key was hashed and interned by lua_pushlstring (~250 instructions a key;
/// lua_pushstring's address cache misses with this many keys).
enum TableKey: Int, CaseIterable {
    case screen, part, x, alpha, chevron, label, shown, items, bar, top, below, dim, barHidden, y,
         presented, mask, snapshot, width, height,
         // Android's nav:visual().back (AndroidBinding)
         back, style, progress, phase, home, scrim, scale, cornerRadius,
         touchX, touchY, swipeEdge, frameTimeMillis

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
        case .back: return "back"
        case .style: return "style"
        case .progress: return "progress"
        case .phase: return "phase"
        case .home: return "home"
        case .scrim: return "scrim"
        case .scale: return "scale"
        case .cornerRadius: return "corner_radius"
        case .touchX: return "touch_x"
        case .touchY: return "touch_y"
        case .swipeEdge: return "swipe_edge"
        case .frameTimeMillis: return "frame_time_millis"
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
