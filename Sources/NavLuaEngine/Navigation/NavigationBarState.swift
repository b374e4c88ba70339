/// A navigation's bar as UIKit keeps it (`isNavigationBarHidden`), with
/// what an animated change made around a transition needs: one value,
/// changed only through its methods. The lifecycle (NavigationLifecycle)
/// asks for changes; a transition's begin (NavigationController.begin)
/// takes the state its bar motion starts from. What is drawn follows a
/// transition to `hidden` (NavigationBarGeometry).
struct NavigationBarState {
    /// What was last asked for.
    private(set) var hidden = false
    /// The state before an animated change asked for just before a
    /// transition begins (a push's `will_appear` comes first): the state the
    /// transition's bar motion starts from.
    private var hiddenBeforeChange: Bool?
    /// True while an animated `will_appear` runs: a change made in it rides
    /// the transition about to begin.
    private(set) var changesRideTransition = false

    /// A `will_appear` runs (animated or not): changes made in it ride the
    /// transition when it is animated. Its caller restores the value it had
    /// after the hook (which may run another screen's lifecycle inside it).
    mutating func willAppear(animated: Bool) { changesRideTransition = animated }

    mutating func restore(riding: Bool) { changesRideTransition = riding }

    /// A `did_appear`: a change made for a transition that never began (a
    /// cancel's) starts no later transition's motion.
    mutating func didAppear() { hiddenBeforeChange = nil }

    /// Asks for `hidden`, alongside a transition (running, or about to begin
    /// when `transitionRunning` is false) or at once. False when it already is.
    mutating func set(_ hidden: Bool, alongside: Bool, transitionRunning: Bool) -> Bool {
        guard hidden != self.hidden else { return false }
        if alongside {
            if !transitionRunning, hiddenBeforeChange == nil { hiddenBeforeChange = self.hidden }
        } else {
            hiddenBeforeChange = nil
        }
        self.hidden = hidden
        return true
    }

    /// A transition begins: the state its bar motion starts from (a change
    /// asked for just before it is its own).
    mutating func transitionBegins() -> Bool {
        defer { hiddenBeforeChange = nil }
        return hiddenBeforeChange ?? hidden
    }
}
