/// A recognizer as the arena sees it (Flutter's GestureArenaMember): the
/// arena asks these questions and knows nothing else of its members, so a
/// scroll view's pan, the pop and any later recognizer take part alike.
protocol GestureArenaMember: AnyObject {
    /// What kind of recognizer this is (for the trace and for members that
    /// name who took the pan from them).
    var kind: Recognizer { get }
    /// The scroll view this member scrolls, if any (UIKit hands the other
    /// recognizer to `shouldRecognizeSimultaneously`).
    var scrollView: ScrollView? { get }
    /// Offered the pan while no member holds it: takes it (true), or lets
    /// it pass to the next member.
    func accept() -> Bool
    /// The pan is `holder`'s.
    func reject(by holder: any GestureArenaMember)
    /// Whether a member asked after this one took the pan may take it too.
    func allowsJoining(_ member: any GestureArenaMember) -> Bool
    /// A member's own answer to joining `holder` (its delegate's, in
    /// UIKit, which either side may give): nil leaves it to the holder.
    func asksToJoin(_ holder: any GestureArenaMember) -> Bool?
}

extension GestureArenaMember {
    var scrollView: ScrollView? { nil }
    func asksToJoin(_ holder: any GestureArenaMember) -> Bool? { nil }
}

/// Decides who takes a pan when it crosses the slop, at once: the members
/// are asked in the order given; the first that accepts holds the pan; a
/// later member joins when it asks to or, if it has no answer of its own,
/// when the holder allows it, and is rejected otherwise. The order is data
/// its caller brings (`PopStyle.arenaOrder`): the arena knows members, not
/// pop styles.
struct GestureArena {
    let members: [any GestureArenaMember]

    struct Outcome {
        /// The member that holds the pan, if one took it.
        var holder: (any GestureArenaMember)?
        /// The members that lost it.
        var rejected: [any GestureArenaMember] = []
    }

    @discardableResult
    func resolve() -> Outcome {
        var outcome = Outcome()
        for member in members {
            if let holder = outcome.holder {
                if member.asksToJoin(holder) ?? holder.allowsJoining(member) {
                    _ = member.accept()
                } else {
                    member.reject(by: holder)
                    outcome.rejected.append(member)
                }
            } else if member.accept() {
                outcome.holder = member
            }
        }
        return outcome
    }
}
