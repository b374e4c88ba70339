extension World {
    /// The pan crossed the slop: the arena decides who gets it. In the edge
    /// and full-screen styles a scroll view under the finger takes it first
    /// and the pop may join only when the view allows; in the snapshot
    /// style the pop is asked first (QD makes other pans wait for it).
    func panBegan(_ touch: Touch) {
        let pop = touch.pop?.state == .possible ? touch.pop : nil
        guard let nav = touch.navigation else { return }
        switch nav.style {
        case .edge, .fullscreen:
            if let scroll = touch.scroll {
                scroll.begin()
                guard let pop = pop else { return }
                let allowed: Bool
                do { allowed = try scroll.view.allowsSimultaneousPop() } catch {
                    fail(.callbackFailed(NavError.text(of: error)))
                    pop.refuse(.scrollView)
                    release(touch, because: "was released after a hook failed")
                    return
                }
                if allowed { pop.tryBegin() } else { pop.refuse(.scrollView) }
            } else {
                pop?.tryBegin()
            }
        case .snapshot:
            pop?.tryBegin()
            if pop?.state == .began {
                touch.scroll = nil
            } else {
                touch.scroll?.begin()
            }
        }
        if hasFailed { release(touch, because: "was released after a hook failed") }
    }
}
