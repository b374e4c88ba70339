import XCTest
@testable import NavLuaEngine
import NavLuaTestSupport

/// World.drag and World.tap: what navlua.drag answers, as Swift values.
final class DragTests: XCTestCase {
    func testASwipeBackThatFinishes() throws {
        let f = Fixture()
        let nav = try f.navigation([f.screen("A"), f.screen("B")], style: .fullscreen)
        let r = try f.world.drag(from: Point(100, 400), to: Point(350, 400), seconds: 0.2)
        XCTAssertEqual(r.recognizer, .pop)
        XCTAssertEqual(r.state, .ended)
        XCTAssertEqual(r.finished, true)
        XCTAssertNil(r.refusedBy)
        XCTAssertGreaterThan(r.velocity.x, 0)
        _ = try f.world.settle()
        XCTAssertEqual(nav.count, 1)
    }

    func testARefusedSwipeNamesTheCheck() throws {
        let f = Fixture()
        _ = try f.navigation([f.screen("A")], style: .fullscreen)
        let r = try f.world.drag(from: Point(100, 400), to: Point(350, 400))
        XCTAssertNil(r.recognizer)
        XCTAssertEqual(r.state, .failed)
        XCTAssertEqual(r.refusedBy, .count)
        XCTAssertNil(r.finished)
    }

    func testACancelledSwipeCancelsThePop() throws {
        let f = Fixture()
        let nav = try f.navigation([f.screen("A"), f.screen("B")], style: .edge)
        let r = try f.world.drag(from: Point(5, 400), to: Point(350, 400), seconds: 0.2, cancel: true)
        XCTAssertEqual(r.state, .cancelled)
        XCTAssertEqual(r.finished, false)
        _ = try f.world.settle()
        XCTAssertEqual(nav.count, 2)
    }

    /// The caller never holds the touch: a failure part way releases it.
    func testAFailureReleasesTheTouch() throws {
        let f = Fixture()
        let b = f.screen("B")
        b.test.hooks[.allow_drag_back] = { _, _ in throw NavError.badCall("nope") }
        _ = try f.navigation([f.screen("A"), b], style: .fullscreen)
        XCTAssertThrowsError(try f.world.drag(from: Point(100, 400), to: Point(300, 400)))
        XCTAssertTrue(f.world.touches.isEmpty)
        XCTAssertEqual(try f.world.settle(), 0)
    }

    func testATapRecognizesNothing() throws {
        let f = Fixture()
        _ = try f.navigation([f.screen("A"), f.screen("B")])
        let r = try f.world.tap(at: Point(100, 400))
        XCTAssertNil(r.recognizer)
        XCTAssertEqual(r.state, .failed)
        XCTAssertNil(r.refusedBy)
        XCTAssertEqual(r.velocity, .zero)
    }
}
