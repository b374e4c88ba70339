import XCTest
@testable import NavLuaEngine
@testable import NavLuaVisuals
@testable import NavLuaBridge
import NavLuaTestSupport

/// The bridge as a script sees it: errors that name the caller's line and
/// the function, hooks that raise without hurting the host, and traces
/// that repeat byte for byte.
final class BridgeTests: XCTestCase {
    /// Runs `code` as chunk "=test.lua" in a fresh host; returns the error, if any.
    @discardableResult
    func run(_ code: String, in host: NavLuaHost = NavLuaHost()) -> String? {
        if case .failed(let message) = host.run(code: code, name: "@test.lua") { return message }
        return nil
    }

    /// The first line of an error message.
    func firstLine(_ s: String?) -> String {
        String((s ?? "").split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
    }

    func testEveryFunctionRejectsABadArgumentWithFileLineAndName() {
        // one bad call for each function and method of the API
        let calls: [(String, String)] = [
            ("navlua.reset{fps=-1}", "navlua.reset"),
            ("navlua.tick('x')", "navlua.tick"),
            ("navlua.advance(0/0)", "navlua.advance"),
            ("navlua.settle(-1)", "navlua.settle"),
            ("navlua.screen{}", "navlua.screen"),
            ("navlua.navigation{style='modal'}", "navlua.navigation"),
            ("navlua.touch_down(1/0, 0)", "navlua.touch_down"),
            ("navlua.drag{from={0,0}, by={1,1}, duration=-1}", "navlua.drag"),
            ("navlua.tap('here')", "navlua.tap"),
            ("navlua.trace('swipes')", "navlua.trace"),
            ("navlua.trace_text(7)", "navlua.trace_text"),
            ("navlua.on('push')", "navlua.on"),
            ("navlua.spring{response=-1}", "navlua.spring"),
            ("nav:push(nil)", "nav:push"),
            ("nav:pop{animated='yes'}", "nav:pop"),
            ("nav:pop_to_root{bogus=1}", "nav:pop_to_root"),
            ("nav:pop_to({})", "nav:pop_to"),
            ("nav:set_screens(3)", "nav:set_screens"),
            ("nav.back(5)", "nav:back"),
            ("nav:present{animated=0}", "nav:present"),
            ("nav:dismiss()", "nav:dismiss"),
            ("nav.visual()", "nav:visual"),
            ("a:add_scroll_view{content_width=-5}", "screen:add_scroll_view"),
            ("local t = navlua.touch_down(1, 1); t:move_to(2, 2, -1)", "touch:move_to"),
            ("local t = navlua.touch_down(1, 1); t:hold(0/0)", "touch:hold"),
            ("local t = navlua.touch_down(1, 1); t:up(); t:up()", "touch:up"),
            ("local t = navlua.touch_down(1, 1); t:cancel(); t:cancel()", "touch:cancel"),
        ]
        let host = NavLuaHost()
        XCTAssertNil(run("a = navlua.screen{title='A'}; nav = navlua.navigation{root=a}", in: host))
        for (index, (call, name)) in calls.enumerated() {
            let line = index + 2
            let code = String(repeating: "\n", count: line - 1) + call
            let message = firstLine(run(code, in: host))
            XCTAssertTrue(message.hasPrefix("test.lua:\(line): \(name): "), "\(call) -> \(message)")
            // the engine stays usable after each one
            XCTAssertNil(run("navlua.reset(); a = navlua.screen{title='A'}; nav = navlua.navigation{root=a};"
                             + "nav:push(navlua.screen{title='B'}); assert(navlua.settle() == 0.35)", in: host))
        }
    }

    func testAHookErrorNamesTheHookAndScreenAndCarriesATraceback() {
        let message = run("""
            local nav = navlua.navigation{root = navlua.screen{title = 'A'}}
            nav:push(navlua.screen{title = 'Detail', will_go_back = function() error('no way') end},
                     {animated = false})
            navlua.drag{from = {100, 400}, by = {200, 0}}
            """) ?? ""
        XCTAssertTrue(message.hasPrefix("test.lua:4: navlua.drag: hook 'will_go_back' of screen 'Detail' failed: "
                                        + "test.lua:2: no way\nstack traceback:"), message)
    }

    /// Each raising hook goes through a Lua error with a traceback, a Swift
    /// error and a raise from the trampoline. After 1,000 to warm up (the
    /// trace's ring fills), 9,000 more must leave Lua's heap as it was: less
    /// than half a byte per hook, where any object a hook left behind costs
    /// at least 16. (It ran 100,000 hooks against 2.9 bytes each; the same
    /// point at a tenth of the time.)
    func testTenThousandRaisingHooksNeitherCrashNorGrowMemory() {
        let host = NavLuaHost()
        XCTAssertNil(run("""
            navlua.reset{trace_limit = 1000}
            local nav = navlua.navigation{root = navlua.screen{title = 'A'}}
            b = navlua.screen{title = 'B', will_appear = function() error('raised') end}
            function round(n)
              for _ = 1, n do
                assert(not pcall(nav.push, nav, b, {animated = false}))
                nav:pop{animated = false}
              end
              assert(nav.count == 1)
            end
            round(1000)
            collectgarbage(); collectgarbage()
            """, in: host))
        let before = host.memoryInUse
        XCTAssertNil(run("round(9000); collectgarbage(); collectgarbage()", in: host))
        let growth = host.memoryInUse - before
        XCTAssertLessThan(growth, 9000 / 2, "Lua memory grew by \(growth) bytes over 9,000 raising hooks")
        XCTAssertEqual(host.bridge.world.trace.count, 1000)
        XCTAssertFalse(host.bridge.world.isBusy)
    }

    func testTheSameScriptGivesAByteIdenticalTrace() {
        let script = """
            local nav = navlua.navigation{root = navlua.screen{title = 'A'}, style = 'snapshot'}
            local b = navlua.screen{title = 'B', enabled = function() return true end}
            nav:push(b)
            navlua.settle()
            navlua.drag{from = {50, 300}, by = {220, 10}, duration = 0.3}
            navlua.settle()
            nav:push(b)
            nav:pop()
            navlua.settle()
            trace = navlua.trace_text()
            """
        var traces: [String] = []
        for _ in 0..<2 {
            let host = NavLuaHost()
            XCTAssertNil(run(script, in: host))
            traces.append(host.bridge.world.trace.events.map(\.text).joined(separator: "\n"))
        }
        XCTAssertEqual(traces[0], traces[1])
        XCTAssertGreaterThan(traces[0].count, 2000)
    }

    func testDrivingCallsFromHooksGetAnErrorNotATrap() {
        for call in ["navlua.tick()", "navlua.settle()", "navlua.reset()", "navlua.advance(1)",
                     "navlua.touch_down(1, 1)", "navlua.drag{from={1,1}, by={50,0}}", "navlua.navigation{}"] {
            let message = run("""
                local nav = navlua.navigation{root = navlua.screen{title = 'A'}}
                local got
                nav:push(navlua.screen{title = 'B', will_appear = function()
                  local ok, err = pcall(function() \(call) end)
                  got = err
                end})
                assert(got and got:find('cannot be called from inside a hook'), tostring(got))
                assert(navlua.settle() == 0.35)
                """)
            XCTAssertNil(message, call)
        }
    }

    func testNavigationCallsFromHooksAreQueuedInOrder() {
        XCTAssertNil(run("""
            local nav
            local c, d = navlua.screen{title = 'C'}, navlua.screen{title = 'D'}
            local b = navlua.screen{title = 'B', did_appear = function()
              nav:push(c, {animated = false}); nav:push(d, {animated = false}); nav:pop{animated = false}
            end}
            nav = navlua.navigation{root = navlua.screen{title = 'A'}}
            nav:push(b, {animated = false})
            assert(#navlua.trace('queued') == 3)
            local t = {}
            for i, s in ipairs(nav.screens) do t[i] = s.title end
            assert(table.concat(t, ',') == 'A,B,C', table.concat(t, ','))
            """))
    }

    func testScreensDroppedByTheScriptStayAliveWhileOnAStack() {
        XCTAssertNil(run("""
            local nav = navlua.navigation{root = navlua.screen{title = 'A'}}
            nav:push(navlua.screen{title = 'B', will_disappear = function(self) self.left = true end},
                     {animated = false})
            collectgarbage(); collectgarbage()
            local b = nav.top
            assert(b.title == 'B')
            nav:pop{animated = false}
            assert(b.left)
            """))
    }

    func testUnpinnedScreensAreCollected() {
        let host = NavLuaHost()
        XCTAssertNil(run("""
            nav = navlua.navigation{root = navlua.screen{title = 'A'}}
            for i = 1, 2000 do
              nav:push(navlua.screen{title = 'S' .. i}, {animated = false})
              nav:pop{animated = false}
            end
            collectgarbage(); collectgarbage()
            """, in: host))
        let before = host.memoryInUse
        XCTAssertNil(run("""
            for i = 1, 20000 do
              nav:push(navlua.screen{title = 'S' .. i}, {animated = false})
              nav:pop{animated = false}
            end
            collectgarbage(); collectgarbage()
            """, in: host))
        XCTAssertLessThan(host.memoryInUse - before, 128 * 1024)
    }

    func testRequireReturnsTheGlobal() {
        XCTAssertNil(run("assert(require('navlua') == navlua)"))
    }

    func testMemoryLimitEndsARunawayScriptWithAnError() {
        let host = NavLuaHost(memoryLimit: 8 << 20)
        let message = run("local t = {} for i = 1, 1e9 do t[i] = {i} end", in: host) ?? ""
        XCTAssertTrue(message.contains("not enough memory"), message)
        // the state still works
        XCTAssertNil(run("local nav = navlua.navigation{root = navlua.screen{title = 'A'}}", in: host))
    }

    func testTimeoutEndsALoopAndALongTick() {
        for code in ["while true do end", "navlua.tick(1e12)"] {
            let host = NavLuaHost()
            host.setTimeout(0.2)
            let message = run(code, in: host) ?? ""
            XCTAssertTrue(message.contains("timeout"), "\(code): \(message)")
        }
    }
}
