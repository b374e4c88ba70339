import XCTest
@testable import NavLuaEngine
@testable import NavLuaVisuals
import NavLuaTestSupport

/// Manual §4.8 (SPEC §11): the bar is drawn from the transition's progress,
/// its items cross-fade per preset, and FD #55's pitfall fires only when a
/// cancelled swipe left the bar changed and wrong.
final class NavigationBarTests: XCTestCase {
    private func item(_ v: Visual, _ screen: Screen, _ part: BarPart) -> BarItem? {
        v.bar.items.first { $0.screen === screen && $0.part == part }
    }

    func testAPushToAScreenThatHidesTheBarMovesItWithTheTransition() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B")
        b.test.flags["navigation_bar_hidden"] = true
        let nav = try f.navigation([a])
        try nav.push(b, animated: true)
        XCTAssertTrue(nav.barHidden, "the state flips at B's will_appear")
        for _ in 0..<15 {
            try f.world.tick()
            let v = nav.visual()
            // UIKit's push: top x = W (1 - progress); the bar rides that progress
            assertClose(v.bar.shown, v.top!.x / f.width, accuracy: 1e-12)
            if nav.transitioning { XCTAssertFalse(v.barHidden) }
        }
        _ = try f.world.settle()
        XCTAssertEqual(nav.visual().bar.shown, 0)
        XCTAssertTrue(nav.visual().bar.items.isEmpty)
    }

    func testTheBarFollowsTheFingerAndReturnsOnACancel() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B")
        b.test.flags["navigation_bar_hidden"] = true
        let nav = try f.navigation([a, b])
        XCTAssertEqual(nav.visual().bar.shown, 0)
        let touch = try f.world.touchDown(at: Point(100, 400))
        try f.world.move(touch, to: Point(250, 400), seconds: 0.2)
        let v = nav.visual()
        assertClose(v.bar.shown, v.top!.x / f.width, accuracy: 1e-12)
        XCTAssertGreaterThan(v.bar.shown, 0.3)
        try f.world.hold(touch, seconds: 0.1)
        try f.world.move(touch, to: Point(110, 400), seconds: 0.2)
        try f.world.hold(touch, seconds: 0.1)
        try f.world.lift(touch)
        var last = nav.visual().bar.shown
        while nav.transitioning {
            try f.world.tick()
            let shown = nav.visual().bar.shown
            XCTAssertLessThanOrEqual(shown, last + 1e-12, "back toward hidden")
            last = shown
        }
        XCTAssertEqual(nav.count, 2)
        XCTAssertEqual(nav.visual().bar.shown, 0)
    }

    func testANonAnimatedChangeIsImmediate() throws {
        let f = Fixture()
        let nav = try f.navigation([f.screen("A")]) { $0.barPerScreen = false }
        nav.setBarHidden(true, animated: false)
        XCTAssertEqual(nav.visual().bar.shown, 0)
        nav.setBarHidden(false, animated: true)   // at rest: navlua does not animate it
        XCTAssertEqual(nav.visual().bar.shown, 1)
    }

    func testUIKitCrossFadesTitlesLinearlyOnTheTransitionsProgress() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B")
        let nav = try f.navigation([a])
        try nav.push(b, animated: true)
        try f.world.advance(seconds: 0.15)
        let v = nav.visual()
        let p = 1 - v.top!.x / f.width
        assertClose(item(v, a, .title)?.alpha, 1 - p, accuracy: 1e-12)
        assertClose(item(v, b, .title)?.alpha, p, accuracy: 1e-12)
        assertClose(item(v, b, .back)?.alpha, p, accuracy: 1e-12)
        XCTAssertEqual(item(v, b, .back)?.label, "A")
        XCTAssertNil(item(v, a, .back), "the root has no back button")
    }

    /// Flutter's nav_bar_transition_test.dart at 50 ms of a 500 ms push
    /// (route value 0.1) and at 250 ms (0.5).
    func testFlutterFadesMatchNavBarTransitionTest() {
        let early = BarCrossFade.flutter.fades(.push, progress: 0.1)
        assertClose(early.lowerTitle, 0.9404401779174805, accuracy: 1e-6)
        assertClose(early.lowerChevron, 0.9280824661254883, accuracy: 1e-6)
        assertClose(early.lowerLabel, 0.7952219992876053, accuracy: 1e-6)
        XCTAssertEqual(early.upperLabel, 0)
        XCTAssertEqual(early.upperChevron, 0)
        XCTAssertEqual(early.upperTitle, 0)
        let mid = BarCrossFade.flutter.fades(.push, progress: 0.5)
        assertClose(mid.upperLabel, 0.5292819738388062, accuracy: 1e-6)
        assertClose(mid.upperChevron, 0.167, accuracy: 0.0005)
        XCTAssertEqual(mid.lowerTitle, 0)
        assertClose(BarCrossFade.flutter.fades(.push, progress: 0.4).upperTitle, 0.29867843724787235, accuracy: 1e-6)
    }

    /// A back swipe drives the route's controller forward-curved (its status
    /// stays forward); a pop runs the flipped curve.
    func testFlutterPopsUseTheFlippedCurveAndSwipesTheForwardOne() {
        let swipe = BarCrossFade.flutter.fades(.interactivePop, progress: 0.9)
        let push = BarCrossFade.flutter.fades(.push, progress: 0.1)
        XCTAssertEqual(swipe, push, "a swipe at 0.9 is the push's route value 0.1")
        let pop = BarCrossFade.flutter.fades(.pop, progress: 0.9)
        XCTAssertNotEqual(pop.motion, push.motion)
        assertClose(pop.motion, 1 - FlutterBarFade.fastOutSlowIn.transform(0.9), accuracy: 1e-15)
    }

    // MARK: FD issue #55

    private func pitfalls(_ f: Fixture) -> [String] {
        f.events().filter { $0.kind == .pitfall }.compactMap { $0["name"]?.string }
    }

    private func cancelledSwipe(_ f: Fixture) throws {
        _ = try f.drag(from: Point(200, 400), to: Point(240, 400), seconds: 0.25, hold: 0.2)
        _ = try f.world.settle()
    }

    func testABarThatNeverChangedIsNoPitfall() throws {
        let f = Fixture()
        let b = f.screen("B")
        b.test.flags["navigation_bar_hidden"] = true
        let nav = try f.navigation([f.screen("A"), b]) { $0.barPerScreen = false }
        try cancelledSwipe(f)
        XCTAssertEqual(nav.count, 2)
        XCTAssertEqual(pitfalls(f), [])
    }

    func testABarChangedByTheScreenBelowAndLeftSoIsThePitfall() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B")
        b.test.flags["navigation_bar_hidden"] = true
        let nav = try f.navigation([a, b]) { $0.barPerScreen = false }
        nav.setBarHidden(true, animated: false)
        a.test.hooks[.will_appear] = { _, _ in nav.setBarHidden(false, animated: true); return nil }
        try cancelledSwipe(f)
        XCTAssertEqual(nav.count, 2)
        XCTAssertFalse(nav.barHidden)
        XCTAssertEqual(pitfalls(f), ["bar_after_cancel"])
    }

    func testABarChangedAtOnceDuringTheSwipeAndLeftSoIsThePitfallToo() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B")
        b.test.flags["navigation_bar_hidden"] = true
        let nav = try f.navigation([a, b]) { $0.barPerScreen = false }
        nav.setBarHidden(true, animated: false)
        a.test.hooks[.will_appear] = { _, _ in nav.setBarHidden(false, animated: false); return nil }
        try cancelledSwipe(f)
        XCTAssertFalse(nav.barHidden)
        XCTAssertEqual(pitfalls(f), ["bar_after_cancel"])
    }

    func testWithBarPerScreenFDPutsTheBarBack() throws {
        let f = Fixture()
        let b = f.screen("B")
        b.test.flags["navigation_bar_hidden"] = true
        let nav = try f.navigation([f.screen("A"), b])
        try cancelledSwipe(f)
        XCTAssertTrue(nav.barHidden)
        XCTAssertEqual(pitfalls(f), [])
    }

    // MARK: pictures

    func testThePictureSlidesTheBarOutWithShown() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B")
        b.test.flags["navigation_bar_hidden"] = true
        let nav = try f.navigation([a, b])
        let touch = try f.world.touchDown(at: Point(100, 400))
        try f.world.move(touch, to: Point(100 + f.width / 4, 400), seconds: 0.2)
        let shown = nav.visual().bar.shown
        assertClose(shown, 0.25, accuracy: 1e-12)
        let elements = try XCTUnwrap(Parse.svgElements(FrameSVG.document(FrameSample(f.world))))
        let bar = try XCTUnwrap(elements.first { $0.classes == ["bar"] })
        XCTAssertEqual(bar["data-shown"], "0.25")
        XCTAssertEqual(bar["transform"], "translate(0,-68.25)")   // (1 - 0.25) of 47 + 44
        let titles = elements.filter { $0.classes == ["bar-item"] && $0["data-part"] == "title" }
        XCTAssertEqual(titles.map { $0["data-screen"] }, ["A", "B"])
        XCTAssertEqual(titles.map { $0.number("fill-opacity") }, [0.25, 0.75])
        try f.world.lift(touch)
    }
}
