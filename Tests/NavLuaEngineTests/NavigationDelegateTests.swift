import XCTest
@testable import NavLuaEngine
import NavLuaTestSupport

/// A delegate that writes its calls into the screens' log.
private final class LoggingDelegate: NavigationDelegate {
    let log: CallLog
    var onCall: ((NavigationDelegateMethod, Screen) throws -> Void)?
    init(_ log: CallLog) { self.log = log }
    func call(_ method: NavigationDelegateMethod, _ nav: NavigationController,
              _ screen: Screen, animated: Bool) throws -> Bool {
        log.entries.append("\(method.rawValue) \(screen.test.name)(\(animated))")
        try onCall?(method, screen)
        return true
    }
}

/// The navigation's delegate and the transition coordinator (manual §4.7):
/// the order of their calls beside the lifecycle, and the coordinator's
/// moments, in the engine alone.
final class NavigationDelegateTests: XCTestCase {
    private func stack(_ style: PopStyle = .fullscreen) throws
        -> (f: Fixture, nav: NavigationController, a: Screen, b: Screen, d: LoggingDelegate) {
        let s = try popStack(style)
        for screen in [s.a, s.b] { screen.test.logLifecycle() }
        let d = LoggingDelegate(s.f.log)
        s.nav.setDelegate(d)
        s.f.log.entries.removeAll()
        return (s.f, s.nav, s.a, s.b, d)
    }

    func testAPushTellsWillShowAfterTheWillCallsAndDidShowAfterTheDidCalls() throws {
        let s = try stack()
        let c = s.f.screen("C")
        c.test.logLifecycle()
        try s.nav.push(c, animated: true)
        _ = try s.f.world.settle()
        XCTAssertEqual(s.f.log.entries, ["B.will_disappear(true)", "C.will_appear(true)", "will_show C(true)",
                                         "B.did_disappear(true)", "C.did_appear(true)", "did_show C(true)"])
    }

    func testACancelledInteractivePopTellsNoDidShow() throws {
        let s = try stack()
        let t = try s.f.world.touchDown(at: Point(100, 400))
        try s.f.world.move(t, to: Point(140, 400), seconds: 0.25)
        try s.f.world.hold(t, seconds: 0.1)
        try s.f.world.lift(t)
        _ = try s.f.world.settle()
        XCTAssertEqual(s.nav.count, 2)
        XCTAssertEqual(s.f.log.entries.filter { $0.hasPrefix("will_show") || $0.hasPrefix("did_show") },
                       ["will_show A(true)"])
    }

    func testAFinishedInteractivePopTellsPopGestureDidEndAtTheLiftThenDidShow() throws {
        let s = try stack()
        let t = try s.f.world.touchDown(at: Point(100, 400))
        try s.f.world.move(t, to: Point(340, 400), seconds: 0.25)
        try s.f.world.lift(t)
        XCTAssertEqual(s.f.log.entries.last, "B.pop_gesture_did_end")
        XCTAssertTrue(s.nav.transitioning)
        _ = try s.f.world.settle()
        XCTAssertEqual(Array(s.f.log.entries.suffix(4)),
                       ["B.pop_gesture_did_end", "B.did_disappear(true)", "A.did_appear(true)", "did_show A(true)"])
    }

    func testTheCoordinatorsMoments() throws {
        let s = try stack()
        XCTAssertNil(s.nav.transitionCoordinator)
        let t = try s.f.world.touchDown(at: Point(100, 400))
        try s.f.world.move(t, to: Point(334, 400), seconds: 0.25)
        let c = try XCTUnwrap(s.nav.transitionCoordinator)
        XCTAssertTrue(c === s.nav.transitionCoordinator)
        XCTAssertTrue(c.context.isInteractive)
        var moments: [String] = []
        XCTAssertTrue(c.notifyWhenInteractionChanges { ctx in
            moments.append("interaction cancelled=\(ctx.isCancelled) p=\(ctx.percentComplete)")
        })
        var frames = 0
        XCTAssertTrue(c.animateAlongside({ _ in frames += 1 }, completion: { ctx in
            moments.append("completion cancelled=\(ctx.isCancelled) p=\(ctx.percentComplete)")
        }))
        try s.f.world.lift(t)
        XCTAssertEqual(moments, ["interaction cancelled=false p=0.6"])
        _ = try s.f.world.settle()
        XCTAssertEqual(moments.last, "completion cancelled=false p=1.0")
        XCTAssertGreaterThan(frames, 0)
        XCTAssertTrue(c.isOver)
        XCTAssertFalse(c.animateAlongside({ _ in XCTFail("after the end") }, completion: nil))
        XCTAssertNil(s.nav.transitionCoordinator)
        XCTAssertFalse(s.f.world.coordinatorsFollowFrames)
    }

    func testNoCoordinatorForTheSnapshotSlide() throws {
        let s = try stack(.snapshot)
        let t = try s.f.world.touchDown(at: Point(50, 400))
        try s.f.world.move(t, to: Point(250, 400), seconds: 0.25)
        XCTAssertTrue(s.nav.transitioning)
        XCTAssertNil(s.nav.transitionCoordinator)
        try s.f.world.lift(t)
        XCTAssertEqual(s.f.log.entries.last, "B.pop_gesture_did_end")
        _ = try s.f.world.settle()
        // QD pops without animation at the end of its slide
        XCTAssertEqual(s.f.log.entries.last, "did_show A(false)")
    }

    func testAFailingDelegateFailsTheCallAndTheStackStaysConsistent() throws {
        let s = try stack()
        s.d.onCall = { method, _ in if method == .will_show { throw NavError.badCall("boom") } }
        let c = s.f.screen("C")
        XCTAssertThrowsError(try s.nav.push(c, animated: true)) { error in
            XCTAssertEqual((error as? NavError)?.message, "boom")
        }
        _ = try s.f.world.settle()
        XCTAssertTrue(s.nav.top === c)
        XCTAssertFalse(s.nav.transitioning)
    }

    func testTheLeakedSwitchIsJudgedAfterDidShow() throws {
        let s = try stack()
        let c = s.f.screen("C")
        try s.nav.push(c, animated: false)
        s.nav.setPopGesture(false)
        // seed 004's fix: did_show puts the switch back for the screen shown
        s.d.onCall = { [nav = s.nav] method, _ in if method == .did_show { nav.setPopGesture(true) } }
        _ = try s.nav.pop(animated: false)
        XCTAssertTrue(s.f.world.trace.events.filter { $0.kind == .pitfall }.isEmpty)
    }
}
