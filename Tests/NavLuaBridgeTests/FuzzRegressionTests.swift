import XCTest
@testable import NavLuaEngine
@testable import NavLuaVisuals
@testable import NavLuaBridge
import NavLuaTestSupport

/// Bugs the fuzzer found, each replayed from its shrunk script.
final class FuzzRegressionTests: XCTestCase {
    /// Runs `code` in a fresh host; fails the test on an error.
    func run(_ code: String) -> World {
        let host = NavLuaHost()
        if case .failed(let message) = host.run(code: code, name: "@regression.lua") { XCTFail(message) }
        return host.bridge.world
    }

    func lifecycle(_ world: World) -> [String] {
        world.trace.events.filter { $0.kind == .lifecycle }.map { "\($0["screen"]!.string!).\($0["name"]!.string!)" }
    }

    /// Fuzz: "will_appear screen=s2 while 's2' is shown" after nav2:present{}.
    func testPresentingANavigationMadeWithARootDoesNotAppearItsRootAgain() {
        let world = run("""
            local nav = navlua.navigation{root = navlua.screen{title = 'A'}}
            nav:present()
            navlua.settle()
            nav:dismiss()
            navlua.settle()
            nav:push(navlua.screen{title = 'B'})   -- off screen: no callbacks
            navlua.settle()
            nav:present{animated = false}
            """)
        XCTAssertEqual(lifecycle(world), ["A.will_appear", "A.did_appear", "A.will_disappear", "A.did_disappear",
                                          "B.will_appear", "B.did_appear"])
    }

    /// Fuzz: "transition begin what=snapshot_pop while push of 's2' runs".
    func testASnapshotPopDoesNotBeginWhileAPushRuns() {
        let world = run("""
            local nav = navlua.navigation{style = 'snapshot', root = navlua.screen{title = 'A'}}
            nav:push(navlua.screen{title = 'B'})
            local r = navlua.drag{from = {150, 400}, by = {200, 0}, duration = 0.1}
            assert(r.state == 'failed' and r.refused_by == 'transitioning', tostring(r.refused_by))
            navlua.settle()
            assert(nav.count == 2)
            """)
        XCTAssertEqual(world.trace.events.filter { $0.kind == .transition }.count, 2, "the push's begin and finish only")
    }

    /// Fuzz: "navlua.settle: still active after 120 s: touch 4 is down" once
    /// a hook raised during a drag: the drag never lifted its finger.
    func testADragThatAHookFailsDoesNotLeaveItsTouchDown() {
        let world = run("""
            local nav = navlua.navigation{root = navlua.screen{title = 'A'}}
            nav:push(navlua.screen{title = 'B', did_appear = function() error('raised') end})
            assert(not pcall(navlua.drag, {from = {50, 400}, by = {200, 0}, duration = 0.5}))
            assert(navlua.settle() < 1)
            """)
        XCTAssertTrue(world.touches.isEmpty)
    }

    /// The same for a raising hook in the touch-down frame of navlua.touch_down.
    func testATouchDownThatAHookFailsReleasesItsTouch() {
        let world = run("""
            local nav = navlua.navigation{root = navlua.screen{title = 'A'}}
            nav:push(navlua.screen{title = 'B', did_appear = function() error('raised') end})
            navlua.tick(20)
            assert(not pcall(navlua.touch_down, 50, 400))
            assert(navlua.settle() < 0.1)
            """)
        XCTAssertTrue(world.touches.isEmpty)
    }

    /// Fuzz: "did_disappear screen=s3 while 's3' is shown": s3, popped from
    /// nav1 and still sliding out, was put in nav2 and appeared there first.
    func testAScreenLeavingOneNavigationJoinsAnotherAfterItsDidDisappear() {
        let world = run("""
            local a, b, c = navlua.screen{title = 'A'}, navlua.screen{title = 'B'}, navlua.screen{title = 'C'}
            local nav1 = navlua.navigation{root = a}
            local nav2 = navlua.navigation{root = c}
            nav2:present{style = 'page_sheet', animated = false}   -- on screen beside nav1
            nav1:push(b, {animated = false})
            nav1:pop()
            nav2:set_screens({c, b}, {animated = false})
            assert(nav2.count == 1, 'queued until nav1 finished')
            navlua.settle()
            assert(nav2.count == 2)
            """)
        let log = lifecycle(world)
        XCTAssertLessThan(log.firstIndex(of: "B.did_disappear")!, log.lastIndex(of: "B.will_appear")!, "\(log)")
    }
}
