import XCTest
@testable import NavLuaEngine
import NavLuaTestSupport

/// A screen with an OnBackPressedCallback, for the engine's tests.
private final class CallbackScreen: ScreenSource, BackCallbackSource {
    let name: String
    var enabled = true
    var calls: [String] = []
    var onPressed: (() throws -> Void)?
    init(_ name: String) { self.name = name }
    func title() -> String { name }
    func flag(_ field: ScreenField) throws -> Bool { false }
    func number(_ field: ScreenField) throws -> Double? { nil }
    func call(_ hook: Hook, _ arguments: HookArguments) throws -> HookResult { .undefined }
    func setPinned(_ pinned: Bool) {}
    func backCallbackEnabled() throws -> Bool { enabled }
    func callBack(_ method: BackCallbackMethod, _ event: BackEvent?) throws {
        calls.append(method.rawValue)
        if method == .on_pressed { try onPressed?() }
    }
}

/// Android's system back gesture in the engine (manual §15): SystemUI's
/// rules, the arena, the dispatch to a callback, the pop or home.
final class SystemBackGestureTests: XCTestCase {
    private func android(_ fixture: Fixture, _ stack: [Screen]) throws -> NavigationController {
        var options = NavigationOptions(tunables: fixture.world.tunables)
        Preset.android.apply(to: &options)
        let nav = try fixture.world.makeNavigation(options, root: stack.first)
        for screen in stack.dropFirst() { try nav.push(screen, animated: false) }
        return nav
    }

    private func backEvents(_ f: Fixture) -> [TraceEvent] { f.events().filter { $0.kind == .back } }

    func testTheTrackerIsBinary32() {
        var t = BackTouchTracker()
        t.setProgressThresholds(linear: 500, max: 500, factor: 0.2)
        t.setGestureStartLocation(x: 5, y: 0, edge: .left)
        t.update(x: 10, y: 0)
        XCTAssertEqual(t.progress, Float(5) / Float(500))
        XCTAssertNotEqual(Double(t.progress), 5.0 / 500.0, "a Double computation would differ from Java's float")
    }

    func testProductionThresholdsCapTheLinearDistanceAt412() {
        let r = SystemBackRules()
        XCTAssertEqual(r.thresholds(width: 390).linear, 390)
        XCTAssertEqual(r.thresholds(width: 900).linear, 412)
        XCTAssertEqual(r.thresholds(width: 900).max, 900)
        XCTAssertEqual(r.thresholds(width: 900).factor, Float(0.2))
    }

    func testASwipeFromTheLeftInsetPops() throws {
        let f = Fixture()
        let nav = try android(f, [f.screen("A"), f.screen("B")])
        try f.drag(from: Point(10, 400), to: Point(200, 400), seconds: 0.2)
        _ = try f.world.settle()
        XCTAssertEqual(nav.screens.map(\.title), ["A"])
        XCTAssertEqual(backEvents(f).first?["phase"]?.string, "started")
        XCTAssertEqual(backEvents(f).last?["phase"]?.string, "committed")
    }

    func testOutsideTheInsetNothingBegins() throws {
        let f = Fixture()
        let nav = try android(f, [f.screen("A"), f.screen("B")])
        try f.drag(from: Point(21, 400), to: Point(200, 400), seconds: 0.2)
        _ = try f.world.settle()
        XCTAssertEqual(nav.screens.count, 2)
        XCTAssertTrue(backEvents(f).isEmpty)
    }

    func testALiftShortOfTheTriggerDistanceCancels() throws {
        let f = Fixture()
        let nav = try android(f, [f.screen("A"), f.screen("B")])
        try f.drag(from: Point(5, 400), to: Point(20, 400), seconds: 0.1)   // 15 dp
        _ = try f.world.settle()
        XCTAssertEqual(nav.screens.count, 2)
        XCTAssertEqual(backEvents(f).last?["reason"]?.string, "short")
    }

    func testAnEnabledCallbackTakesTheGestureAndTheNavigationStays() throws {
        let f = Fixture()
        let form = CallbackScreen("Form")
        let nav = try android(f, [f.screen("A"), f.world.makeScreen(form)])
        try f.drag(from: Point(5, 400), to: Point(200, 400), seconds: 0.2)
        _ = try f.world.settle()
        XCTAssertEqual(form.calls.first, "on_started")
        XCTAssertEqual(form.calls.last, "on_pressed")
        XCTAssertTrue(form.calls.dropFirst().dropLast().allSatisfy { $0 == "on_progressed" })
        XCTAssertEqual(nav.screens.count, 2)
        XCTAssertNil(nav.transition)
    }

    func testAPopFromOnPressedRunsOnceItReturns() throws {
        let f = Fixture()
        let form = CallbackScreen("Form")
        let nav = try android(f, [f.screen("A"), f.world.makeScreen(form)])
        form.onPressed = { _ = try nav.pop(animated: true) }
        try f.drag(from: Point(5, 400), to: Point(200, 400), seconds: 0.2)
        _ = try f.world.settle()
        XCTAssertEqual(f.events().filter { $0.kind == .queued }.count, 1)
        XCTAssertEqual(nav.screens.map(\.title), ["A"])
    }

    func testAtTheRootTheAppGoesHome() throws {
        let f = Fixture()
        let nav = try android(f, [f.screen("A")])
        try f.drag(from: Point(5, 400), to: Point(200, 400), seconds: 0.2)
        _ = try f.world.settle()
        XCTAssertEqual(f.events().filter { $0.kind == .back_to_home }.count, 1)
        XCTAssertEqual(nav.screens.count, 1)
    }

    func testASecondFingerCancelsTheGesture() throws {
        let f = Fixture()
        let nav = try android(f, [f.screen("A"), f.screen("B")])
        let t = try f.world.touchDown(at: Point(5, 400))
        try f.world.move(t, to: Point(150, 400), seconds: 0.1)
        let t2 = try f.world.touchDown(at: Point(200, 600))
        try f.world.lift(t)
        try f.world.lift(t2)
        _ = try f.world.settle()
        XCTAssertEqual(nav.screens.count, 2)
        XCTAssertEqual(backEvents(f).last?["reason"]?.string, "multi_touch")
    }

    func testOtherPresetsHaveNoSystemBack() {
        for p in Preset.builtIn() where p.name != "android" {
            XCTAssertNil(p.systemBack, p.name)
        }
    }
}
