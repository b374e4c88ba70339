import XCTest
import NavLuaRuntime
@testable import NavLuaBridge

/// What the host does as lua.c does (issue 11), driven directly: the limits
/// that hold, the hidden hook beside a script's own, the `arg` table,
/// generational GC, bytes, and the loadable module in a state made by
/// another host. The command line itself is tested through the binary
/// (scripts/spec/lua_cli_spec.lua and the other issue-11 specs).
final class StandaloneInterpreterTests: XCTestCase {
    /// Runs `code`; returns its error message (nil on success).
    func run(_ code: String, in host: NavLuaHost) -> String? {
        host.runCode(Array(code.utf8), name: "=test").map { String(decoding: $0, as: UTF8.self) }
    }

    /// The values `code` returns, through tostring, joined by tabs.
    func results(_ code: String, in host: NavLuaHost) -> String {
        let wrapped = """
            local t = table.pack((function() \(code)
            end)())
            for i = 1, t.n do t[i] = tostring(t[i]) end
            return table.concat(t, "\\t")
            """
        let lua = Lua(host.L)
        guard navlua_loadbuffer(host.L, wrapped, wrapped.utf8.count, "=test") == LUA_OK else { return "syntax error" }
        guard case .ok = host.protectedCall(arguments: 0, results: 1) else { return "error" }
        defer { lua.pop() }
        return lua.string(-1) ?? "?"
    }

    func testPastTheTimeoutNoPcallNorCoroutineRunsOn() {
        for code in ["while true do pcall(function() while true do end end) end",
                     "local co = coroutine.wrap(function() while true do pcall(error) end end) while true do pcall(co) end",
                     "debug.sethook() while true do end"] {
            let host = NavLuaHost()
            host.setTimeout(0.1)
            let message = run(code, in: host) ?? "no error"
            XCTAssertTrue(message.contains("timeout: the script ran past its time limit"), "\(code): \(message)")
        }
    }

    // Any hook makes Lua's interpreter call into the hook machinery at every
    // instruction, which doubles the time of CPU-bound code: --timeout must
    // hook nothing until its deadline (and Ctrl-C nothing until it comes).
    func testNothingIsHookedBeforeTheDeadline() {
        let host = NavLuaHost()
        host.setTimeout(60)
        XCTAssertNil(lua_gethook(host.L))
        XCTAssertEqual(results("""
            local co = coroutine.create(function() coroutine.yield(debug.gethook()) end)
            return select(2, coroutine.resume(co))
            """, in: host), "nil")
        XCTAssertNil(lua_gethook(host.L))
    }

    // Under load the deadline's alarm may come late: the engine's frame loop
    // sees the deadline first and raises its own timeout. That error must
    // be as final as the alarm's: a pcall around the tick cannot run on.
    // (Here the alarm never comes: the deadline is set without it.)
    func testATimeoutTheEngineRaisesBeforeTheAlarmCannotBeCaught() {
        let host = NavLuaHost()
        navlua_limits(host.L).pointee.deadline = navlua_monotonic() + 0.05
        let outcome = host.run(code: """
            navlua.navigation{root = navlua.screen{title = "A"}}
            local ok, e = pcall(navlua.tick, 1e12)
            return "ran on"
            """, name: "=test")
        guard case .failed(let message) = outcome else { return XCTFail("the script ran on past its deadline") }
        XCTAssertTrue(message.contains("timeout: the script ran past its time limit"), message)
    }

    // A host freed before its deadline: the alarm still goes off, and must
    // leave alone the host made after it (maybe at the same address). The
    // freed state itself is never read: its host cancels the alarm.
    func testTheAlarmOfAFreedHostLeavesTheNextHostAlone() {
        var first: NavLuaHost? = NavLuaHost()
        first?.setTimeout(0.05)
        first = nil
        let second = NavLuaHost()
        usleep(150_000)   // past the first deadline (the signal may cut it short)
        usleep(100_000)
        XCTAssertNil(lua_gethook(second.L))
        XCTAssertEqual(results("for i = 1, 1e6 do end return 'ran'", in: second), "ran")
    }

    // The deadline's alarm hooks the coroutine running then, not only the
    // main thread (as lua.c's Ctrl-C does): a loop of 1e9 steps would run for
    // seconds and return "finished".
    func testACoroutineBusyAtTheDeadlineStopsThere() {
        for resume in ["select(2, coroutine.resume(co))", "coroutine.wrap(body)()"] {
            let host = NavLuaHost()
            host.setTimeout(0.05)
            let code = """
                local function body() for i = 1, 1e9 do end return "finished" end
                local co = coroutine.create(body)
                return \(resume)
                """
            let message = run(code, in: host) ?? "no error"
            XCTAssertTrue(message.contains("timeout: the script ran past its time limit"), "\(resume): \(message)")
        }
    }

    // coroutine.resume and wrap are navlua's (they note the coroutine
    // running); their results and messages are lcorolib's.
    func testResumeAndWrapBehaveAsTheLibrarys() {
        let host = NavLuaHost()
        XCTAssertEqual(results("""
            local co = coroutine.create(function(a, b) local c = coroutine.yield(a + b) return c * 2 end)
            local r1 = {coroutine.resume(co, 1, 2)}
            local r2 = {coroutine.resume(co, 5)}
            local r3 = {coroutine.resume(co)}
            return r1[1], r1[2], r2[1], r2[2], r3[1], r3[2]
            """, in: host), "true\t3\ttrue\t10\tfalse\tcannot resume dead coroutine")
        XCTAssertEqual(results("""
            local f = coroutine.wrap(function() error("boom") end)
            local ok, e = pcall(function() f() end)
            local g = coroutine.wrap(function() error({}) end)
            local ok2, e2 = pcall(g)
            local ok3, e3 = pcall(coroutine.resume, 42)
            return e, type(e2), e3
            """, in: host), "test:2: test:1: boom\ttable\tbad argument #1 to 'coroutine.resume' (thread expected, got number)")
    }

    func testATimeoutOnceIsRaisedOnceAndThenLifted() {
        let host = NavLuaHost()
        host.setTimeout(0.1, once: true)
        XCTAssertEqual(results("local ok, e = pcall(function() while true do end end) return ok, e:match('timeout') ~= nil",
                               in: host), "false\ttrue")
        XCTAssertEqual(results("for i = 1, 1e6 do end return 'ran on'", in: host), "ran on")
    }

    func testTheLimitsHookIsHiddenAndAScriptsHookChained() {
        let host = NavLuaHost()
        host.setTimeout(60)
        XCTAssertEqual(results("return tostring(debug.gethook())", in: host), "nil")
        let code = """
            local n = 0
            local function hook(event) n = n + 1 end
            debug.sethook(hook, "l", 0)
            local f, mask, count = debug.gethook()
            local a = 1
            debug.sethook()
            return f == hook, mask, count, n > 0, tostring(debug.gethook())
            """
        XCTAssertEqual(results(code, in: host), "true\tl\t0\ttrue\tnil")
        XCTAssertEqual(results("return getmetatable(debug.getregistry()._HOOKKEY).__mode", in: host), "k")
    }

    func testTheCollectorIsGenerationalAsInLuaC() {
        XCTAssertEqual(results("return collectgarbage('incremental')", in: NavLuaHost()), "generational")
    }

    func testArgHoldsEveryArgumentAtItsIndexAsBytes() {
        let host = NavLuaHost()
        let argv: [[UInt8]] = [Array("navlua".utf8), Array("run".utf8), Array("x.lua".utf8), [0x63, 0xE9, 0xFF]]
        host.setArgumentTable(argv, script: 2)
        XCTAssertEqual(results("return arg[-2], arg[-1], arg[0], #arg, #arg[1], arg[1]:byte(2)", in: host),
                       "navlua\trun\tx.lua\t1\t3\t233")
        host.setArgumentTable([Array("navlua".utf8), Array("-e".utf8), Array("x".utf8)], script: 3)
        XCTAssertEqual(results("return arg[0], arg[1], arg[2], arg[-1] == nil", in: host), "navlua\t-e\tx\ttrue")
    }

    func testAnErrorMessageKeepsItsBytes() {
        let host = NavLuaHost()
        let error = host.runCode(Array("error('caf\\xe9', 0)".utf8), name: "=test")
        XCTAssertEqual(error?.prefix(4).map { $0 }, [0x63, 0x61, 0x66, 0xE9])
    }

    func testTheModuleOpensInAStateAnotherHostMade() {
        let L = luaL_newstate()!
        luaL_openlibs(L)
        XCTAssertEqual(LoadableModule.open(L), 1)
        lua_setglobal(L, "m")
        let code = """
            local nav = m.navigation{root = m.screen{title = 'A'}}
            nav:push(m.screen{title = 'B'})
            m.settle()
            local co = coroutine.wrap(function() return m.now() end)
            return nav.count .. ' ' .. co()
            """
        XCTAssertEqual(luaL_loadstring(L, code), LUA_OK)
        XCTAssertEqual(lua_pcallk(L, 0, 1, 0, 0, nil), LUA_OK)
        XCTAssertEqual(Lua(L).string(-1), "2 0.35")
        lua_close(L)   // the finalizer closes the world and hands the allocator back
    }

    /// The closer's __gc, called by a script on itself and on other values,
    /// closes nothing: navlua works on, and closes at lua_close.
    func testTheModuleClosesOnlyWhenTheStateCloses() {
        let L = luaL_newstate()!
        luaL_openlibs(L)
        XCTAssertEqual(LoadableModule.open(L), 1)
        lua_setglobal(L, "m")
        guard let p = navlua_main_extraspace(L).pointee else { return XCTFail("no bridge") }
        weak var bridge = Unmanaged<Bridge>.fromOpaque(p).takeUnretainedValue()
        let code = """
            local closer = debug.getregistry()['navlua.module']
            local gc = debug.getmetatable(closer).__gc
            gc(closer) gc(closer) gc(io.stdout) gc(debug.upvalueid(function() return closer end, 1))
            local nav = m.navigation{root = m.screen{title = 'A'}}
            nav:push(m.screen{title = 'B'})
            m.settle()
            return tostring(nav.count)
            """
        XCTAssertEqual(luaL_loadstring(L, code), LUA_OK)
        XCTAssertEqual(lua_pcallk(L, 0, 1, 0, 0, nil), LUA_OK, Lua(L).string(-1) ?? "")
        XCTAssertEqual(Lua(L).string(-1), "2")
        XCTAssertNotNil(bridge)
        lua_close(L)
        XCTAssertNil(bridge)
    }
}
