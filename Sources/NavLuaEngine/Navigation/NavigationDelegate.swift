/// UINavigationControllerDelegate's two appearance methods, which seed 004
/// builds its fixes from (manual §6.5): the raw values are their Lua names.
public enum NavigationDelegateMethod: String, Sendable, CaseIterable {
    /// navigationController:willShowViewController:animated:, when a
    /// transition to a new top begins (after the lifecycle's will_ calls).
    case will_show
    /// navigationController:didShowViewController:animated:, when it ends
    /// with that screen on top (after the did_ calls). UIKit sends none
    /// after a cancelled interactive pop (see `NavigationController.showing`).
    case did_show
}

/// An app's navigation delegate (a Lua table, for the bridge). Its methods
/// are looked up when called, as UIKit asks `respondsToSelector:` each
/// time, so a method added to the table later takes part.
public protocol NavigationDelegate: AnyObject {
    /// Calls the method if the delegate defines it; false when it does not.
    func call(_ method: NavigationDelegateMethod, _ nav: NavigationController,
              _ screen: Screen, animated: Bool) throws -> Bool
}
