import XCTest
@testable import NavLuaEngine
import NavLuaTestSupport

/// Sheets in the engine alone (manual §4.7): where they rest, each
/// platform's release rule, refusal and the delegate, and the lifecycle of
/// a full-screen cover.
final class SheetTests: XCTestCase {
    private final class Delegate: PresentationDelegate {
        var calls: [String] = []
        var refuses = false
        func call(_ method: PresentationDelegateMethod, _ nav: NavigationController) throws -> HookResult {
            calls.append(method.rawValue)
            return method == .should_dismiss ? .value(!refuses) : .value(nil)
        }
    }

    private func app(_ configure: (inout NavigationOptions) -> Void = { _ in })
        throws -> (f: Fixture, home: NavigationController, sheet: NavigationController) {
        let f = Fixture()
        let home = try f.navigation([f.screen("Home")])
        let sheet = try f.navigation([f.screen("Form")], configure: configure)
        f.log.entries.removeAll()
        return (f, home, sheet)
    }

    private func present(_ sheet: NavigationController, _ f: Fixture, detents: [Detent] = [.large]) throws {
        var r = PresentationRequest()
        r.style = .pageSheet
        r.detents = detents
        try sheet.present(r)
        _ = try f.world.settle()
    }

    private func pull(_ f: Fixture, from y: Double, by dy: Double, seconds: Double, hold: Double = 0) throws {
        let t = try f.world.touchDown(at: Point(200, y))
        try f.world.move(t, to: Point(200, y + dy), seconds: seconds)
        if hold > 0 { try f.world.hold(t, seconds: hold) }
        try f.world.lift(t)
        _ = try f.world.settle()
    }

    func testRestPositionsPerPlatform() {
        XCTAssertEqual(SheetRules.uikit.restY(.large, height: 844), 0.08 * 844)
        XCTAssertEqual(SheetRules.uikit.restY(.medium, height: 844), 422)
        XCTAssertEqual(SheetRules.uikit.restY(.height(300), height: 844), 544)
        XCTAssertEqual(SheetRules.flutter.restY(.large, height: 600), 48)
        XCTAssertEqual(SheetRules.reactNavigation.restY(.large, height: 844), 10)
        // a detent taller than the large sheet stops at its top gap
        XCTAssertEqual(SheetRules.uikit.restY(.height(2000), height: 844), 0.08 * 844)
        XCTAssertEqual(SheetRules.reactNavigation.behindScale(width: 390), 1 - 20.0 / 390, accuracy: 1e-12)
    }

    func testARequestIsChecked() {
        var r = PresentationRequest()
        r.detents = []
        XCTAssertThrowsError(try r.check())
        r.detents = [.height(.nan)]
        XCTAssertThrowsError(try r.check())
        r.detents = [.medium]
        r.selected = 1
        XCTAssertThrowsError(try r.check())
    }

    func testAFarPullDismissesWithTheDelegatesInOrder() throws {
        let s = try app()
        let d = Delegate()
        s.sheet.setPresentationDelegate(d)
        try present(s.sheet, s.f)
        try pull(s.f, from: 300, by: 500, seconds: 0.3)
        XCTAssertFalse(s.sheet.presented)
        XCTAssertEqual(d.calls, ["should_dismiss", "will_dismiss", "did_dismiss"])
        XCTAssertEqual(s.f.log.entries.suffix(2), ["Form.will_disappear(true)", "Form.did_disappear(true)"])
    }

    func testARefusedPullResistsAndReturns() throws {
        let s = try app()
        let d = Delegate()
        d.refuses = true
        s.sheet.setPresentationDelegate(d)
        try present(s.sheet, s.f)
        let rest = s.sheet.visual().presented!.y
        let t = try s.f.world.touchDown(at: Point(200, 300))
        try s.f.world.move(t, to: Point(200, 800), seconds: 0.3)
        let y = s.sheet.visual().presented!.y
        XCTAssertGreaterThan(y, rest)
        XCTAssertLessThan(y - rest, SheetRules.uikit.refusedStretch)
        try s.f.world.lift(t)
        _ = try s.f.world.settle()
        XCTAssertEqual(s.sheet.visual().presented?.y, rest)
        XCTAssertEqual(d.calls, ["should_dismiss", "did_attempt_to_dismiss"])
    }

    func testFlutterStaysAboveTheValue052() throws {
        for (fraction, stays) in [(0.45, true), (0.5, false)] {
            let s = try app { $0.sheet = .flutter }
            try present(s.sheet, s.f)
            let rest = s.sheet.visual().presented!.y
            try pull(s.f, from: 300, by: fraction * (844 - rest), seconds: 1, hold: 0.1)
            XCTAssertEqual(s.sheet.presented, stays, "\(fraction)")
        }
    }

    func testAPullUpFromMediumReachesLarge() throws {
        let s = try app()
        try present(s.sheet, s.f, detents: [.medium, .large])
        XCTAssertEqual(s.sheet.presentation?.detent, .medium)
        XCTAssertEqual(s.f.log.entries, ["Form.will_appear(true)", "Form.did_appear(true)"], "appears when presented")
        s.f.log.entries.removeAll()
        try pull(s.f, from: 500, by: -300, seconds: 0.3)
        XCTAssertEqual(s.sheet.presentation?.detent, .large)
        XCTAssertTrue(s.f.log.entries.isEmpty, "moving between detents is no dismissal: \(s.f.log.entries)")
    }

    func testAFullScreenPresentCoversTheNavigationBelow() throws {
        let s = try app()
        try s.sheet.present(animated: true)
        _ = try s.f.world.settle()
        XCTAssertTrue(s.home.isCovered)
        // the presented navigation appears now, not when it was made (issue 39 item 2)
        XCTAssertEqual(s.f.log.entries, ["Home.will_disappear(true)", "Form.will_appear(true)",
                                         "Home.did_disappear(true)", "Form.did_appear(true)"])
        // out of sight: a push on the covered navigation tells no one
        try s.home.push(s.f.screen("Next"), animated: false)
        XCTAssertEqual(s.f.log.entries.count, 4)
        try s.sheet.dismiss(animated: true)
        _ = try s.f.world.settle()
        XCTAssertFalse(s.home.isCovered)
        XCTAssertEqual(s.f.log.entries.suffix(4), ["Form.will_disappear(true)", "Next.will_appear(true)",
                                                   "Form.did_disappear(true)", "Next.did_appear(true)"])
    }
}
