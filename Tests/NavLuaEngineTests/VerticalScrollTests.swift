import XCTest
@testable import NavLuaEngine
import NavLuaTestSupport

/// SPEC §10: vertical and two-axis scroll views, the arbitration rules
/// (UIKit's and Flutter's), nested views innermost first, exact returns.
final class VerticalScrollTests: XCTestCase {
    private var lastViewID = 0

    private func view(on screen: Screen, frame: Rect = Rect(x: 0, y: 0, width: 390, height: 844),
                      width: Double = 390, height: Double = 844, offset: Double = 0, offsetY: Double = 0,
                      lock: Bool = false, paging: Bool = false,
                      pop: ScrollView.PopSimultaneous = .never) -> ScrollView {
        lastViewID += 1
        let v = ScrollView(id: lastViewID, frame: frame, contentWidth: width, offset: offset, paging: paging,
                           pageOffsetReset: false, popSimultaneous: pop, contentHeight: height,
                           offsetY: offsetY, directionalLock: lock)
        screen.addScrollView(v)
        return v
    }

    /// Two screens; the top one gets what `build` adds.
    private func setUp(style: PopStyle = .fullscreen, arbitration: PanArbitration = .uikit, slop: Double? = nil,
                       _ build: (Screen) -> Void) throws -> (Fixture, NavigationController) {
        let f = Fixture()
        let a = f.screen("A", logLifecycle: false)
        let b = f.screen("B", logLifecycle: false)
        build(b)
        let nav = try f.navigation([a, b], style: style) {
            $0.arbitration = arbitration
            if let s = slop { $0.panSlop = s }
        }
        return (f, nav)
    }

    private func arena(_ f: Fixture) -> [TraceEvent] { f.events().filter { $0.kind == .arena } }

    // MARK: the rules

    func testUIKitClaimsByTheDominantAxisAndFlutterByTheFirstAxisPastTheSlop() {
        XCTAssertTrue(PanArbitration.uikit.claims(.vertical, Point(10, 12), touchSlop: 15))
        XCTAssertFalse(PanArbitration.uikit.claims(.vertical, Point(12, 12), touchSlop: 15), "a tie is horizontal")
        XCTAssertTrue(PanArbitration.uikit.claims(.both, Point(0, 0), touchSlop: 15))
        XCTAssertFalse(PanArbitration.flutter.claims(.vertical, Point(0, 18), touchSlop: 18), "more than the slop")
        XCTAssertTrue(PanArbitration.flutter.claims(.vertical, Point(30, 18.5), touchSlop: 18))
        XCTAssertTrue(PanArbitration.flutter.claims(.horizontal, Point(-19, 0), touchSlop: 18))
        XCTAssertTrue(PanArbitration.flutter.waitsForAClaim)
        XCTAssertFalse(PanArbitration.uikit.waitsForAClaim)
        XCTAssertEqual(Preset.flutter.arbitration, .flutter)
        XCTAssertEqual(Preset.uikit().arbitration, .uikit)
    }

    func testAScrollViewScrollsAlongTheAxesItsContentExceeds() {
        let f = Fixture()
        let s = f.screen("A")
        XCTAssertEqual(view(on: s, height: 2000).axes, .vertical)
        XCTAssertEqual(view(on: s, width: 1000).axes, .horizontal)
        XCTAssertEqual(view(on: s, width: 1000, height: 2000).axes, .both)
        XCTAssertEqual(view(on: s).axes, [])
    }

    func testTheStackUnderTheFingerIsInnermostFirstAndSkipsViewsThatCannotScroll() {
        let f = Fixture()
        let s = f.screen("A")
        let pager = view(on: s, width: 1170)
        _ = view(on: s)                                  // fits its frame: not a member
        let list = view(on: s, height: 2000)
        let elsewhere = view(on: s, frame: Rect(x: 0, y: 500, width: 390, height: 100), height: 2000)
        XCTAssertTrue(s.scrollViews(at: Point(100, 100)).elementsEqual([list, pager], by: ===))
        XCTAssertTrue(s.scrollViews(at: Point(100, 550)).elementsEqual([elsewhere, list, pager], by: ===))
    }

    // MARK: a vertical list and the pop

    func testAVerticalDragScrollsTheListAndTheHorizontalOneBeginsThePop() throws {
        var list: ScrollView!
        let (f, nav) = try setUp { list = self.view(on: $0, height: 3000) }
        try f.drag(from: Point(100, 600), to: Point(110, 300))
        XCTAssertEqual(f.lastRefusal, "scroll_view")
        XCTAssertGreaterThan(list.offsetY, 250)
        _ = try f.world.settle()
        XCTAssertEqual(nav.count, 2)
        try f.drag(from: Point(100, 400), to: Point(350, 440))
        _ = try f.world.settle()
        XCTAssertEqual(nav.count, 1)
    }

    func testTheEdgePanFailsOnAMostlyVerticalMove() throws {
        let (f, nav) = try setUp(style: .edge) { _ in }
        XCTAssertEqual(try f.popOutcome(from: Point(5, 300), to: Point(25, 600)), "direction")
        XCTAssertEqual(nav.count, 2)
    }

    func testFlutterWaitsUntilAnAxisPassesTheSlop() throws {
        var list: ScrollView!
        let (f, nav) = try setUp(style: .edge, arbitration: .flutter, slop: 18) { list = self.view(on: $0, height: 3000) }
        let t = try f.world.touchDown(at: Point(5, 300))
        try f.world.move(t, to: Point(18, 287), seconds: 0.05)    // 18.4 pt away, 13 on each axis
        XCTAssertTrue(arena(f).isEmpty)
        XCTAssertEqual(t.pop?.state, .possible)
        try f.world.move(t, to: Point(18, 280), seconds: 0.05)    // 20 up: the list's
        XCTAssertEqual(arena(f).first?["winner"]?.string, "scroll:\(list.id)")
        XCTAssertEqual(t.popRefusedBy, .direction)
        try f.world.move(t, to: Point(200, 200), seconds: 0.1)
        try f.world.lift(t)
        // the list's pan began at the first sample past 18 up: the fifth of
        // the six 120 Hz samples of the move to y = 280 (287 - 5 x 7/6)
        XCTAssertEqual(list.offsetY, (287 - 5 * 7.0 / 6) - 200, accuracy: 1e-9)
        XCTAssertEqual(nav.count, 2)
    }

    // MARK: two axes

    func testWithoutALockBothAxesFollowWithOneOnlyTheAxisTheDragBeganAlong() throws {
        for lock in [false, true] {
            var grid: ScrollView!
            let (f, _) = try setUp { grid = self.view(on: $0, width: 2000, height: 3000, lock: lock) }
            let t = try f.world.touchDown(at: Point(300, 600))
            try f.world.move(t, to: Point(280, 597), seconds: 0)     // begins, mostly left
            try f.world.move(t, to: Point(180, 397), seconds: 0)
            try f.world.lift(t)
            XCTAssertEqual(grid.offset, 100)
            XCTAssertEqual(grid.offsetY, lock ? 0 : 200)
        }
    }

    func testADiagonalDragDoesNotLock() {
        let f = Fixture()
        let v = view(on: f.screen("A"), width: 2000, height: 3000, lock: true)
        XCTAssertEqual(ScrollPan.axes(of: v, drag: Point(-20, -20), tunables: f.world.tunables), .both)
        XCTAssertEqual(ScrollPan.axes(of: v, drag: Point(-20, -10), tunables: f.world.tunables), .horizontal)
        XCTAssertEqual(ScrollPan.axes(of: v, drag: Point(3, 20), tunables: f.world.tunables), .vertical)
    }

    // MARK: nesting

    func testAHorizontalDragOverAVerticalListGoesToThePagerItLiesIn() throws {
        var pager: ScrollView!
        var list: ScrollView!
        let (f, nav) = try setUp {
            pager = self.view(on: $0, width: 1170, pop: .atLeadingEdge)
            list = self.view(on: $0, height: 3000)
        }
        try f.drag(from: Point(300, 600), to: Point(100, 610))
        XCTAssertGreaterThan(pager.offset, 150)
        XCTAssertEqual(list.offsetY, 0)
        let e = try XCTUnwrap(arena(f).last)
        XCTAssertEqual(e["winner"]?.string, "scroll:\(pager.id)")
        XCTAssertEqual(e["lost"]?.string, "pop=direction,scroll:\(list.id)=direction")
        XCTAssertEqual(nav.count, 2)
    }

    // MARK: exact returns

    func testEqualAndOppositeDragsLandExactlyOnTheOffsetTheyLeft() throws {
        var v: ScrollView!
        let (f, nav) = try setUp { v = self.view(on: $0, width: 1170, pop: .atLeadingEdge) }
        try f.drag(from: Point(300, 400), to: Point(80, 400))
        try f.drag(from: Point(200, 400), to: Point(420, 400))
        XCTAssertEqual(v.offset, 0, "no residue (was 2.84e-14)")
        try f.drag(from: Point(100, 400), to: Point(300, 400))
        _ = try f.world.settle()
        XCTAssertEqual(nav.count, 1)
    }

    func testTheGridMovesADisplacementByLessThanItsStep() {
        XCTAssertEqual(ScrollOffsetGrid.rounded(2.8421709430404007e-14), 0)
        XCTAssertEqual(ScrollOffsetGrid.rounded(-190.0), -190.0)
        XCTAssertLessThan(abs(ScrollOffsetGrid.rounded(190.0 / 3) - 190.0 / 3), 1.2e-10)
        XCTAssertEqual(ScrollOffsetGrid.rounded(.infinity), .infinity)
    }
}

/// The arena with a rule: members that do not claim lose as `direction`
/// whoever holds the pan; Flutter's rule asks nothing until one claims.
final class ArenaRuleTests: XCTestCase {
    private final class Member: GestureArenaMember {
        let name: String
        let axes: PanAxes
        var log: [String] = []
        init(_ name: String, _ axes: PanAxes) { self.name = name; self.axes = axes }
        var kind: Recognizer { .scroll }
        func accept() -> Bool { log.append("accept"); return true }
        func lost(_ reason: String, to holder: (any GestureArenaMember)?) {
            log.append(reason == "direction" ? "decline" : "reject")
        }
        func allowsJoining(_ member: any GestureArenaMember) -> Bool { false }
    }

    func testMembersThatDoNotClaimLoseByDirection() throws {
        let list = Member("list", .vertical), pager = Member("pager", .horizontal)
        let outcome = try XCTUnwrap(GestureArena(members: [list, pager], rule: .uikit, touchSlop: 15)
            .decide(at: Point(16, 2)))
        XCTAssertTrue(outcome.holder === pager)
        XCTAssertEqual(outcome.lost.map { "\($0.member.name)=\($0.reason)" }, ["list=direction"])
        XCTAssertEqual(list.log, ["decline"])
    }

    func testFlutterAsksNothingUntilAnAxisPassesTheSlop() throws {
        let list = Member("list", .vertical), pop = Member("pop", .horizontal)
        let arena = GestureArena(members: [list, pop], rule: .flutter, touchSlop: 18)
        XCTAssertNil(arena.decide(at: Point(13, 13)))
        XCTAssertTrue(list.log.isEmpty && pop.log.isEmpty)
        let outcome = try XCTUnwrap(arena.decide(at: Point(13, -19)))
        XCTAssertTrue(outcome.holder === list)
        XCTAssertEqual(pop.log, ["decline"])
    }

    func testATieOnOneSampleGoesToTheMemberAskedFirst() throws {
        let list = Member("list", .vertical), pop = Member("pop", .horizontal)
        let outcome = try XCTUnwrap(GestureArena(members: [list, pop], rule: .flutter, touchSlop: 18)
            .decide(at: Point(20, 20)))
        XCTAssertTrue(outcome.holder === list)
        XCTAssertEqual(outcome.lost.map(\.reason), ["scroll_view"])
    }
}
