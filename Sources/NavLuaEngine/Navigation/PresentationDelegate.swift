/// UIAdaptivePresentationControllerDelegate's dismissal methods, the
/// presented navigation's `presentation_delegate` (manual §4.7); the raw
/// values are their Lua names. UIKit calls none of them for a dismissal
/// made in code.
public enum PresentationDelegateMethod: String, Sendable, CaseIterable {
    /// presentationControllerShouldDismiss: asked when a pull begins;
    /// false refuses it (the sheet resists and returns).
    case should_dismiss
    /// presentationControllerWillDismiss: a pull begins to dismiss.
    case will_dismiss
    /// presentationControllerDidDismiss: the sheet has gone.
    case did_dismiss
    /// presentationControllerDidAttemptToDismiss: a refused pull was let go.
    case did_attempt_to_dismiss
}

/// An app's presentation delegate (a Lua table, for the bridge).
public protocol PresentationDelegate: AnyObject {
    /// Calls the method if the delegate defines it (`.undefined` when not);
    /// `should_dismiss` must answer a boolean or nil.
    func call(_ method: PresentationDelegateMethod, _ nav: NavigationController) throws -> HookResult
}
