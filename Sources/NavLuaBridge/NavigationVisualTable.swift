import NavLuaRuntime
import NavLuaEngine

/// nav:visual(): what the navigation shows now, as a Lua table whose keys
/// are kept by registry reference (TableKey).
extension NavigationBinding {
    /// visual().bar: {shown=, items={{screen=, part=, x=, alpha=, chevron=, label=}, ...}}.
    private static func pushBar(_ bar: BarVisual, _ lua: Lua, _ b: Bridge) {
        lua.newTable(hash: 2)
        lua.push(bar.shown)
        lua.rawSet(-2, .shown, b)
        lua.newTable(array: Int32(bar.items.count))
        for (i, item) in bar.items.enumerated() {
            lua.newTable(hash: 6)
            ScreenBinding.push(item.screen, lua)
            lua.rawSet(-2, .screen, b)
            lua.push(item.part.rawValue)
            lua.rawSet(-2, .part, b)
            lua.push(item.x)
            lua.rawSet(-2, .x, b)
            lua.push(item.alpha)
            lua.rawSet(-2, .alpha, b)
            if let c = item.chevron {
                lua.push(c)
                lua.rawSet(-2, .chevron, b)
            }
            if let l = item.label {
                lua.push(l)
                lua.rawSet(-2, .label, b)
            }
            lua.rawSet(-2, i + 1)
        }
        lua.rawSet(-2, .items, b)
        lua.rawSet(-2, .bar, b)
    }

    static let visual: navlua_SwiftFunction = { L in
        bridged(L, "nav:visual") { b, lua in
            let v = try navigation(lua, b).visual()
            lua.newTable(hash: 8)
            func placed(_ p: Visual.Placed?, _ key: TableKey) {
                guard let p = p else { return }
                lua.newTable(hash: 2)
                ScreenBinding.push(p.screen, lua)
                lua.rawSet(-2, .screen, b)
                lua.push(p.x)
                lua.rawSet(-2, .x, b)
                lua.rawSet(-2, key, b)
            }
            placed(v.top, .top)
            placed(v.below, .below)
            lua.push(v.dim)
            lua.rawSet(-2, .dim, b)
            lua.push(v.barHidden)
            lua.rawSet(-2, .barHidden, b)
            pushBar(v.bar, lua, b)
            lua.push(v.y)
            lua.rawSet(-2, .y, b)
            PresentationBinding.pushPresented(v.presented, lua)
            lua.rawSet(-2, .presented, b)
            if let m = v.mask {
                lua.push(m)
                lua.rawSet(-2, .mask, b)
            }
            if let s = v.snapshot {
                lua.newTable(hash: 5)
                ScreenBinding.push(s.screen, lua)
                lua.rawSet(-2, .screen, b)
                for (k, d) in [(TableKey.x, s.x), (.y, s.y), (.width, s.width), (.height, s.height)] {
                    lua.push(d)
                    lua.rawSet(-2, k, b)
                }
                lua.rawSet(-2, .snapshot, b)
            }
            AndroidBinding.pushVisual(v.back, lua, b)
            return 1
        }
    }
}
