import XCTest
@testable import NavLuaEngine
import NavLuaTestSupport

/// The arena asks its members in the order it is given; the first that
/// accepts holds the pan, and later ones join when they ask to or, with no
/// answer of their own, when the holder allows.
final class GestureArenaTests: XCTestCase {
    /// A member that answers as told and logs what it was asked; it knows
    /// nothing of pops or scroll views, and neither does the arena.
    private final class Member: GestureArenaMember {
        let name: String
        let accepts: Bool
        let letsJoin: Bool
        let asksToJoin: Bool?
        var log: [String] = []

        init(_ name: String, accepts: Bool, letsJoin: Bool, asksToJoin: Bool? = nil) {
            self.name = name
            self.accepts = accepts
            self.letsJoin = letsJoin
            self.asksToJoin = asksToJoin
        }

        var kind: Recognizer { .scroll }
        func accept() -> Bool { log.append("accept"); return accepts }
        func lost(_ reason: String, to holder: (any GestureArenaMember)?) {
            log.append(holder.map { "lost to \(($0 as! Member).name)" } ?? "lost")
        }
        func allowsJoining(_ member: any GestureArenaMember) -> Bool {
            log.append("allowsJoining \((member as! Member).name)")
            return letsJoin
        }
        func asksToJoin(_ holder: any GestureArenaMember) -> Bool? {
            log.append("asksToJoin")
            return asksToJoin
        }
    }

    /// Members as (accepts, lets join) pairs, named a, b, c...
    private func members(_ specs: [(Bool, Bool)]) -> [Member] {
        specs.enumerated().map { i, s in
            Member(String(UnicodeScalar(UInt8(97 + i))), accepts: s.0, letsJoin: s.1)
        }
    }

    func testTheFirstMemberThatAcceptsHoldsThePanAndTheRestAreRejected() {
        let m = members([(true, false), (true, false), (true, false)])
        let outcome = GestureArena(members: m).resolve()
        XCTAssertTrue(outcome.holder === m[0])
        XCTAssertEqual(outcome.rejected.map { ($0 as! Member).name }, ["b", "c"])
        XCTAssertEqual(m.map(\.log), [["accept", "allowsJoining b", "allowsJoining c"],
                                      ["asksToJoin", "lost to a"], ["asksToJoin", "lost to a"]])
    }

    func testAMemberThatDeclinesPassesThePanOn() {
        let m = members([(false, false), (true, false)])
        XCTAssertTrue(GestureArena(members: m).resolve().holder === m[1])
        XCTAssertEqual(m.map(\.log), [["accept", "lost"], ["accept"]])
    }

    func testAHolderThatAllowsLetsALaterMemberJoin() {
        let m = members([(true, true), (true, false)])
        let outcome = GestureArena(members: m).resolve()
        XCTAssertTrue(outcome.holder === m[0])
        XCTAssertTrue(outcome.rejected.isEmpty)
        XCTAssertEqual(m.map(\.log), [["accept", "allowsJoining b"], ["asksToJoin", "accept"]])
    }

    /// A member's own answer comes first (UIKit asks either side's
    /// delegate): yes joins and no is rejected, whatever the holder says.
    func testAMembersOwnAnswerToJoiningComesBeforeTheHolders() {
        for (own, holderAllows, joins) in [(true, false, true), (false, true, false)] {
            let holder = Member("a", accepts: true, letsJoin: holderAllows)
            let later = Member("b", accepts: true, letsJoin: false, asksToJoin: own)
            let outcome = GestureArena(members: [holder, later]).resolve()
            XCTAssertEqual(outcome.rejected.isEmpty, joins)
            XCTAssertEqual(holder.log, ["accept"])
            XCTAssertEqual(later.log, joins ? ["asksToJoin", "accept"] : ["asksToJoin", "lost to a"])
        }
    }

    func testNoMemberTakesThePanWhenAllDecline() {
        let m = members([(false, false), (false, false)])
        XCTAssertNil(GestureArena(members: m).resolve().holder)
        XCTAssertEqual(m.map(\.log), [["accept", "lost"], ["accept", "lost"]])
    }

    /// Flutter's arena.dart contract: every member asked is told once how
    /// it came out, an accept that took or joined the pan or one loss,
    /// whatever the members answer.
    func testEveryMemberIsToldOnceWhetherItWonOrLost() {
        let answers = [true, false]
        for a in answers { for b in answers { for c in answers { for join in answers {
            let m = members([(a, join), (b, join), (c, !join)])
            let outcome = GestureArena(members: m).resolve()
            for member in m {
                let won = outcome.holder === member || outcome.joined.contains { $0.member === member }
                let told = member.log.filter { $0.hasPrefix("lost") }.count
                XCTAssertEqual(told, won ? 0 : 1, "\(member.name): \(member.log)")
                if won { XCTAssertTrue(member.log.contains("accept"), "\(member.name): \(member.log)") }
            }
        }}}}
    }

    /// A hand-over is a later decision: the holder is told it lost, once,
    /// to the member that now holds the pan.
    func testAHandOverTellsTheOldHolderItLost() {
        let m = members([(true, false), (true, false)])
        let first = GestureArena(members: [m[0]]).resolve()
        let next = GestureArena.handOver(first, to: m[1], reason: "sheet")
        XCTAssertTrue(next.holder === m[1])
        XCTAssertEqual(next.lost.map { "\($0.member.name)=\($0.reason)" }, ["a=sheet"])
        XCTAssertEqual(m[0].log, ["accept", "lost to b"])
    }

    // MARK: the order the navigation gives

    func testTheStyleGivesTheOrderOfAsking() {
        // controls (issue 35) lie inside the scroll views; QD's pop still first
        XCTAssertEqual(PopStyle.edge.arenaOrder, [.control, .scroll, .sheet, .pop])
        XCTAssertEqual(PopStyle.fullscreen.arenaOrder, [.control, .scroll, .sheet, .pop])
        XCTAssertEqual(PopStyle.snapshot.arenaOrder, [.pop, .control, .scroll, .sheet])
    }

    /// Full-screen: the scroll view is asked first and keeps the pan; the
    /// pop, asked second, joins only when the view allows it.
    func testFullscreenAsksTheScrollViewFirst() throws {
        for (allows, expected) in [(ScrollView.PopSimultaneous.never, Recognizer.scroll), (.atLeadingEdge, .pop)] {
            let f = Fixture()
            let a = f.screen("A"), b = f.screen("B")
            b.addScrollView(ScrollView(id: 1, frame: Rect(x: 0, y: 0, width: 390, height: 844), contentWidth: 780,
                                       offset: 0, paging: false, pageOffsetReset: false, popSimultaneous: allows))
            _ = try f.navigation([a, b], style: .fullscreen)
            let r = try f.drag(from: Point(100, 400), to: Point(300, 400), seconds: 0.1)
            XCTAssertEqual(r.recognizer, expected)
            XCTAssertEqual(r.refusedBy, expected == .scroll ? .scrollView : nil)
            XCTAssertTrue(f.events().contains { $0["recognizer"]?.string == "scroll" && $0["state"]?.string == "began" })
        }
    }

    /// Snapshot: the pop is asked first; once it began, the scroll view is
    /// rejected and never scrolls.
    func testSnapshotAsksThePopFirst() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B")
        let view = ScrollView(id: 1, frame: Rect(x: 0, y: 0, width: 390, height: 844), contentWidth: 780,
                              offset: 0, paging: false, pageOffsetReset: false, popSimultaneous: .never)
        b.addScrollView(view)
        _ = try f.navigation([a, b], style: .snapshot)
        let r = try f.drag(from: Point(100, 400), to: Point(300, 400), seconds: 0.1)
        XCTAssertEqual(r.recognizer, .pop)
        XCTAssertFalse(f.events().contains { $0["recognizer"]?.string == "scroll" })
        XCTAssertEqual(view.offset, 0)
    }
}
