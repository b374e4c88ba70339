import XCTest
import NavLuaRuntime
@testable import NavLuaBridge

/// The Lua functions the bridge keeps for the engine (subscribers, custom
/// completion rules, pop_simultaneous functions) go when their owner goes:
/// no registry entry outlives a subscription, and the collector frees
/// functions whose navigation or screen is gone, even when they capture it.
final class LuaReferenceTests: XCTestCase {
    @discardableResult
    func run(_ code: String, in host: NavLuaHost) -> String? {
        if case .failed(let message) = host.run(code: code, name: "@test.lua") { return message }
        return nil
    }

    /// Entries in the registry, counted with lua_next (raw, cannot raise).
    /// A released reference leaves its slot on luaL_ref's free list, to be
    /// reused: so each test runs its workload once before it counts.
    func registrySize(_ host: NavLuaHost) -> Int {
        let L = host.L
        var n = 0
        lua_pushnil(L)
        while lua_next(L, navlua_registryindex()) != 0 {
            navlua_pop(L, 1)
            n += 1
        }
        return n
    }

    func testSubscribingAndUnsubscribingLeavesTheRegistryAsItWas() {
        let host = NavLuaHost()
        XCTAssertNil(run("""
            function pairs_of_subscriptions(n)
              for _ = 1, n do
                local off = navlua.on('push', function() end)
                off()
                off()   -- a second off releases nothing twice
              end
            end
            pairs_of_subscriptions(1)
            """, in: host))
        let before = registrySize(host)
        XCTAssertNil(run("pairs_of_subscriptions(1000)", in: host))
        XCTAssertEqual(registrySize(host), before)
    }

    func testResetReleasesTheFunctionsOfLiveSubscriptions() {
        let host = NavLuaHost()
        let subscribeThenReset = "for _ = 1, 100 do navlua.on('*', function() end) end; navlua.reset()"
        XCTAssertNil(run(subscribeThenReset, in: host))
        let before = registrySize(host)
        for _ in 0..<10 { XCTAssertNil(run(subscribeThenReset, in: host)) }
        XCTAssertEqual(registrySize(host), before)
    }

    func testAnOffKeptFromBeforeAResetLeavesTheNewWorldAlone() {
        let host = NavLuaHost()
        XCTAssertNil(run("""
            local old_off = navlua.on('push', function() end)
            navlua.reset()
            local pushes = 0
            navlua.on('push', function() pushes = pushes + 1 end)   -- the same id in the new world
            old_off()
            local nav = navlua.navigation{root = navlua.screen{title = 'A'}}
            nav:push(navlua.screen{title = 'B'}, {animated = false})
            assert(pushes == 2, 'the subscription of the new world was ended')   -- the root, then B
            """, in: host))
    }

    func testFunctionsThatCaptureTheirOwnNavigationOrScreenAreCollected() {
        let host = NavLuaHost()
        // the first screen makes the screen keys' references, once a state
        XCTAssertNil(run("navlua.screen{title = 'first'}", in: host))
        let before = registrySize(host)
        XCTAssertNil(run("""
            local collected = setmetatable({}, {__mode = 'k'})
            do
              local nav
              local function completion(p) return nav ~= nil and p > 0.5 end
              nav = navlua.navigation{root = navlua.screen{title = 'A'}, completion = completion}
              collected[completion] = true
              local screen = navlua.screen{title = 'B'}
              local function simultaneous() return screen.title == 'B' end
              screen:add_scroll_view{content_width = 2000, pop_simultaneous = simultaneous}
              collected[simultaneous] = true
              nav:push(screen, {animated = false})
              nav:pop{animated = false}
            end
            navlua.reset()
            collectgarbage(); collectgarbage()
            assert(next(collected) == nil, 'a kept function outlived its owner')
            """, in: host))
        XCTAssertEqual(registrySize(host), before)
    }

    func testKeptFunctionsStillRunAfterACollection() {
        let host = NavLuaHost()
        XCTAssertNil(run("""
            local asked = {}
            local nav = navlua.navigation{style = 'fullscreen', root = navlua.screen{title = 'A'},
                                          completion = function() asked.completion = true return true end}
            local b = navlua.screen{title = 'B'}
            b:add_scroll_view{y = 300, height = 200, content_width = 2000,
                              pop_simultaneous = function() asked.simultaneous = true return true end}
            nav:push(b, {animated = false})
            b = nil
            collectgarbage(); collectgarbage()
            assert(navlua.drag{from = {100, 400}, by = {200, 0}, duration = 0.25}.recognizer == 'pop')
            navlua.settle()
            assert(asked.simultaneous and asked.completion and nav.count == 1)
            """, in: host))
    }

    func testAHostClosedWithLiveSubscriptionsReleasesThemFirst() {
        var host: NavLuaHost? = NavLuaHost()
        XCTAssertNil(run("""
            navlua.on('*', function() end)
            nav = navlua.navigation{root = navlua.screen{title = 'A'}, completion = function() return true end}
            """, in: host!))
        let world = host!.bridge.world   // outlives the state
        host = nil
        XCTAssertTrue(world.navigations.isEmpty)
    }
}
