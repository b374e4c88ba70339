/// A recognizer as the arena sees it (Flutter's GestureArenaMember).
protocol GestureArenaMember: AnyObject {
    /// Offered the pan while no member holds it: takes it (true), or lets
    /// it pass to the next member.
    func accept() -> Bool
    /// The pan is another member's.
    func reject()
    /// Whether a member asked after this one took the pan may take it too.
    func allowsJoining() -> Bool
}

/// Decides who takes a pan when it crosses the slop, at once: the members
/// are asked in the order given; the first that accepts holds the pan; a
/// later member joins only when the holder allows it, and is rejected
/// otherwise. The order is data its caller brings (`PopStyle.arenaOrder`):
/// the arena knows recognizers, not pop styles.
struct GestureArena {
    let members: [any GestureArenaMember]

    /// Returns the member that holds the pan, if one took it.
    @discardableResult
    func resolve() -> (any GestureArenaMember)? {
        var holder: (any GestureArenaMember)?
        for member in members {
            if let holder = holder {
                if holder.allowsJoining() { _ = member.accept() } else { member.reject() }
            } else if member.accept() {
                holder = member
            }
        }
        return holder
    }
}

extension PopGestureRecognizer: GestureArenaMember {
    func accept() -> Bool {
        tryBegin()
        return state == .began
    }

    /// The only other member is a scroll view.
    func reject() { refuse(.scrollView) }

    /// The pop takes its pan alone.
    func allowsJoining() -> Bool { false }
}

extension ScrollPan: GestureArenaMember {
    func accept() -> Bool {
        begin()
        return true
    }

    /// A rejected pan leaves its touch: the view does not scroll.
    func reject() { touch.scroll = nil }

    /// The pop joins when the view allows it, or when the app's gesture
    /// delegate says yes (UIKit lets either delegate allow it, so it is
    /// asked first); a failing rule is recorded.
    func allowsJoining() -> Bool {
        if let nav = touch.navigation, nav.options.gestureDelegate.custom != nil, let pop = touch.pop {
            switch world.callDelegate(.should_recognize_simultaneously, of: nav, .simultaneous(pop.info, other: view)) {
            case .value(true): return true
            case .failed: return false
            default: break
            }
        }
        return world.read { try view.allowsSimultaneousPop() } ?? false
    }
}
