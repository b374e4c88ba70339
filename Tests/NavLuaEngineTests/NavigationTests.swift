import XCTest
@testable import NavLuaEngine
@testable import NavLuaVisuals
import NavLuaTestSupport

/// SPEC sections 3 and 5: the stack, its animations, lifecycle order and queue.
final class NavigationTests: XCTestCase {
    // MARK: push and pop motion

    func testAnimatedPushTakesTheTransitionDuration() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B")
        let nav = try f.navigation([a])
        try nav.push(b, animated: true)
        XCTAssertTrue(nav.transitioning)
        try f.world.tick(20)
        XCTAssertTrue(nav.transitioning, "0.35 s is 21 frames at 60 fps")
        try f.world.tick()
        XCTAssertFalse(nav.transitioning)
        let phases = f.events().filter { $0.kind == .transition }
        XCTAssertEqual(phases.map { $0["phase"]!.string! }, ["begin", "finish"])
        XCTAssertEqual(phases.map(\.frame), [0, 21])
        XCTAssertEqual(phases[1].nanos, 350_000_000)
    }

    func testPushVisualsAtChosenFrames() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B")
        let nav = try f.navigation([a]) { $0.transition = AnimationSpec(duration: 0.5, curve: .easeInOut) }
        try nav.push(b, animated: true)
        var v = nav.visual()
        XCTAssertTrue(v.top?.screen === b)
        assertClose(v.top?.x, 390)
        XCTAssertTrue(v.below?.screen === a)
        assertClose(v.below?.x, 0)
        assertClose(v.dim, 0)
        try f.world.tick(15)   // exactly halfway; ease_in_out(0.5) = 0.5
        v = nav.visual()
        assertClose(v.top?.x, 195)
        assertClose(v.below?.x, -58.5)
        assertClose(v.dim, 0.05)
        try f.world.tick(3)    // 0.3 s of 0.5
        v = nav.visual()
        let q = Curve.easeInOut.value(at: 0.6)
        assertClose(v.top?.x, 390 * (1 - q))
        assertClose(v.below?.x, -0.3 * 390 * q)
        assertClose(v.dim, 0.1 * q)
        try f.world.tick(12)
        v = nav.visual()
        XCTAssertTrue(v.top?.screen === b)
        assertClose(v.top?.x, 0)
        XCTAssertNil(v.below)
        assertClose(v.dim, 0)
    }

    func testPopVisualsAreThePushReversed() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B")
        let nav = try f.navigation([a, b]) { $0.transition = AnimationSpec(duration: 0.5, curve: .linear) }
        XCTAssertTrue(try nav.pop(animated: true) === b)
        try f.world.tick(6)    // linear, 0.1 s of 0.5
        let v = nav.visual()
        XCTAssertTrue(v.top?.screen === b)
        assertClose(v.top?.x, 78)
        XCTAssertTrue(v.below?.screen === a)
        assertClose(v.below?.x, -0.3 * 390 * 0.8)
        assertClose(v.dim, 0.08)
        XCTAssertEqual(nav.screens.map(\.title), ["A"], "the stack changes at once; the motion follows")
    }

    func testRightToLeftMirrorsEveryX() throws {
        let f = Fixture(layout: .rightToLeft)
        let a = f.screen("A"), b = f.screen("B")
        let nav = try f.navigation([a]) { $0.transition = AnimationSpec(duration: 0.5, curve: .linear) }
        try nav.push(b, animated: true)
        try f.world.tick(6)
        var v = nav.visual()
        assertClose(v.top?.x, -390 * 0.8)
        assertClose(v.below?.x, 0.3 * 390 * 0.2)
        assertClose(v.dim, 0.02)
        _ = try f.world.settle()
        try nav.pop(animated: true)
        try f.world.tick(6)
        v = nav.visual()
        assertClose(v.top?.x, -78)
        assertClose(v.below?.x, 0.3 * 390 * 0.8)
    }

    // MARK: lifecycle order (section 5)

    func testAnimatedPushLifecycleOrder() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B")
        let nav = try f.navigation([a])
        let m = f.mark()
        try nav.push(b, animated: true)
        XCTAssertEqual(f.logged(since: m), ["A.will_disappear(true)", "B.will_appear(true)"])
        _ = try f.world.settle()
        XCTAssertEqual(f.logged(since: m), ["A.will_disappear(true)", "B.will_appear(true)",
                                            "A.did_disappear(true)", "B.did_appear(true)"])
        let frames = f.events(since: m).filter { $0.kind == .lifecycle }.map(\.frame)
        XCTAssertEqual(frames, [0, 0, 21, 21])
    }

    func testNonAnimatedPushFiresAllFourInOneFrame() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B")
        let nav = try f.navigation([a])
        try f.world.tick(2)
        let m = f.mark()
        try nav.push(b, animated: false)
        XCTAssertFalse(nav.transitioning)
        XCTAssertEqual(f.lifecycle(since: m), ["A.will_disappear(false)", "B.will_appear(false)",
                                               "A.did_disappear(false)", "B.did_appear(false)"])
        XCTAssertEqual(f.logged(since: m), f.lifecycle(since: m))
        XCTAssertEqual(Set(f.events(since: m).map(\.frame)), [2])
    }

    func testAnimatedPopLifecycleIsTheMirror() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B")
        let nav = try f.navigation([a, b])
        let m = f.mark()
        try nav.pop(animated: true)
        _ = try f.world.settle()
        XCTAssertEqual(f.lifecycle(since: m), ["B.will_disappear(true)", "A.will_appear(true)",
                                               "B.did_disappear(true)", "A.did_appear(true)"])
        XCTAssertEqual(f.events(since: m).filter { $0.kind == .lifecycle }.map(\.frame), [0, 0, 21, 21])
    }

    func testNonAnimatedPopFiresAllFourInOneFrame() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B")
        let nav = try f.navigation([a, b])
        let m = f.mark()
        try nav.pop(animated: false)
        XCTAssertEqual(f.logged(since: m), ["B.will_disappear(false)", "A.will_appear(false)",
                                            "B.did_disappear(false)", "A.did_appear(false)"])
        XCTAssertFalse(nav.transitioning)
    }

    func testPopToRootSkipsTheScreensInBetween() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B"), c = f.screen("C")
        let nav = try f.navigation([a, b, c])
        let m = f.mark()
        XCTAssertTrue(try nav.popToRoot(animated: false) === c)
        XCTAssertEqual(nav.screens.map(\.title), ["A"])
        XCTAssertEqual(f.logged(since: m), ["C.will_disappear(false)", "A.will_appear(false)",
                                            "C.did_disappear(false)", "A.did_appear(false)"])
        XCTAssertNil(try nav.pop(animated: true), "pop at the root returns nil")
        XCTAssertEqual(f.logged(since: m).count, 4)
    }

    func testPopToAScreen() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B"), c = f.screen("C"), d = f.screen("D")
        let nav = try f.navigation([a, b, c, d])
        XCTAssertTrue(try nav.pop(to: b, animated: false) === d)
        XCTAssertEqual(nav.screens.map(\.title), ["A", "B"])
        XCTAssertThrowsError(try nav.pop(to: d, animated: false))
    }

    // MARK: queueing

    func testPushDuringATransitionWaitsItsTurn() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B"), c = f.screen("C")
        let nav = try f.navigation([a])
        try nav.push(b, animated: true)
        try nav.push(c, animated: true)
        XCTAssertEqual(nav.screens.map(\.title), ["A", "B"])
        let elapsed = try f.world.settle()
        XCTAssertEqual(elapsed, 0.7)
        XCTAssertEqual(nav.screens.map(\.title), ["A", "B", "C"])
        let queued = f.events().filter { $0.kind == .queued }
        XCTAssertEqual(queued.map { $0["call"]!.string! }, ["push 'C'"])
        XCTAssertEqual(queued.map(\.frame), [0])
        let pushes = f.events().filter { $0.kind == .push }.map { "\($0["screen"]!.string!)@\($0.frame)" }
        XCTAssertEqual(pushes, ["A@0", "B@0", "C@21"])
    }

    func testCallsFromHooksRunInCallOrderOnceTheEngineIsFree() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B"), c = f.screen("C")
        let nav = try f.navigation([a])
        var popped: [Screen?] = []
        b.test.hooks[.did_appear] = { _, _ in
            guard popped.isEmpty else { return nil }   // B appears again after the pop
            try nav.push(c, animated: false)
            popped.append(try nav.pop(animated: false))
            return nil
        }
        let m = f.mark()
        try nav.push(b, animated: false)
        XCTAssertEqual(popped.count, 1)
        XCTAssertNil(popped[0], "a queued pop cannot know what it pops")
        XCTAssertEqual(nav.screens.map(\.title), ["A", "B"])
        let kinds = f.events(since: m).filter { [.queued, .push, .pop].contains($0.kind) }
            .map { "\($0.kind.rawValue) \($0["call"]?.string ?? $0["screen"]!.string!)" }
        XCTAssertEqual(kinds, ["push B", "queued push 'C'", "queued pop", "push C", "pop C"])
        XCTAssertEqual(f.logged(since: m), [
            "A.will_disappear(false)", "B.will_appear(false)", "A.did_disappear(false)", "B.did_appear(false)",
            "B.will_disappear(false)", "C.will_appear(false)", "B.did_disappear(false)", "C.did_appear(false)",
            "C.will_disappear(false)", "B.will_appear(false)", "C.did_disappear(false)", "B.did_appear(false)",
        ])
    }

    func testCallFromAHookDuringAnAnimatedPushRunsAfterIt() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B"), c = f.screen("C")
        let nav = try f.navigation([a])
        b.test.hooks[.will_appear] = { _, _ in try nav.push(c, animated: true); return nil }
        try nav.push(b, animated: true)
        XCTAssertEqual(nav.screens.map(\.title), ["A", "B"])
        _ = try f.world.settle()
        XCTAssertEqual(nav.screens.map(\.title), ["A", "B", "C"])
        let pushC = f.events().first { $0.kind == .push && $0["screen"]?.string == "C" }
        XCTAssertEqual(pushC?.frame, 21)
    }

    // MARK: set_screens

    func testSetScreensAnimatesLikeAPushToANewTop() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B"), c = f.screen("C")
        let nav = try f.navigation([a])
        let m = f.mark()
        try nav.setScreens([a, b, c], animated: true)
        XCTAssertEqual(nav.screens.map(\.title), ["A", "B", "C"])
        let v = nav.visual()
        XCTAssertTrue(v.top?.screen === c)
        assertClose(v.top?.x, 390)
        _ = try f.world.settle()
        XCTAssertEqual(f.lifecycle(since: m), ["A.will_disappear(true)", "C.will_appear(true)",
                                               "A.did_disappear(true)", "C.did_appear(true)"])
    }

    func testSetScreensToAnEarlierScreenAnimatesLikeAPop() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B"), c = f.screen("C")
        let nav = try f.navigation([a, b, c]) { $0.transition = AnimationSpec(duration: 0.5, curve: .linear) }
        try nav.setScreens([a, b], animated: true)
        try f.world.tick(6)
        let v = nav.visual()
        XCTAssertTrue(v.top?.screen === c)
        assertClose(v.top?.x, 78)
        XCTAssertTrue(v.below?.screen === b)
    }

    func testSetScreensWithTheSameTopFiresNoLifecycle() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B"), c = f.screen("C")
        let nav = try f.navigation([a, c])
        let m = f.mark()
        try nav.setScreens([b, c], animated: true)
        XCTAssertEqual(nav.screens.map(\.title), ["B", "C"])
        XCTAssertFalse(nav.transitioning)
        XCTAssertEqual(f.lifecycle(since: m), [])
        XCTAssertNil(a.navigation)
        XCTAssertTrue(b.navigation === nav)
    }

    func testSetScreensNonAnimated() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B")
        let nav = try f.navigation([a])
        let m = f.mark()
        try nav.setScreens([b], animated: false)
        XCTAssertEqual(f.lifecycle(since: m), ["A.will_disappear(false)", "B.will_appear(false)",
                                               "A.did_disappear(false)", "B.did_appear(false)"])
    }

    func testSetScreensRefusesEmptyAndRepeatedLists() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B")
        let nav = try f.navigation([a])
        XCTAssertThrowsError(try nav.setScreens([], animated: false))
        XCTAssertThrowsError(try nav.setScreens([a, b, a], animated: false)) {
            XCTAssertEqual(($0 as? NavError)?.message, "screen 'A' is in the list twice")
        }
        XCTAssertEqual(nav.screens.map(\.title), ["A"])
    }

    // MARK: pushing a screen twice

    func testFullscreenIgnoresADuplicatePushWithAnEvent() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B")
        let nav = try f.navigation([a, b], style: .fullscreen)
        let m = f.mark()
        try nav.push(a, animated: true)
        XCTAssertEqual(nav.screens.map(\.title), ["A", "B"])
        XCTAssertFalse(nav.transitioning)
        let events = f.events(since: m)
        XCTAssertEqual(events.map(\.kind), [.push_ignored])
        XCTAssertEqual(events.first?["screen"]?.string, "A")
    }

    func testOtherStylesThrowOnADuplicatePush() throws {
        for style in [PopStyle.edge, .snapshot] {
            let f = Fixture()
            let a = f.screen("A"), b = f.screen("B")
            let nav = try f.navigation([a, b], style: style)
            XCTAssertThrowsError(try nav.push(b, animated: false), "\(style)") {
                XCTAssertEqual(($0 as? NavError)?.message, "screen 'B' is already in the stack")
            }
            XCTAssertEqual(nav.screens.map(\.title), ["A", "B"])
            XCTAssertFalse(f.events().contains { $0.kind == .push_ignored })
        }
    }

    /// A queued duplicate push is not dropped: the driving call that runs it throws.
    func testQueuedDuplicatePushFailsWhenItRuns() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B")
        let nav = try f.navigation([a], style: .edge)
        try nav.push(b, animated: true)
        try nav.push(b, animated: true)   // queued: B is not yet known to be a duplicate
        try f.world.tick(20)
        XCTAssertThrowsError(try f.world.tick()) {
            XCTAssertEqual(($0 as? NavError)?.message, "screen 'B' is already in the stack")
        }
        XCTAssertEqual(f.events().last { $0.kind == .error }?.frame, 21)
        XCTAssertEqual(nav.screens.map(\.title), ["A", "B"])
    }

    func testAScreenBelongsToOneNavigation() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B")
        _ = try f.navigation([a])
        let other = try f.navigation([b])
        XCTAssertThrowsError(try other.push(a, animated: false)) {
            XCTAssertEqual(($0 as? NavError)?.message, "screen 'A' is in another navigation")
        }
    }

    // MARK: back button and presentation

    func testBackAsksWillGoBackFirst() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B")
        let nav = try f.navigation([a, b])
        b.test.answer(.will_go_back, false)
        try nav.back()
        XCTAssertEqual(nav.screens.map(\.title), ["A", "B"])
        b.test.answer(.will_go_back, true)
        try nav.back()
        XCTAssertEqual(nav.screens.map(\.title), ["A"])
        XCTAssertTrue(nav.transitioning, "the back button pops with animation")
    }

    func testBackAtTheRootDismissesWhenAllowed() throws {
        let f = Fixture()
        let a = f.screen("A")
        let nav = try f.navigation([a]) { $0.dismissAtRoot = true }
        try nav.present(animated: false)
        XCTAssertTrue(nav.presented)
        try nav.back()
        _ = try f.world.settle()
        XCTAssertFalse(nav.presented)
        XCTAssertEqual(f.events().filter { $0.kind == .dismiss }.count, 1)

        let g = Fixture()
        let root = g.screen("R")
        let plain = try g.navigation([root])
        try plain.present(animated: false)
        try plain.back()
        XCTAssertTrue(plain.presented, "without dismiss_at_root the root stays")
    }

    func testPresentationSlidesUpOverItsDuration() throws {
        let f = Fixture()
        let a = f.screen("A")
        let nav = try f.navigation([a]) { $0.presentation = AnimationSpec(duration: 0.5, curve: .linear) }
        try nav.present(animated: true)
        assertClose(nav.visual().y, 844)
        try f.world.tick(15)
        assertClose(nav.visual().y, 422)
        XCTAssertEqual(try f.world.settle(), 0.25)
        assertClose(nav.visual().y, 0)
    }

    // MARK: bar

    func testBarFollowsTheAppearingScreen() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B")
        b.test.flags["navigation_bar_hidden"] = true
        let nav = try f.navigation([a])
        XCTAssertFalse(nav.barHidden)
        try nav.push(b, animated: true)
        XCTAssertTrue(nav.barHidden, "applies at B's will_appear")
        _ = try f.world.settle()
        try nav.pop(animated: false)
        XCTAssertFalse(nav.barHidden)
        XCTAssertEqual(f.events().filter { $0.kind == .bar }.map { $0["hidden"]!.bool! }, [true, false])
    }
}
