import XCTest
@testable import NavLuaEngine
import NavLuaTestSupport

/// The begin rules take a context of values and decide; they change
/// nothing: what a decision asks for besides (going back at a snapshot
/// root) the detector does after it.
final class PopBeginRulesTests: XCTestCase {
    /// The touches the detectors follow (they hold them unowned).
    private var touches: [Touch] = []

    /// The context of a pan that went down at (10, 400) 50 ms ago and is
    /// now at (10 + dx, 400): a right swipe at 1000 * dx / 50 points per
    /// second, on one finger.
    private func context(_ f: Fixture, _ nav: NavigationController, dx: Double) -> PopBeginContext {
        PopBeginContext(navigation: nav, recognizer: nav.popRecognizers[0],
                        pan: PanDetails(location: Point(10 + dx, 400), translation: Point(dx, 0),
                                        velocity: Point(1000 * dx / 50, 0), touches: 1, samplesSinceBegan: 1),
                        touchID: 1, layout: .leftToRight, width: f.world.width, tunables: f.world.tunables,
                        ask: NavigationQuestions(world: f.world, nav: nav, recognizer: nav.popRecognizers[0]))
    }

    /// A detector on a touch that made the same pan.
    private func detector(_ f: Fixture, _ nav: NavigationController, dx: Double) -> PopGestureDetector {
        let down = Point(10, 400), now = Point(10 + dx, 400)
        let touch = Touch(id: 1, at: now, in: f.world)
        touch.navigation = nav
        var pan = PanTracker(down: down, at: -50_000_000, tunables: f.world.tunables)
        _ = pan.add(now, at: 0)
        touch.pan = pan
        touches.append(touch)
        return PopGestureDetector(world: f.world, nav: nav, touch: touch, recognizer: nav.popRecognizers[0])
    }

    /// QD's root swipe: the decision names the back it asks for; the stack,
    /// the presentation and the trace are as they were.
    func testSnapshotRootSwipeDecidesToGoBackWithoutGoing() throws {
        let f = Fixture()
        let root = f.screen("Root")
        let nav = try f.navigation([root], style: .snapshot) { $0.dismissAtRoot = true }
        try nav.present(animated: false)
        let m = f.mark()
        XCTAssertEqual(PopBeginRules.decide(context(f, nav, dx: 50)), .goBackAtRoot)
        XCTAssertEqual(nav.count, 1)
        XCTAssertTrue(nav.presented)
        XCTAssertFalse(nav.transitioning)
        XCTAssertEqual(f.events(since: m).count, 0)
        XCTAssertFalse(root.test.asked.contains(.will_go_back))
    }

    func testSnapshotRootSwipeOfTwoPointsOrLessIsOnlyRefused() throws {
        let f = Fixture()
        let nav = try f.navigation([f.screen("Root")], style: .snapshot)
        XCTAssertEqual(PopBeginRules.decide(context(f, nav, dx: 2)), .refuse(.root))
    }

    /// The detector does what the decision asks: back (here a dismiss),
    /// and then the gesture fails as `root`.
    func testTheDetectorGoesBackAfterDeciding() throws {
        let f = Fixture()
        let nav = try f.navigation([f.screen("Root")], style: .snapshot) { $0.dismissAtRoot = true }
        try nav.present(animated: false)
        let g = detector(f, nav, dx: 50)
        try f.world.drive { () throws(NavError) in g.tryBegin() }
        XCTAssertEqual(g.state, .failed)
        XCTAssertEqual(g.recognizer.refusedBy, .root)
        XCTAssertEqual(f.events().filter { $0.kind == .dismiss }.count, 1)
        _ = try f.world.settle()
        XCTAssertFalse(nav.presented)
    }

    func testEveryStyleDecidesWithoutTouchingTheStack() throws {
        for style in PopStyle.allCases {
            let f = Fixture()
            let nav = try f.navigation([f.screen("A"), f.screen("B")], style: style)
            let m = f.mark()
            XCTAssertEqual(PopBeginRules.decide(context(f, nav, dx: 50)), .begin, "\(style)")
            XCTAssertEqual(nav.count, 2)
            XCTAssertFalse(nav.transitioning)
            XCTAssertTrue(f.events(since: m).isEmpty, "\(style)")
        }
    }
}
