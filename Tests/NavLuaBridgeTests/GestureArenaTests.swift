import XCTest
@testable import NavLuaEngine
import NavLuaTestSupport

/// The arena asks its members in the order it is given; the first that
/// accepts holds the pan, and later ones join only when the holder allows.
final class GestureArenaTests: XCTestCase {
    /// A member that answers as told and logs what it was asked.
    private final class Member: GestureArenaMember {
        let accepts: Bool
        let letsJoin: Bool
        var log: [String] = []

        init(accepts: Bool, letsJoin: Bool) {
            self.accepts = accepts
            self.letsJoin = letsJoin
        }

        func accept() -> Bool { log.append("accept"); return accepts }
        func reject() { log.append("reject") }
        func allowsJoining() -> Bool { log.append("allowsJoining"); return letsJoin }
    }

    /// Members as (accepts, lets join) pairs.
    private func members(_ specs: [(Bool, Bool)]) -> [Member] {
        specs.map { Member(accepts: $0.0, letsJoin: $0.1) }
    }

    func testTheFirstMemberThatAcceptsHoldsThePanAndTheRestAreRejected() {
        let m = members([(true, false), (true, false), (true, false)])
        let holder = GestureArena(members: m).resolve()
        XCTAssertTrue(holder === m[0])
        XCTAssertEqual(m.map(\.log), [["accept", "allowsJoining", "allowsJoining"], ["reject"], ["reject"]])
    }

    func testAMemberThatDeclinesPassesThePanOn() {
        let m = members([(false, false), (true, false)])
        XCTAssertTrue(GestureArena(members: m).resolve() === m[1])
        XCTAssertEqual(m.map(\.log), [["accept"], ["accept"]])
    }

    func testAHolderThatAllowsLetsALaterMemberJoin() {
        let m = members([(true, true), (true, false)])
        XCTAssertTrue(GestureArena(members: m).resolve() === m[0])
        XCTAssertEqual(m.map(\.log), [["accept", "allowsJoining"], ["accept"]])
    }

    func testNoMemberTakesThePanWhenAllDecline() {
        let m = members([(false, false), (false, false)])
        XCTAssertNil(GestureArena(members: m).resolve())
    }

    // MARK: the order the navigation gives

    func testTheStyleGivesTheOrderOfAsking() {
        XCTAssertEqual(PopStyle.edge.arenaOrder, [.scroll, .pop])
        XCTAssertEqual(PopStyle.fullscreen.arenaOrder, [.scroll, .pop])
        XCTAssertEqual(PopStyle.snapshot.arenaOrder, [.pop, .scroll])
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
