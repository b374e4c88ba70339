/// A navigation's lifecycle callbacks, its bar, and the pitfalls they show
/// (seed 004's leaking switch, FD issue #55's bar after a cancel).
extension NavigationController {
    func lifecycle(_ hook: Hook, _ screen: Screen, animated: Bool) {
        guard onScreen else {
            // off screen: no callbacks, but the bar still follows the top
            if hook == .will_appear { applyBar(of: screen, animated: false) }
            return
        }
        world.record(.lifecycle, ["nav": .int(id), "name": .string(hook.rawValue),
                                  "screen": .string(screen.title), "animated": .bool(animated)])
        if hook == .will_appear { applyBar(of: screen, animated: animated) }
        _ = world.call(hook, of: screen, .animated(animated), record: false)
    }

    /// Seed 004: the switch is global, so a screen that turned it off
    /// leaves it off for the next one (reported once per time it is off).
    /// Checked once the new top is shown, after the delegate's `did_show`,
    /// where seed 004's fix turns it back on.
    func checkLeakedSwitch(_ screen: Screen) {
        guard !options.popGesture, !leakReported, let by = popGestureOffBy, by !== screen else { return }
        leakReported = true
        world.pitfall(.popGestureLeaked, self, screen: screen, [("turned_off_by", .string(by.title))])
    }

    /// FD: the appearing screen's preference applies at its will_appear.
    private func applyBar(of screen: Screen, animated: Bool) {
        guard options.barPerScreen else { return }
        guard let hidden = world.read({ try screen.source.flag("navigation_bar_hidden") }),
              hidden != barHidden else { return }
        barHidden = hidden
        world.record(.bar, ["nav": .int(id), "hidden": .bool(hidden),
                            "screen": .string(screen.title), "animated": .bool(animated)])
    }

    /// bar_per_screen off: the screen below asked for its bar as the swipe
    /// began, and nothing puts the top screen's back (FD issue #55).
    func checkBarAfterCancel(top: Screen, below: Screen) {
        guard let t = world.read({ try top.source.flag("navigation_bar_hidden") }),
              let b = world.read({ try below.source.flag("navigation_bar_hidden") }), t != b else { return }
        world.pitfall(.barAfterCancel, self, screen: top, [("below", .string(below.title))])
    }
}
