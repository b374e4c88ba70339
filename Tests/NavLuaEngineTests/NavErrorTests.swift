import XCTest
@testable import NavLuaEngine
import NavLuaTestSupport

/// Failures are typed: a Swift caller can tell a bad call from a hook that
/// failed, and the message is the text a script sees.
final class NavErrorTests: XCTestCase {
    private struct Boom: Error, CustomStringConvertible { var description: String { "boom" } }

    func testABadCallIsBadCall() throws {
        let f = Fixture()
        let nav = try f.navigation([f.screen("A")])
        XCTAssertThrowsError(try nav.dismiss(animated: false)) {
            XCTAssertEqual($0 as? NavError, .badCall("the navigation is not presented"))
        }
    }

    /// The hook that raised is named, and the driving call still completes.
    func testARaisingHookIsHookFailedWithItsHookAndScreen() throws {
        let f = Fixture()
        let nav = try f.navigation([f.screen("A")])
        let b = f.screen("B")
        b.test.hooks[.will_appear] = { _, _ in throw Boom() }
        XCTAssertThrowsError(try nav.push(b, animated: false)) {
            XCTAssertEqual($0 as? NavError, .hookFailed(hook: .will_appear, screen: "B", message: "boom"))
        }
        XCTAssertEqual(nav.count, 2)
        XCTAssertEqual(f.events().filter { $0.kind == .error }.map { $0["message"]?.string }, ["boom"])
    }

    /// Only the first failure of a call is thrown; the next call starts clean.
    func testTheFirstFailureOfACallIsThrownOnce() throws {
        let f = Fixture()
        let nav = try f.navigation([f.screen("A")])
        let b = f.screen("B")
        b.test.hooks[.will_appear] = { _, _ in throw Boom() }
        b.test.hooks[.did_appear] = { _, _ in throw NavError.badCall("second") }
        XCTAssertThrowsError(try nav.push(b, animated: false)) {
            XCTAssertEqual(($0 as? NavError)?.message, "boom")
        }
        XCTAssertNoThrow(try f.world.tick())
    }

    func testAReadThatRaisesIsACallbackFailure() throws {
        let f = Fixture()
        let nav = try f.navigation([f.screen("A")])
        final class Raising: ScreenSource {
            func title() -> String { "R" }
            func flag(_ field: ScreenField) throws -> Bool { throw NavError.badCall("cannot read \(field.rawValue)") }
            func number(_ field: ScreenField) throws -> Double? { nil }
            func call(_ hook: Hook, _ arguments: HookArguments) throws -> HookResult { .undefined }
            func setPinned(_ pinned: Bool) {}
        }
        let r = f.world.makeScreen(Raising())
        XCTAssertThrowsError(try nav.push(r, animated: false)) {
            XCTAssertEqual($0 as? NavError, .callbackFailed("cannot read navigation_bar_hidden"))
        }
    }

    func testSettleThatGivesUpSaysWhatIsStillActive() throws {
        let f = Fixture()
        _ = try f.navigation([f.screen("A")])
        let touch = try f.world.touchDown(at: Point(200, 400))
        XCTAssertThrowsError(try f.world.settle(maxSeconds: 0.5)) {
            XCTAssertEqual($0 as? NavError, .stillActive(seconds: 0.5, active: ["touch \(touch.id) is down"]))
        }
    }

    func testAStoppedCallIsStopped() throws {
        let f = Fixture()
        f.world.shouldStop = { "interrupted" }
        XCTAssertThrowsError(try f.world.tick(64)) { XCTAssertEqual($0 as? NavError, .stopped("interrupted")) }
    }

    // MARK: a navigation whose world is gone

    /// Every public call of a navigation whose world was released throws
    /// instead of trapping; what it shows can still be read.
    func testANavigationWhoseWorldIsGoneThrowsInsteadOfTrapping() throws {
        var world: World? = World()
        let log = CallLog()
        let a = world!.makeScreen(TestScreen("A", log: log)), b = world!.makeScreen(TestScreen("B", log: log))
        let nav = try world!.makeNavigation(NavigationOptions(), root: a)
        try nav.push(b, animated: false)
        let c = Screen(id: 3, source: TestScreen("C", log: log))
        weak var released = world
        world = nil
        XCTAssertNil(released, "nothing else holds the world")

        let gone = NavError.badCall("navigation 1 belongs to a world that no longer exists")
        let calls: [(String, () throws -> Void)] = [
            ("push", { try nav.push(c, animated: true) }),
            ("pop", { try nav.pop(animated: true) }),
            ("popToRoot", { try nav.popToRoot(animated: true) }),
            ("popTo", { try nav.pop(to: a, animated: true) }),
            ("setScreens", { try nav.setScreens([a], animated: true) }),
            ("back", { try nav.back() }),
            ("present", { try nav.present(animated: true) }),
            ("dismiss", { try nav.dismiss(animated: true) }),
        ]
        for (name, call) in calls {
            XCTAssertThrowsError(try call(), name) { XCTAssertEqual($0 as? NavError, gone, name) }
        }
        XCTAssertEqual(nav.count, 2)
        XCTAssertTrue(nav.visual().top?.screen === b)
        XCTAssertFalse(nav.belongs(to: World()))
    }
}
