/// A navigation's lifecycle callbacks, its bar, and the pitfalls they show
/// (seed 004's leaking switch, FD issue #55's bar after a cancel).
extension NavigationController {
    /// `uncovered`: the call that covers or uncovers it under a full-screen
    /// present, which reaches its top although it is covered.
    func lifecycle(_ hook: Hook, _ screen: Screen, animated: Bool, uncovered: Bool = false) {
        guard onScreen, uncovered || !isCovered else {
            // off screen: no callbacks, but the bar still follows the top
            if hook == .will_appear { applyBar(of: screen, animated: false) }
            return
        }
        world.record(.lifecycle, [.int("nav", id), .string("name", hook.rawValue),
                                  .string("screen", screen.title), .bool("animated", animated)])
        // An animated will_appear comes just before its transition begins:
        // a bar change made in it (FD's or the app's own) rides that
        // transition; by did_appear no transition took it (a cancel's).
        let riding = bar.changesRideTransition
        if hook == .will_appear { bar.willAppear(animated: animated) }
        if hook == .did_appear { bar.didAppear() }
        defer { bar.restore(riding: riding) }
        if hook == .will_appear { applyBar(of: screen, animated: animated) }
        _ = world.call(hook, of: screen, .animated(animated), record: false)
    }

    /// Seed 004: the switch is global, so a screen that turned it off
    /// leaves it off for the next one (reported once per time it is off).
    /// Checked once the new top is shown, after the delegate's `did_show`,
    /// where seed 004's fix turns it back on.
    func checkLeakedSwitch(_ screen: Screen) {
        guard !popGestureOn, !leakReported, let by = popGestureOffBy, by !== screen else { return }
        leakReported = true
        world.pitfall(.popGestureLeaked, self, screen: screen, [.string("turned_off_by", by.title)])
    }

    /// FD: the appearing screen's preference applies at its will_appear.
    private func applyBar(of screen: Screen, animated: Bool) {
        guard options.barPerScreen else { return }
        guard let hidden = world.read({ try screen.source.flag(.navigation_bar_hidden) }) else { return }
        setBarHidden(hidden, animated: animated, by: screen)
    }

    /// UIKit's `setNavigationBarHidden:animated:`. Animated from a
    /// `will_appear` (a transition is about to begin) or while a push or
    /// pop runs, the change runs alongside that transition, as UIKit runs it
    /// through the transition coordinator: what is drawn follows the
    /// transition's progress from the state the bar had when it began.
    /// Otherwise the change is immediate (navlua does not animate a bar
    /// change made at rest; UIKit would, over
    /// UINavigationControllerHideShowBarDuration).
    public func setBarHidden(_ hidden: Bool, animated: Bool, by screen: Screen? = nil) {
        let alongside = animated && onScreen && (transition.map { $0.kind.movesBar } ?? bar.changesRideTransition)
        guard bar.set(hidden, alongside: alongside, transitionRunning: transition != nil) else { return }
        // at once: a running transition's bar now starts from here too
        if !alongside { transition?.barMovedAtOnce(to: hidden) }
        var fields: [TraceField] = [.int("nav", id), .bool("hidden", hidden)]
        if let screen = screen { fields.append(.string("screen", screen.title)) }
        fields.append(.bool("animated", animated))
        world.record(.bar, fields)
    }

    /// FD issue #55: after a cancelled interactive pop, and after the top
    /// screen's `will_appear` had its chance to put the bar back, the bar is
    /// still the one the swipe changed it to, not the one the top screen
    /// wants. With `bar_per_screen` FD puts it back, so this happens only
    /// when the app manages the bar itself (`bar_per_screen = false`) and
    /// changed it in the screen below's `will_appear`. A bar that never
    /// changed during the swipe is no pitfall, whatever the screens prefer.
    func checkBarAfterCancel(_ tr: Transition, below: Screen) {
        guard barHidden != tr.barHiddenWhenBegan,
              let wanted = world.read({ try tr.top.source.flag(.navigation_bar_hidden) }),
              wanted != barHidden else { return }
        world.pitfall(.barAfterCancel, self, screen: tr.top, [.string("below", below.title)])
    }
}
