import XCTest
@testable import NavLuaEngine
@testable import NavLuaVisuals
import NavLuaTestSupport

/// Begin checks per style (manual §5.4), in each style's order, and their
/// right-to-left mirrors.
final class PopGestureTests: XCTestCase {

    private func outcome(_ f: Fixture, from: Point, to: Point, seconds: Double = 0.1) throws -> String {
        try f.popOutcome(from: from, to: to, seconds: seconds)
    }
    // MARK: edge style begin checks, in SPEC order

    private let edgeSwipe = (from: Point(5, 400), to: Point(105, 400))

    func testEdgeBeginsWhenNothingRefuses() throws {
        let s = try popStack(.edge)
        XCTAssertEqual(try outcome(s.f, from: edgeSwipe.from, to: edgeSwipe.to), "began")
        XCTAssertEqual(s.b.test.asked.filter { [.enabled, .allow_drag_back, .will_go_back].contains($0) },
                       [.enabled, .allow_drag_back, .will_go_back])
    }

    func testEdgeRefusedByPopGestureSwitch() throws {
        let s = try popStack(.edge) { $0.popGesture = false }
        XCTAssertEqual(try outcome(s.f, from: edgeSwipe.from, to: edgeSwipe.to), "pop_gesture")
    }

    func testEdgeRefusedAtTouchDownOutsideTheEdge() throws {
        let s = try popStack(.edge)
        let touch = try s.f.world.touchDown(at: Point(14, 400))
        XCTAssertEqual(s.f.lastRefusal, "edge_width", "fails at touch-down, before any move")
        XCTAssertEqual(s.f.popGestures().last?.frame, 1)
        try s.f.world.lift(touch)
        XCTAssertEqual(try outcome(s.f, from: Point(13, 400), to: Point(113, 400)), "began")
    }

    func testEdgeRefusedByCount() throws {
        let s = try popStack(.edge, rootOnly: true)
        XCTAssertEqual(try outcome(s.f, from: edgeSwipe.from, to: edgeSwipe.to), "count")
    }

    func testEdgeRefusedByPopDisabled() throws {
        let s = try popStack(.edge)
        s.b.test.flags["pop_disabled"] = true
        XCTAssertEqual(try outcome(s.f, from: edgeSwipe.from, to: edgeSwipe.to), "pop_disabled")
    }

    func testEdgeRefusedWhileTransitioning() throws {
        let s = try popStack(.edge, rootOnly: true)
        try s.nav.push(s.b, animated: true)
        XCTAssertEqual(try outcome(s.f, from: edgeSwipe.from, to: edgeSwipe.to), "transitioning")
    }

    func testEdgeRefusedAgainstTheLayoutDirection() throws {
        let s = try popStack(.edge)
        XCTAssertEqual(try outcome(s.f, from: Point(5, 400), to: Point(3, 430)), "direction")
        // the edge pan fails a pan more along the edge than across it (45 degrees)
        XCTAssertEqual(try outcome(s.f, from: Point(5, 400), to: Point(5, 430)), "direction")
        XCTAssertEqual(try outcome(s.f, from: Point(5, 400), to: Point(25, 430)), "direction")
        XCTAssertEqual(try outcome(s.f, from: Point(5, 400), to: Point(35, 430)), "began")
    }

    func testEdgeRefusedByEnabledHook() throws {
        let s = try popStack(.edge)
        s.b.test.answer(.enabled, false)
        XCTAssertEqual(try outcome(s.f, from: edgeSwipe.from, to: edgeSwipe.to), "enabled")
    }

    func testEdgeRefusedByAllowDragBackHook() throws {
        let s = try popStack(.edge)
        s.b.test.answer(.allow_drag_back, false)
        XCTAssertEqual(try outcome(s.f, from: edgeSwipe.from, to: edgeSwipe.to), "allow_drag_back")
    }

    func testEdgeRefusedByWillGoBackHook() throws {
        let s = try popStack(.edge)
        s.b.test.answer(.will_go_back, false)
        XCTAssertEqual(try outcome(s.f, from: edgeSwipe.from, to: edgeSwipe.to), "will_go_back")
    }

    func testAllowDragBackDecidesAndSkipsWillGoBack() throws {
        let s = try popStack(.edge)
        s.b.test.answer(.allow_drag_back, true)
        s.b.test.answer(.will_go_back, false)
        XCTAssertEqual(try outcome(s.f, from: edgeSwipe.from, to: edgeSwipe.to), "began")
        XCTAssertFalse(s.b.test.asked.contains(.will_go_back))
        let info = try XCTUnwrap(s.b.test.lastGesture)
        XCTAssertEqual(info.touches, 1)
        XCTAssertEqual(info.translation.y, 0)
        XCTAssertGreaterThan(info.translation.x, 15)
        XCTAssertEqual(info.location.x, 5 + info.translation.x, accuracy: 1e-9)
    }

    func testOnlyFalseRefuses() throws {
        let s = try popStack(.edge)
        s.b.test.answer(.enabled, nil)
        s.b.test.answer(.will_go_back, nil)
        XCTAssertEqual(try outcome(s.f, from: edgeSwipe.from, to: edgeSwipe.to), "began")
    }

    func testTheFirstRefusalWinsAndLaterChecksAreNotAsked() throws {
        let s = try popStack(.edge)
        s.b.test.flags["pop_disabled"] = true
        s.b.test.answer(.enabled, false)
        XCTAssertEqual(try outcome(s.f, from: Point(5, 400), to: Point(3, 430)), "pop_disabled")
        XCTAssertFalse(s.b.test.asked.contains(.enabled))
        s.b.test.flags["pop_disabled"] = false
        XCTAssertEqual(try outcome(s.f, from: Point(5, 400), to: Point(3, 430)), "direction")
        XCTAssertFalse(s.b.test.asked.contains(.enabled))
    }

    // MARK: full-screen style begin checks (FD order)

    private let swipe = (from: Point(100, 400), to: Point(200, 400))

    func testFullscreenBeginsAnywhere() throws {
        let s = try popStack(.fullscreen)
        XCTAssertEqual(try outcome(s.f, from: swipe.from, to: swipe.to), "began")
        XCTAssertEqual(s.nav.count, 2, "the cancelled pop leaves the stack")
    }

    func testFullscreenRefusedByPopGestureSwitch() throws {
        let s = try popStack(.fullscreen) { $0.popGesture = false }
        XCTAssertEqual(try outcome(s.f, from: swipe.from, to: swipe.to), "pop_gesture")
    }

    func testFullscreenRefusedByCount() throws {
        let s = try popStack(.fullscreen, rootOnly: true)
        XCTAssertEqual(try outcome(s.f, from: swipe.from, to: swipe.to), "count")
    }

    func testFullscreenRefusedByPopDisabled() throws {
        let s = try popStack(.fullscreen)
        s.b.test.flags["pop_disabled"] = true
        XCTAssertEqual(try outcome(s.f, from: swipe.from, to: swipe.to), "pop_disabled")
    }

    func testFullscreenRefusedByMaxInitialDistance() throws {
        let s = try popStack(.fullscreen)
        // the pan begins at x = 116.67 (first sample past the slop)
        s.b.test.numbers["max_initial_distance"] = 116
        XCTAssertEqual(try outcome(s.f, from: swipe.from, to: swipe.to), "max_initial_distance")
        s.b.test.numbers["max_initial_distance"] = 117
        XCTAssertEqual(try outcome(s.f, from: swipe.from, to: swipe.to), "began")
        s.b.test.numbers["max_initial_distance"] = 0
        XCTAssertEqual(try outcome(s.f, from: Point(380, 400), to: Point(389, 440)), "began",
                       "0 means anywhere")
    }

    func testFullscreenRefusedWhileTransitioning() throws {
        let s = try popStack(.fullscreen, rootOnly: true)
        try s.nav.push(s.b, animated: true)
        XCTAssertEqual(try outcome(s.f, from: swipe.from, to: swipe.to), "transitioning")
    }

    func testFullscreenRefusesAPanWithNoForwardPart() throws {
        let s = try popStack(.fullscreen)
        XCTAssertEqual(try outcome(s.f, from: Point(100, 400), to: Point(100, 450)), "direction")
        XCTAssertEqual(try outcome(s.f, from: Point(100, 400), to: Point(40, 400)), "direction")
    }

    func testFullscreenRefusedByHooksInOrder() throws {
        let s = try popStack(.fullscreen)
        s.b.test.answer(.enabled, false)
        s.b.test.answer(.allow_drag_back, false)
        s.b.test.answer(.will_go_back, false)
        XCTAssertEqual(try outcome(s.f, from: swipe.from, to: swipe.to), "enabled")
        s.b.test.answer(.enabled, true)
        XCTAssertEqual(try outcome(s.f, from: swipe.from, to: swipe.to), "allow_drag_back")
        s.b.test.hooks[.allow_drag_back] = nil
        XCTAssertEqual(try outcome(s.f, from: swipe.from, to: swipe.to), "will_go_back")
        XCTAssertEqual(s.f.log.entries.filter { !$0.contains("(") },
                       ["B.enabled", "B.enabled", "B.allow_drag_back", "B.enabled", "B.will_go_back"])
    }

    func testASecondTouchBeforeBeganFailsThePop() throws {
        let s = try popStack(.fullscreen)
        let first = try s.f.world.touchDown(at: Point(100, 400))
        let second = try s.f.world.touchDown(at: Point(200, 500))
        XCTAssertEqual(s.f.lastRefusal, "touches")
        try s.f.world.move(first, to: Point(200, 400), seconds: 0.1)
        try s.f.world.lift(first)
        try s.f.world.lift(second)
        _ = try s.f.world.settle()
        XCTAssertEqual(s.nav.count, 2)
        XCTAssertEqual(s.f.popGestures().filter { $0["state"]?.string == "began" }.count, 0)
    }

    // MARK: snapshot style begin checks (QD order)

    func testSnapshotBeginsWhenNothingRefuses() throws {
        let s = try popStack(.snapshot)
        XCTAssertEqual(try outcome(s.f, from: swipe.from, to: swipe.to), "began")
    }

    func testSnapshotRefusedByPopGestureSwitch() throws {
        let s = try popStack(.snapshot) { $0.popGesture = false }
        XCTAssertEqual(try outcome(s.f, from: swipe.from, to: swipe.to), "pop_gesture")
    }

    func testSnapshotRefusedByVelocity() throws {
        let s = try popStack(.snapshot)
        XCTAssertEqual(try outcome(s.f, from: Point(200, 400), to: Point(100, 400)), "velocity", "moving back")
        // |vy| = 1.2 |vx| > |vx| / 2
        XCTAssertEqual(try outcome(s.f, from: Point(100, 400), to: Point(150, 460)), "velocity", "too vertical")
        // |vy| = 0.4 |vx| passes
        XCTAssertEqual(try outcome(s.f, from: Point(100, 400), to: Point(200, 440)), "began")
    }

    func testSnapshotRefusedByEnabledHook() throws {
        let s = try popStack(.snapshot)
        s.b.test.answer(.enabled, false)
        XCTAssertEqual(try outcome(s.f, from: swipe.from, to: swipe.to), "enabled")
    }

    func testSnapshotRefusedByAllowDragBackHook() throws {
        let s = try popStack(.snapshot)
        s.b.test.answer(.allow_drag_back, false)
        XCTAssertEqual(try outcome(s.f, from: swipe.from, to: swipe.to), "allow_drag_back")
    }

    func testSnapshotRefusedByAScrolledScrollView() throws {
        let s = try popStack(.snapshot)
        let view = ScrollView(id: 1, frame: Rect(x: 0, y: 300, width: 390, height: 200), contentWidth: 800,
                              offset: 50, paging: false, pageOffsetReset: false, popSimultaneous: .never)
        s.b.addScrollView(view)
        XCTAssertEqual(try outcome(s.f, from: swipe.from, to: swipe.to), "scroll_view")
        XCTAssertLessThan(view.offset, 50, "the scroll view got the pan")
        view.offset = 0
        XCTAssertEqual(try outcome(s.f, from: swipe.from, to: swipe.to), "began")
        XCTAssertEqual(view.offset, 0, "the pop got the pan first")
    }

    func testSnapshotRefusedByWillGoBackHook() throws {
        let s = try popStack(.snapshot)
        s.b.test.answer(.will_go_back, false)
        XCTAssertEqual(try outcome(s.f, from: swipe.from, to: swipe.to), "will_go_back")
    }

    func testSnapshotAtTheRootGoesBackAndFails() throws {
        let s = try popStack(.snapshot, rootOnly: true) { $0.dismissAtRoot = true }
        try s.nav.present(animated: false)
        s.a.test.answer(.will_go_back, true)
        XCTAssertEqual(try outcome(s.f, from: swipe.from, to: swipe.to), "root")
        XCTAssertEqual(s.f.events().filter { $0.kind == .dismiss }.count, 1)
        XCTAssertFalse(s.nav.presented)
        XCTAssertEqual(s.a.test.asked.filter { $0 == .will_go_back }.count, 1)
    }

    func testSnapshotAtTheRootWithoutDismissOnlyFails() throws {
        let s = try popStack(.snapshot, rootOnly: true)
        try s.nav.present(animated: false)
        XCTAssertEqual(try outcome(s.f, from: swipe.from, to: swipe.to), "root")
        XCTAssertTrue(s.nav.presented)
        XCTAssertEqual(s.f.events().filter { $0.kind == .dismiss }.count, 0)
    }

    func testSnapshotBegunAtTheRootMovesNothing() throws {
        let s = try popStack(.snapshot, rootOnly: true)
        s.a.test.answer(.allow_drag_back, true)
        let touch = try s.f.world.touchDown(at: swipe.from)
        try s.f.world.move(touch, to: Point(250, 400), seconds: 0.1)
        XCTAssertEqual(s.f.lastPopState, "began")
        let v = s.nav.visual()
        assertClose(v.top?.x, 0)
        XCTAssertNil(v.snapshot)
        try s.f.world.lift(touch)
        XCTAssertEqual(try s.f.world.settle(), 0)
        XCTAssertEqual(s.nav.count, 1)
    }

    // MARK: RTL mirrors of the edge cases

    func testRightToLeftEdgeIsTheRightOne() throws {
        let s = try popStack(.edge, layout: .rightToLeft)
        XCTAssertEqual(try outcome(s.f, from: Point(5, 400), to: Point(105, 400)), "edge_width")
        XCTAssertEqual(try outcome(s.f, from: Point(385, 400), to: Point(387, 430)), "direction")
        XCTAssertEqual(try outcome(s.f, from: Point(377, 400), to: Point(277, 400)), "began")
    }

    func testRightToLeftFullscreenMirrorsDirectionAndDistance() throws {
        let s = try popStack(.fullscreen, layout: .rightToLeft)
        XCTAssertEqual(try outcome(s.f, from: Point(290, 400), to: Point(390, 400)), "direction")
        // began at x = 273.33: 116.67 from the right edge
        s.b.test.numbers["max_initial_distance"] = 116
        XCTAssertEqual(try outcome(s.f, from: Point(290, 400), to: Point(190, 400)), "max_initial_distance")
        s.b.test.numbers["max_initial_distance"] = 117
        XCTAssertEqual(try outcome(s.f, from: Point(290, 400), to: Point(190, 400)), "began")
    }

    func testRightToLeftSnapshotVelocityIsMirrored() throws {
        let s = try popStack(.snapshot, layout: .rightToLeft)
        XCTAssertEqual(try outcome(s.f, from: Point(100, 400), to: Point(200, 400)), "velocity")
        XCTAssertEqual(try outcome(s.f, from: Point(300, 400), to: Point(200, 400)), "began")
    }
}
