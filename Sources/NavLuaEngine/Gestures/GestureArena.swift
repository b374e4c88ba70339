/// A recognizer as the arena sees it (Flutter's GestureArenaMember): the
/// arena asks these questions and knows nothing else of its members, so a
/// scroll view's pan, the pop and any later recognizer take part alike.
///
/// The contract (Flutter's arena.dart: each member gets acceptGesture or
/// rejectGesture, once): a member that the arena asks is told exactly once
/// how it came out, by `accept()` returning true (it holds the pan or
/// joined it) or by one `lost(_:to:)`, a member that refused the pan
/// itself included. A later decision for the same touch (a hand-over) tells
/// the member that held the pan that it lost it.
protocol GestureArenaMember: AnyObject {
    /// What kind of recognizer this is (for the trace and for members that
    /// name who took the pan from them).
    var kind: Recognizer { get }
    /// Its name in the trace's `arena` event: `pop`, `scroll:ID`.
    var name: String { get }
    /// The axes it claims a pan along (PanArbitration decides with them).
    var axes: PanAxes { get }
    /// The scroll view this member scrolls, if any (UIKit hands the other
    /// recognizer to `shouldRecognizeSimultaneously`).
    var scrollView: ScrollView? { get }
    /// Offered the pan while no member holds it: takes it (true), or lets
    /// it pass to the next member.
    func accept() -> Bool
    /// Why it did not take the pan it was offered, for the trace.
    var refusal: String? { get }
    /// It did not get the pan, or has lost it: `reason` is the arena's
    /// word for why (`direction`: the pan went along an axis it does not
    /// claim; `scroll_view`, `pop`, `sheet`: the holder's; else its own
    /// refusal), `holder` who has it (nil when no member took it).
    func lost(_ reason: String, to holder: (any GestureArenaMember)?)
    /// Whether a member asked after this one took the pan may take it too.
    func allowsJoining(_ member: any GestureArenaMember) -> Bool
    /// A member's own answer to joining `holder` (its delegate's, in
    /// UIKit, which either side may give): nil leaves it to the holder.
    func asksToJoin(_ holder: any GestureArenaMember) -> Bool?
}

extension GestureArenaMember {
    var axes: PanAxes { .both }
    var scrollView: ScrollView? { nil }
    var refusal: String? { nil }
    func asksToJoin(_ holder: any GestureArenaMember) -> Bool? { nil }
}

/// Decides who takes a pan, once: with a `rule` (a contest: scroll views
/// under the finger), the members that claim the pan at this translation
/// are asked in the order given, and the others lose (`direction`);
/// without one every member is asked (a pop alone, v1). The first that
/// accepts holds the pan; a later member joins when it asks to or, if it
/// has no answer of its own, when the holder allows it, and is rejected
/// otherwise. The order is data its caller brings (`ArenaOrder`,
/// innermost scroll view first): the arena knows members, not pop styles.
struct GestureArena {
    let members: [any GestureArenaMember]
    var rule: PanArbitration?
    var touchSlop: Double = 0

    /// A member that did not get the pan, or joined it, and why (the
    /// trace's words: `direction`, `scroll_view`, `pop`, `pop_simultaneous`,
    /// a pop's `refused_by`).
    struct Entry {
        let member: any GestureArenaMember
        let reason: String
    }

    struct Outcome {
        /// The member that holds the pan, if one took it.
        var holder: (any GestureArenaMember)?
        /// The members that took it with the holder.
        var joined: [Entry] = []
        /// The members that lost it.
        var lost: [Entry] = []
        var rejected: [any GestureArenaMember] { lost.map(\.member) }
    }

    /// Without a rule: every member is asked at once.
    @discardableResult
    func resolve() -> Outcome { decide(at: .zero) ?? Outcome() }

    /// The outcome, or nil when the rule waits for a later sample (Flutter's
    /// arena: no axis past the slop yet); then nothing was asked.
    func decide(at translation: Point) -> Outcome? {
        let claims = members.map { member in rule?.claims(member.axes, translation, touchSlop: touchSlop) ?? true }
        if rule?.waitsForAClaim == true && !claims.contains(true) { return nil }
        var outcome = Outcome()
        func lose(_ member: any GestureArenaMember, _ reason: String) {
            member.lost(reason, to: outcome.holder)
            outcome.lost.append(Entry(member: member, reason: reason))
        }
        for (member, claimed) in zip(members, claims) where claimed {
            if let holder = outcome.holder {
                let asked = member.asksToJoin(holder)
                if asked ?? holder.allowsJoining(member) {
                    if member.accept() {
                        let reason = asked == true ? "should_recognize_simultaneously" : "pop_simultaneous"
                        outcome.joined.append(Entry(member: member, reason: reason))
                    } else {
                        lose(member, member.refusal ?? "failed")
                    }
                } else {
                    lose(member, holder.kind == .scroll ? "scroll_view" : holder.kind.rawValue)
                }
            } else if member.accept() {
                outcome.holder = member
            } else {
                lose(member, member.refusal ?? "failed")
            }
        }
        // Whoever holds the pan, these lost it to its direction: a pop
        // refuses as `direction` (under Flutter's rule, the drag passed the
        // slop along the other axis first).
        for (member, claimed) in zip(members, claims) where !claimed {
            lose(member, "direction")
        }
        return outcome
    }

    /// A later decision for a touch whose pan `outcome.holder` holds: it
    /// passes to `member` (a list at its top hands a pull down to its
    /// sheet, which begins it), and the old holder is told it lost (`reason`).
    static func handOver(_ outcome: Outcome, to member: any GestureArenaMember, reason: String) -> Outcome {
        var next = Outcome(holder: member)
        if let old = outcome.holder {
            old.lost(reason, to: member)
            next.lost.append(Entry(member: old, reason: reason))
        }
        return next
    }
}
