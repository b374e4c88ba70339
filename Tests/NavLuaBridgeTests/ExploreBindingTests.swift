import XCTest
@testable import NavLuaBridge

/// ExploreBinding: navlua.explore reaches the Lua search through Swift and
/// back, and its errors cross the bridge as messages (never unwinding a
/// Swift frame); `navlua explore`'s entry gives exit statuses. The rules
/// themselves are scripts/spec/explore_spec.lua's.
final class ExploreBindingTests: XCTestCase {
    static let app = """
        local function setup()
          return {nav = navlua.navigation{style = "edge", gesture_delegate = false,
                                          root = navlua.screen{title = "Home"}}, screens = {}}
        end
        """

    func testAFailureComesBackAsTheResult() {
        let host = NavLuaHost()
        let outcome = host.run(code: Self.app + """

            local r = navlua.explore{setup = setup, raise = false, runs = 5}
            assert(r and r.check == "stuck", "expected the root freeze")
            assert(#r.steps == 1 and r.script:find("navlua.drag", 1, true))
            """, name: "=explore")
        XCTAssertEqual(outcome, .ok)
    }

    func testAnErrorInSetupIsALuaErrorWithItsPosition() {
        let host = NavLuaHost()
        let outcome = host.run(code: """
            local ok, err = pcall(navlua.explore, {setup = function() error("no app") end})
            assert(not ok)
            assert(err:find("^explore:1: navlua.explore: setup raised an error: explore:1: no app"), err)
            """, name: "=explore")
        XCTAssertEqual(outcome, .ok)
    }

    func testTheCommandLineGivesExitStatuses() {
        XCTAssertEqual(NavLuaHost().explore(arguments: []).status, 2)
        let missing = NavLuaHost().explore(arguments: ["/nonexistent/explore.lua"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertNotNil(missing.error)
    }
}
