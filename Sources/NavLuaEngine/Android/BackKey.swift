extension World {
    /// `navlua.back_key()`: the three-button navigation's back (KEYCODE_BACK),
    /// on the navigation that takes touches. Android dispatches it with no
    /// progress: an enabled `back_callback` on the top screen gets
    /// `on_pressed` alone (OnBackPressedDispatcher.onBackPressed); else the
    /// navigation pops, animated, as a call would; at the root the app goes
    /// to the background (trace `back_to_home key=true`).
    public func backKey() throws(NavError) {
        guard let nav = touchTarget, nav.options.systemBack != nil else {
            throw .badCall("back_key needs a navigation made with preset \"android\" (the three-button back is Android's)")
        }
        let top = nav.top
        let takenByCallback = try drive { () throws(NavError) -> Bool in
            let byCallback = top.map { backCallbackEnabled($0) } ?? false
            let by = byCallback ? "callback:" + (top?.title ?? "") : (nav.screens.count > 1 ? "pop" : "home")
            record(.back, [.int("nav", nav.id), .string("phase", "key"), .string("by", by)])
            if byCallback, let top = top {
                callBack(.on_pressed, of: top, nil)
            } else if nav.screens.count <= 1 {
                record(.back_to_home, [.int("nav", nav.id), .string("screen", top?.title ?? ""), .bool("key", true)])
                record(.app, [.string("phase", "background")])
            }
            return byCallback || nav.screens.count <= 1
        }
        if !takenByCallback { _ = try nav.pop(animated: true) }
    }
}
