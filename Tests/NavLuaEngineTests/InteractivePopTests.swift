import XCTest
@testable import NavLuaEngine
@testable import NavLuaVisuals
import NavLuaTestSupport

/// The interactive pop under a finger and after it (manual §5.6-§5.9): its
/// motion, the completion rules, finishing and cancelling, and the snapshot
/// style's numbers.
final class InteractivePopTests: XCTestCase {

    // MARK: interactive pop motion

    func testInteractivePopFollowsTheFinger() throws {
        let s = try popStack(.fullscreen)
        let touch = try s.f.world.touchDown(at: Point(10, 400))
        try s.f.world.move(touch, to: Point(107.5, 400), seconds: 0.1)   // p = 0.25
        let v = s.nav.visual()
        XCTAssertTrue(v.top?.screen === s.b)
        assertClose(v.top?.x, 97.5)
        XCTAssertTrue(v.below?.screen === s.a)
        assertClose(v.below?.x, -0.3 * 390 * 0.75)
        assertClose(v.dim, 0.075)
        try s.f.world.move(touch, to: Point(-50, 400), seconds: 0.1)   // clamped at 0
        assertClose(s.nav.visual().top?.x, 0)
        try s.f.world.move(touch, to: Point(900, 400), seconds: 0.1)   // clamped at 1
        assertClose(s.nav.visual().top?.x, 390)
        assertClose(s.nav.visual().dim, 0)
        try s.f.world.cancel(touch)
    }

    func testRightToLeftInteractivePopMirrors() throws {
        let s = try popStack(.fullscreen, layout: .rightToLeft)
        let touch = try s.f.world.touchDown(at: Point(300, 400))
        try s.f.world.move(touch, to: Point(202.5, 400), seconds: 0.1)
        let v = s.nav.visual()
        assertClose(v.top?.x, -97.5)
        assertClose(v.below?.x, 0.3 * 390 * 0.75)
        assertClose(v.dim, 0.075)
        try s.f.world.cancel(touch)
    }

    // MARK: completion rules

    /// Drags [A, B] with `rule`, returns whether the pop finished; checks the
    /// `finish` field of the ended event agrees with the stack.
    private func finishes(_ rule: CompletionRule, width: Double = 390,
                          _ moves: (World, Touch) throws -> Void,
                          file: StaticString = #filePath, line: UInt = #line) throws -> Bool {
        let s = try popStack(.fullscreen, width: width) { $0.completion = rule }
        let touch = try s.f.world.touchDown(at: Point(10, 400))
        try moves(s.f.world, touch)
        try s.f.world.lift(touch)
        _ = try s.f.world.settle()
        let ended = s.f.popGestures().last
        XCTAssertEqual(ended?["state"]?.string, "ended", file: file, line: line)
        let finished = s.nav.count == 1
        XCTAssertEqual(ended?["finish"]?.bool, finished, file: file, line: line)
        return finished
    }

    /// Moves to fraction `p` of the width and holds still until the velocity is 0.
    private func stillAt(_ p: Double, width: Double = 390) -> (World, Touch) throws -> Void {
        { world, touch in
            try world.move(touch, to: Point(10 + p * width, 400), seconds: 0.3)
            try world.hold(touch, seconds: 0.1)
        }
    }

    /// Moves `dx` points forward over `seconds` and lifts at once (velocity about dx / seconds).
    private func moving(_ dx: Double, over seconds: Double) -> (World, Touch) throws -> Void {
        { world, touch in try world.move(touch, to: Point(10 + dx, 400), seconds: seconds) }
    }

    func testReleasedStillAt49PercentUIKitFinishesAndFlutterCancels() throws {
        XCTAssertTrue(try finishes(.uikit, stillAt(0.49)))
        XCTAssertFalse(try finishes(.flutter, stillAt(0.49)))
        XCTAssertTrue(try finishes(.uikitLegacy, stillAt(0.49)))
        XCTAssertFalse(try finishes(.reactNavigation, stillAt(0.49)))
    }

    func testUIKitThresholdIs187Point5Points() throws {
        // 187.5 / 390 = 0.4808
        XCTAssertFalse(try finishes(.uikit, stillAt(0.47)))
        XCTAssertTrue(try finishes(.uikit, stillAt(0.49)))
    }

    func testUIKitThresholdIsAtMostHalfTheWidth() throws {
        // 187.5 / 300 = 0.625, capped at 0.5
        XCTAssertFalse(try finishes(.uikit, width: 300, stillAt(0.49, width: 300)))
        XCTAssertTrue(try finishes(.uikit, width: 300, stillAt(0.51, width: 300)))
    }

    func testUIKitProjectsTheVelocityOverTheDuration() throws {
        // p = 0.3; 468 pt/s: 0.3 + 1.2 * 0.35 = 0.72 finishes
        XCTAssertTrue(try finishes(.uikit, moving(117, over: 0.25)))
        // 117 pt/s: 0.3 + 0.3 * 0.35 = 0.405 cancels
        XCTAssertFalse(try finishes(.uikit, moving(117, over: 1.0)))
    }

    func testUIKitWithFewerThanThreeSamplesDecidesByDirection() throws {
        // two samples since began at p = 0.6 (0.01 s: two ticks at 120 Hz),
        // released still: v = 0 is not > 0
        XCTAssertFalse(try finishes(.uikit) { world, touch in
            try world.hold(touch, seconds: 0.2)
            try world.move(touch, to: Point(10 + 234, 400), seconds: 0.01)
            try world.hold(touch, seconds: 0.1)
        })
        // three samples: p + vT = 0.6 > 0.48
        XCTAssertTrue(try finishes(.uikit) { world, touch in
            try world.hold(touch, seconds: 0.2)
            try world.move(touch, to: Point(10 + 234, 400), seconds: 0.05)
            try world.hold(touch, seconds: 0.1)
        })
    }

    func testUIKitLegacyFinishesUnlessMovingBack() throws {
        XCTAssertTrue(try finishes(.uikitLegacy, stillAt(0.1)))
        XCTAssertFalse(try finishes(.uikitLegacy) { world, touch in
            try world.move(touch, to: Point(10 + 0.95 * 390, 400), seconds: 0.5)
            try world.move(touch, to: Point(10 + 0.9 * 390, 400), seconds: 0.1)
        })
    }

    func testFlutterHalfwayAndFling() throws {
        XCTAssertTrue(try finishes(.flutter, stillAt(0.51)))
        // 2 widths/s forward at p = 0.2
        XCTAssertTrue(try finishes(.flutter, moving(78, over: 0.1)))
        // 2 widths/s back at p = 0.6
        XCTAssertFalse(try finishes(.flutter) { world, touch in
            try world.move(touch, to: Point(10 + 0.8 * 390, 400), seconds: 0.5)
            try world.move(touch, to: Point(10 + 0.6 * 390, 400), seconds: 0.1)
        })
        // 0.9 widths/s forward is not a fling: p = 0.45 cancels
        XCTAssertFalse(try finishes(.flutter, moving(175.5, over: 0.5)))
    }

    func testReactNavigationAddsAThirdOfTheVelocity() throws {
        XCTAssertTrue(try finishes(.reactNavigation, stillAt(0.51)))
        // 120 + 0.3 * 300 = 210 > 195
        XCTAssertTrue(try finishes(.reactNavigation, moving(120, over: 0.4)))
        // 120 + 0.3 * 200 = 180 < 195
        XCTAssertFalse(try finishes(.reactNavigation, moving(120, over: 0.6)))
    }

    func testCustomRuleGetsProgressAndVelocity() throws {
        var seen: (Double, Double)?
        let rule = CompletionRule.custom { p, vx, _ in seen = (p, vx); return true }
        XCTAssertTrue(try finishes(rule, stillAt(0.25)))
        XCTAssertEqual(seen?.0 ?? -1, 0.25, accuracy: 1e-9)
        XCTAssertEqual(seen?.1, 0)
    }

    // MARK: finishing and cancelling

    func testReleasedStillTheRestTakesTheWholeDuration() throws {
        let s = try popStack(.fullscreen)
        let touch = try s.f.world.touchDown(at: Point(10, 400))
        try s.f.world.move(touch, to: Point(10 + 0.6 * 390, 400), seconds: 0.3)
        try s.f.world.hold(touch, seconds: 0.1)
        try s.f.world.lift(touch)
        let lift = s.f.world.clock.frame
        XCTAssertEqual(try s.f.world.settle(), 0.35, "T(1-p) / max(1-p, 0) = T")
        let finish = s.f.events().first { $0.kind == .transition && $0["phase"]?.string == "finish" }
        XCTAssertEqual(finish?.frame, lift + 21)
        XCTAssertEqual(finish?["what"]?.string, "interactive_pop")
    }

    func testAFlingShortensTheRest() throws {
        let s = try popStack(.fullscreen)
        let touch = try s.f.world.touchDown(at: Point(10, 400))
        try s.f.world.move(touch, to: Point(10 + 195, 400), seconds: 0.1)   // p = 0.5 at ~1950 pt/s
        try s.f.world.lift(touch)
        let ended = try XCTUnwrap(s.f.popGestures().last)
        let vx = try XCTUnwrap(ended["velocity"]?.point?.x)
        XCTAssertGreaterThan(vx, 1900)
        let T = 0.35, remaining = 0.5
        let seconds = T * remaining / max(remaining, T * (vx / 390))
        XCTAssertLessThan(seconds, 0.11)
        let end = ended.nanos + Int((seconds * 1e9).rounded())
        var k = ended.frame
        while s.f.nanos(k) < end { k += 1 }
        _ = try s.f.world.settle()
        let finish = s.f.events().first { $0.kind == .transition && $0["phase"]?.string == "finish" }
        XCTAssertEqual(finish?.frame, k)
        XCTAssertEqual(s.nav.count, 1)
    }

    func testNothingLeftToAnimateFinishesInTheLiftFrame() throws {
        let s = try popStack(.fullscreen)
        try s.f.drag(from: Point(10, 400), to: Point(500, 400), seconds: 0.3, hold: 0.1)   // p = 1
        let lift = s.f.world.clock.frame
        let finish = s.f.events().first { $0.kind == .transition && $0["phase"]?.string == "finish" }
        XCTAssertEqual(finish?.frame, lift)
        XCTAssertEqual(s.nav.count, 1)
        XCTAssertEqual(try s.f.world.settle(), 0)
    }

    func testInteractivePopLifecycleWhenItFinishes() throws {
        let s = try popStack(.fullscreen)
        let m = s.f.mark()
        let touch = try s.f.world.touchDown(at: Point(10, 400))
        try s.f.world.move(touch, to: Point(300, 400), seconds: 0.3)
        XCTAssertEqual(s.f.logged(since: m), ["B.will_disappear(true)", "A.will_appear(true)"])
        try s.f.world.lift(touch)
        // SPEC v2 §2: at the lift, before the drop has run
        XCTAssertEqual(s.f.logged(since: m).last, "B.pop_gesture_did_end")
        _ = try s.f.world.settle()
        XCTAssertEqual(s.f.logged(since: m), ["B.will_disappear(true)", "A.will_appear(true)",
                                              "B.pop_gesture_did_end",
                                              "B.did_disappear(true)", "A.did_appear(true)"])
        let order = s.f.events(since: m).filter { [.lifecycle, .pop, .hook].contains($0.kind) }
            .suffix(4).map { "\($0.kind.rawValue) \($0["name"]?.string ?? $0["screen"]!.string!)" }
        XCTAssertEqual(order, ["hook pop_gesture_did_end", "lifecycle did_disappear", "lifecycle did_appear", "pop B"])
        XCTAssertEqual(s.nav.screens.map(\.title), ["A"])
    }

    func testInteractivePopLifecycleWhenItCancels() throws {
        let s = try popStack(.fullscreen)
        let m = s.f.mark()
        try s.f.drag(from: Point(10, 400), to: Point(60, 400), seconds: 0.3, hold: 0.1)
        _ = try s.f.world.settle()
        XCTAssertEqual(s.f.logged(since: m), ["B.will_disappear(true)", "A.will_appear(true)",
                                              "A.will_disappear(true)", "A.did_disappear(true)",
                                              "B.will_appear(true)", "B.did_appear(true)"])
        XCTAssertEqual(s.nav.screens.map(\.title), ["A", "B"])
        XCTAssertFalse(s.f.events(since: m).contains { $0.kind == .pop })
    }

    func testATouchCancelCancelsThePop() throws {
        let s = try popStack(.fullscreen)
        try s.f.drag(from: Point(10, 400), to: Point(370, 400), seconds: 0.2, cancel: true)
        XCTAssertEqual(s.f.lastPopState, "cancelled")
        XCTAssertEqual(s.f.popGestures().last?["finish"]?.bool, false)
        _ = try s.f.world.settle()
        XCTAssertEqual(s.nav.count, 2)
        XCTAssertFalse(s.b.test.asked.contains(.pop_gesture_did_end))
    }

    func testBarIsRestoredAfterACancelledPop() throws {
        let s = try popStack(.fullscreen)
        s.a.test.flags["navigation_bar_hidden"] = true
        let touch = try s.f.world.touchDown(at: Point(10, 400))
        try s.f.world.move(touch, to: Point(60, 400), seconds: 0.3)
        XCTAssertTrue(s.nav.barHidden, "A's preference applies at its will_appear")
        try s.f.world.hold(touch, seconds: 0.1)
        try s.f.world.lift(touch)
        _ = try s.f.world.settle()
        XCTAssertEqual(s.nav.count, 2)
        XCTAssertFalse(s.nav.barHidden, "the bar matches B again (FD issue #55)")
        XCTAssertFalse(s.nav.visual().barHidden)
        XCTAssertEqual(s.f.events().filter { $0.kind == .bar }.map { $0["hidden"]!.bool! }, [true, false])
    }

    func testNavigationCallDuringAPopWaitsForIt() throws {
        let s = try popStack(.fullscreen)
        let c = s.f.screen("C")
        let touch = try s.f.world.touchDown(at: Point(10, 400))
        try s.f.world.move(touch, to: Point(60, 400), seconds: 0.3)
        try s.nav.push(c, animated: false)
        XCTAssertEqual(s.nav.screens.map(\.title), ["A", "B"])
        try s.f.world.hold(touch, seconds: 0.1)
        try s.f.world.lift(touch)
        _ = try s.f.world.settle()
        XCTAssertEqual(s.nav.screens.map(\.title), ["A", "B", "C"])
        let cancelled = s.f.events().first { $0.kind == .transition && $0["phase"]?.string == "cancel" }!
        let pushC = s.f.events().first { $0.kind == .push && $0["screen"]?.string == "C" }!
        XCTAssertEqual(pushC.frame, cancelled.frame)
    }

    // MARK: snapshot style motion (QD)

    func testSnapshotNumbersFollowTheFinger() throws {
        let s = try popStack(.snapshot)
        let touch = try s.f.world.touchDown(at: Point(100, 400))
        try s.f.world.move(touch, to: Point(300, 400), seconds: 0.2)   // began at 116.67
        let x = 300 - (100 + 200.0 / 12)
        var v = s.nav.visual()
        XCTAssertTrue(v.top?.screen === s.b)
        assertClose(v.top?.x, x)
        assertClose(v.mask, 0.4 - x / 800)
        let g = 0.04 * (390 - x) / 390
        let snap = try XCTUnwrap(v.snapshot)
        XCTAssertTrue(snap.screen === s.a)
        assertClose(snap.x, g * 390)
        assertClose(snap.y, g * 844)
        assertClose(snap.width, (1 - 2 * g) * 390)
        assertClose(snap.height, (1 - 2 * g) * 844)
        XCTAssertNil(v.below)
        // moving back past the start leaves the view where it is
        try s.f.world.move(touch, to: Point(50, 400), seconds: 0)
        v = s.nav.visual()
        assertClose(v.top?.x, x)
        try s.f.world.cancel(touch)
    }

    func testSnapshotMaskAndGapAtRest() throws {
        let s = try popStack(.snapshot)
        let v = s.nav.visual()
        assertClose(v.mask, 0)
        XCTAssertNil(s.nav.visual().snapshot)
        let e = try popStack(.edge)
        XCTAssertNil(e.nav.visual().mask)
    }

    func testSnapshotThresholdCountsFromWhereThePanBegan() throws {
        // 90 pt drag from x = 100 in 18 pt steps: began at 118, so x = 72 < 80
        let s = try popStack(.snapshot)
        try s.f.drag(from: Point(100, 400), to: Point(190, 400), seconds: 5.0 / 60)
        XCTAssertEqual(s.f.popGestures().first { $0["state"]?.string == "began" }?["location"]?.point?.x, 118)
        XCTAssertEqual(s.f.popGestures().last?["finish"]?.bool, false)
        let lift = s.f.world.clock.frame
        XCTAssertEqual(try s.f.world.settle(), 0.3)
        XCTAssertEqual(s.nav.count, 2)
        let end = s.f.events().first { $0.kind == .transition && $0["phase"]?.string != "begin" }
        XCTAssertEqual(end?["phase"]?.string, "cancel")
        XCTAssertEqual(end?.frame, lift + 18)
        assertClose(s.nav.visual().top?.x, 0)
    }

    func testSnapshotFinishesPast80PointsIn0Point2Seconds() throws {
        // 120 pt drag in 20 pt steps: began at 120, x = 100 > 80
        let s = try popStack(.snapshot)
        let m = s.f.mark()
        try s.f.drag(from: Point(100, 400), to: Point(220, 400), seconds: 0.1)
        let lift = s.f.world.clock.frame
        try s.f.world.tick(6)   // ease_in_out to W over 0.2 s: halfway
        assertClose(s.nav.visual().top?.x, 100 + (390 - 100) * 0.5)
        XCTAssertEqual(try s.f.world.settle(), 0.1)
        XCTAssertEqual(s.nav.screens.map(\.title), ["A"])
        let end = s.f.events(since: m).first { $0.kind == .transition && $0["phase"]?.string == "finish" }
        XCTAssertEqual(end?.frame, lift + 12)
        let pop = s.f.events(since: m).first { $0.kind == .pop }
        XCTAssertEqual(pop?["animated"]?.bool, false)
        XCTAssertEqual(pop?.frame, lift + 12)
        XCTAssertEqual(s.f.logged(since: m), ["B.pop_gesture_did_end",   // at the lift (SPEC v2 §2)
                                              "B.will_disappear(false)", "A.will_appear(false)",
                                              "B.did_disappear(false)", "A.did_appear(false)"])
    }

    func testSnapshotTouchCancelGoesBackIn0Point3Seconds() throws {
        let s = try popStack(.snapshot)
        try s.f.drag(from: Point(100, 400), to: Point(300, 400), seconds: 0.1, cancel: true)
        XCTAssertEqual(s.f.popGestures().last?["finish"]?.bool, false)
        XCTAssertEqual(try s.f.world.settle(), 0.3)
        XCTAssertEqual(s.nav.count, 2)
        XCTAssertFalse(s.b.test.asked.contains(.pop_gesture_did_end))
    }

    func testRightToLeftSnapshotMovesTowardTheLeft() throws {
        let s = try popStack(.snapshot, layout: .rightToLeft)
        let touch = try s.f.world.touchDown(at: Point(300, 400))
        try s.f.world.move(touch, to: Point(180, 400), seconds: 0.1)   // began at 280, x = 100
        let v = s.nav.visual()
        assertClose(v.top?.x, -100)
        assertClose(v.mask, 0.4 - 100.0 / 800)
        try s.f.world.lift(touch)
        _ = try s.f.world.settle()
        XCTAssertEqual(s.nav.count, 1)
    }
}
