/// The gesture a finger drives on a navigation, from its begin to its
/// release: the pop or the sheet's pull. The navigation holds it (one at a
/// time), so that what depends on a finger reads it here: Flutter's
/// `userGestureInProgress` is whether one is held, and a call that
/// interrupts the gesture (manual §4.4) cancels the handle the navigation
/// holds instead of looking for it among the touches.
enum HeldGesture {
    case pop(PopGestureDetector)
    case sheet(SheetPan)
    /// Android's system back gesture scrubbing a predictive pop or the
    /// back-to-home (SystemBackGesture).
    case back(SystemBackGesture?)

    func `is`(_ other: HeldGesture) -> Bool {
        switch (self, other) {
        case let (.pop(a), .pop(b)): return a === b
        case let (.sheet(a), .sheet(b)): return a === b
        case let (.back(a), .back(b)): return a === b
        default: return false
        }
    }
}

extension NavigationController {
    /// A finger drives a gesture of this navigation: Flutter's
    /// `userGestureInProgress`, derived from the gesture it holds.
    package var userGestureInProgress: Bool { heldGesture != nil }

    /// The finger's pop that drives this navigation now, if one does.
    var fingerPop: PopGestureDetector? {
        if case .pop(let detector)? = heldGesture { return detector }
        return nil
    }

    /// The finger's pull on this navigation's card, if one drives it.
    var sheetPull: SheetPan? {
        if case .sheet(let pull)? = heldGesture { return pull }
        return nil
    }
}
