import XCTest
import NavLuaEngine
import NavLuaTestSupport

/// The engine from another package, through its public API only: a world,
/// a pushed screen, a back swipe.
final class BackSwipeTests: XCTestCase {
    func testASwipeFromTheEdgePopsThePushedScreenInUIKitsLifecycleOrder() throws {
        let fixture = Fixture()
        let home = fixture.screen("Home")
        let detail = fixture.screen("Detail")
        let nav = try fixture.navigation([home], style: .edge)

        try nav.push(detail, animated: true)
        _ = try fixture.world.settle()
        XCTAssertEqual(nav.screens.map(\.title), ["Home", "Detail"])

        let mark = fixture.mark()
        let swipe = try fixture.world.drag(from: Point(5, 400), to: Point(300, 400), seconds: 0.25)
        XCTAssertEqual(swipe.recognizer, .pop)
        XCTAssertEqual(swipe.state, .ended)
        XCTAssertEqual(swipe.finished, true)
        _ = try fixture.world.settle()

        XCTAssertEqual(nav.screens.map(\.title), ["Home"])
        XCTAssertTrue(nav.top === home)
        XCTAssertEqual(fixture.lifecycle(since: mark), [
            "Detail.will_disappear(true)", "Home.will_appear(true)",
            "Detail.did_disappear(true)", "Home.did_appear(true)",
        ])
    }
}
