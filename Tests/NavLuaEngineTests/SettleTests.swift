import XCTest
@testable import NavLuaEngine
@testable import NavLuaVisuals
import NavLuaTestSupport

/// SPEC section 1: settle ticks until nothing is animating, tracking or
/// transitioning, returns the seconds elapsed, and past its limit fails
/// naming what is still active.
final class SettleTests: XCTestCase {
    func testSettledWorldReturnsZeroWithoutTicking() throws {
        let f = Fixture()
        _ = try f.navigation([f.screen("A")])
        XCTAssertEqual(try f.world.settle(), 0)
        XCTAssertEqual(f.world.clock.frame, 0)
    }

    func testReturnsTheSecondsItTicked() throws {
        let f = Fixture()
        let nav = try f.navigation([f.screen("A")])
        try nav.push(f.screen("B"), animated: true)
        XCTAssertEqual(try f.world.settle(), 0.35)
        XCTAssertEqual(f.world.clock.frame, 21)
        XCTAssertFalse(nav.transitioning)
    }

    func testReturnsOnlyTheRemainingTime() throws {
        let f = Fixture()
        let nav = try f.navigation([f.screen("A")])
        try nav.push(f.screen("B"), animated: true)
        try f.world.tick(10)
        // frames 10 -> 21: 350000000 - 166666666 ns
        XCTAssertEqual(try f.world.settle(), 183_333_334 / 1e9)
    }

    func testPastItsLimitNamesTheRunningTransition() throws {
        let f = Fixture()
        let nav = try f.navigation([f.screen("A")]) { $0.transition = AnimationSpec(duration: 5, curve: .linear) }
        try nav.push(f.screen("Detail"), animated: true)
        XCTAssertThrowsError(try f.world.settle(maxSeconds: 1)) {
            XCTAssertEqual(($0 as? NavError)?.message,
                           "still active after 1 s: nav 1: transition push of 'Detail'")
        }
        XCTAssertEqual(f.world.clock.frame, 60, "it ticked up to its limit")
        XCTAssertTrue(nav.transitioning)
        XCTAssertEqual(try f.world.settle(), 4)
    }

    func testPastItsLimitNamesATouchThatIsDown() throws {
        let f = Fixture()
        _ = try f.navigation([f.screen("A")])
        let touch = try f.world.touchDown(at: Point(200, 400))
        XCTAssertThrowsError(try f.world.settle(maxSeconds: 0.5)) {
            XCTAssertEqual(($0 as? NavError)?.message, "still active after 0.5 s: touch \(touch.id) is down")
        }
        try f.world.lift(touch)
        XCTAssertEqual(try f.world.settle(), 0)
    }

    func testPastItsLimitNamesASnappingScrollView() throws {
        let f = Fixture()
        let a = f.screen("A")
        let view = ScrollView(id: 7, frame: Rect(x: 0, y: 0, width: 390, height: 844), contentWidth: 1170,
                              offset: 0, paging: true, pageOffsetReset: false, popSimultaneous: .never)
        a.addScrollView(view)
        _ = try f.navigation([a])
        try f.drag(from: Point(300, 400), to: Point(100, 400), seconds: 0.5, hold: 0.1)
        XCTAssertTrue(view.scrolling)
        XCTAssertThrowsError(try f.world.settle(maxSeconds: 0.1)) {
            XCTAssertEqual(($0 as? NavError)?.message, "still active after 0.1 s: scroll view 7 snapping")
        }
    }

    func testRefusesABadLimit() {
        let f = Fixture()
        XCTAssertThrowsError(try f.world.settle(maxSeconds: -1))
        XCTAssertThrowsError(try f.world.settle(maxSeconds: .nan))
    }
}
