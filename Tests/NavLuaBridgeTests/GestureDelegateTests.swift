import XCTest
@testable import NavLuaEngine
@testable import NavLuaBridge
import NavLuaTestSupport

/// Issue 13 from Swift: the root freeze keeps the fuzzer's invariants, the
/// fuzzer reaches it, and a delegate that raises leaves the engine whole.
final class GestureDelegateTests: XCTestCase {
    /// The host is returned: its world shuts down when the host goes.
    func run(_ code: String) -> NavLuaHost {
        let host = NavLuaHost()
        if case .failed(let message) = host.run(code: code, name: "@delegate.lua") { XCTFail(message) }
        return host
    }

    /// A freeze, touches and calls while frozen, then navlua.background():
    /// no invariant breaks, and the queued push runs.
    func testARootFreezeAndItsRecoveryKeepTheInvariants() {
        let sequence = FuzzSequence(seed: 0, setup: [
            FuzzSequence.prelude,
            "navlua.reset{}",
            "s1 = navlua.screen{title = 's1'}; s2 = navlua.screen{title = 's2', back_button = 'custom'}",
            "nav1 = navlua.navigation{style = 'edge', root = s1, gesture_delegate = false}",
            "ready = true",
        ], ops: [
            .init(lua: "step(function() navlua.drag{from = {5, 400}, by = {200, 0}} end)"),
            .init(lua: "step(function() nav1:push(s2) end)"),
            .init(lua: "step(function() navlua.drag{from = {5, 400}, by = {200, 0}} end)"),
            .init(lua: "step(function() navlua.settle(2) end)"),
            .init(lua: FuzzSequence.recover),
            .init(lua: "step(function() navlua.settle() end)"),
            .init(lua: "step(function() assert(nav1.top == s2 and not nav1.stuck) end)"),
        ])
        let result = FuzzRunner.run(sequence)
        XCTAssertEqual(result.violations.map(\.description), [])
    }

    /// Some generated sequences clear the delegate or give it methods.
    func testTheFuzzerMakesGestureDelegatesAndCustomBackButtons() {
        var cleared = 0, tables = 0, custom = 0
        for index in 0..<200 {
            let setup = FuzzGenerator.sequence(seed: SplitMix64.sequenceSeed(1, index)).setup.joined()
            if setup.contains("gesture_delegate = false") { cleared += 1 }
            if setup.contains("gesture_delegate = {") { tables += 1 }
            if setup.contains("back_button = \"custom\"") { custom += 1 }
        }
        XCTAssertGreaterThan(cleared, 10)
        XCTAssertGreaterThan(tables, 20)
        XCTAssertGreaterThan(custom, 20)
    }

    func testAFreezeIsTracedWithItsCause() {
        let host = run("""
            local nav = navlua.navigation{style = 'fullscreen', root = navlua.screen{title = 'A'},
                                          gesture_delegate = {should_begin = function() return true end}}
            navlua.drag{from = {100, 400}, by = {200, 0}}
            """)
        let world = host.bridge.world
        guard let nav = world.navigations.first else { return XCTFail("no navigation") }
        XCTAssertTrue(nav.stuck)
        XCTAssertEqual(world.pitfalls, [.rootFreeze])
        let events = world.trace.events.filter { $0.kind == .pitfall }
        XCTAssertEqual(events.count, 1)
        XCTAssertEqual(events[0]["why"], .string("the gesture delegate let the pop begin with one screen"))
        XCTAssertEqual(nav.activeThings(), ["nav 1: stuck in an interactive pop at the root (root freeze)"])
    }

    func testSettleNamesThePitfallInOneLine() {
        let fixture = Fixture()
        let world = fixture.world
        let nav = try! fixture.navigation([fixture.screen("A")], style: .edge) { $0.gestureDelegate = .cleared }
        let t = try! world.touchDown(at: Point(5, 400))
        try! world.move(t, to: Point(200, 400), seconds: 0.2)
        try! world.lift(t)
        XCTAssertTrue(nav.stuck)
        XCTAssertThrowsError(try world.settle(maxSeconds: 0.5)) { error in
            let lines = NavError.text(of: error).split(separator: "\n")
            XCTAssertEqual(lines.count, 2)
            XCTAssertEqual(String(lines[1]), Pitfall.rootFreeze.line(.cleared))
        }
        try! world.backgroundAndForeground()
        XCTAssertFalse(nav.stuck)
        XCTAssertEqual(try world.settle(), 0)
    }
}
