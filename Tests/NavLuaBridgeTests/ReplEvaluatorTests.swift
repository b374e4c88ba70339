import Foundation
import XCTest
import NavLuaRuntime
@testable import NavLuaEngine
@testable import NavLuaBridge

/// The REPL's evaluation and completion (`ReplEvaluator`), driven line by
/// line without a terminal; scripts/repl_test.sh drives the same through
/// the binary in tmux.
final class ReplEvaluatorTests: XCTestCase {
    var repl: ReplEvaluator!
    /// What the evaluator handed to the history, in order.
    var history: [String] = []

    override func setUp() {
        history = []
        repl = ReplEvaluator(host: NavLuaHost(), timeout: nil)
        repl.remember = { [unowned self] in self.history.append(String(decoding: $0, as: UTF8.self)) }
    }

    /// Evaluates each line; returns what the last one gave.
    @discardableResult
    func enter(_ lines: String...) -> ReplStep {
        var step = ReplStep.blank
        for line in lines { step = repl.evaluate(line) }
        return step
    }

    /// The printed results of one line (fails on anything but a run without error).
    func output(_ line: String, file: StaticString = #filePath, line number: UInt = #line) -> String? {
        guard case .ran(let result) = repl.evaluate(line) else {
            XCTFail("'\(line)' did not run", file: file, line: number)
            return nil
        }
        XCTAssertNil(result.error, file: file, line: number)
        return result.output.map { String(decoding: $0, as: UTF8.self) }
    }

    func error(_ line: String, file: StaticString = #filePath, line number: UInt = #line) -> String? {
        guard case .ran(let result) = repl.evaluate(line) else {
            XCTFail("'\(line)' did not run", file: file, line: number)
            return nil
        }
        return result.error.map { String(decoding: $0, as: UTF8.self) }
    }

    func candidates(_ text: String) -> [String] { repl.complete(text).candidates }

    // MARK: input

    func testThePreludeLoads() {
        XCTAssertNil(repl.preludeError)
    }

    func testAnExpressionIsPrintedAndAStatementIsNot() {
        XCTAssertEqual(output("1 + 1"), "2")
        XCTAssertEqual(output("x = 5"), nil)
        XCTAssertEqual(output("x"), "5")
        XCTAssertEqual(history, ["1 + 1", "x = 5", "x"])
    }

    func testEqualsReadsAsReturnAndResultsAreSeparatedByTabs() {
        XCTAssertEqual(output("=2, 'x', nil"), "2\tx\tnil")
        XCTAssertEqual(output("return 3"), "3")
        XCTAssertEqual(history, ["=2, 'x', nil", "return 3"], "the history keeps what was typed")
    }

    func testABlankLineDoesNothing() {
        XCTAssertEqual(enter(" \t "), .blank)
        XCTAssertEqual(history, [])
    }

    func testAnIncompleteChunkContinuesOnTheNextLines() {
        XCTAssertEqual(enter("function f(x)"), .incomplete)
        XCTAssertTrue(repl.isContinuing)
        XCTAssertEqual(enter("  return x * 2"), .incomplete)
        XCTAssertEqual(enter(""), .incomplete, "a blank line inside a chunk is part of it")
        XCTAssertEqual(enter("end"), .ran(ReplResult()))
        XCTAssertFalse(repl.isContinuing)
        XCTAssertEqual(output("f(21)"), "42")
        XCTAssertEqual(history, ["function f(x)\n  return x * 2\n\nend", "f(21)"])
    }

    func testAnExpressionMayContinueAfterEquals() {
        XCTAssertEqual(enter("=1 +"), .incomplete)
        XCTAssertEqual(output("2"), "3")
        XCTAssertEqual(history, ["=1 +\n2"])
    }

    func testCtrlCDropsAnIncompleteChunkButTheHistoryKeepsIt() {
        XCTAssertEqual(enter("for i = 1, 2 do"), .incomplete)
        repl.cancel()
        XCTAssertFalse(repl.isContinuing)
        XCTAssertEqual(output("=1"), "1")
        XCTAssertEqual(history, ["for i = 1, 2 do", "=1"])
        repl.cancel()
        XCTAssertEqual(history.count, 2, "Ctrl-C at the first prompt drops nothing")
    }

    func testTheEndOfInputInsideAChunkGivesItsSyntaxError() {
        XCTAssertEqual(enter("for i = 1,"), .incomplete)
        XCTAssertEqual(repl.endOfInput(), Array("stdin:1: unexpected symbol near <eof>".utf8))
        XCTAssertFalse(repl.isContinuing)
        XCTAssertNil(repl.endOfInput())
        XCTAssertEqual(history, [], "an abandoned chunk is not kept")
    }

    func testASyntaxErrorIsReportedAndKept() {
        XCTAssertEqual(enter("return ))"), .ran(ReplResult(error: Array("stdin:1: unexpected symbol near ')'".utf8))))
        XCTAssertEqual(history, ["return ))"])
    }

    func testAnErrorComesWithItsTraceback() {
        let message = error("error('boom')")
        XCTAssertEqual(message, "stdin:1: boom\nstack traceback:\n\t[C]: in function 'error'\n\tstdin:1: in main chunk"
                       + "\n\t[C]: in ?", "the chunk runs from a C frame, as lua.c's REPL runs it (issue 11)")
        XCTAssertEqual(output("=1"), "1", "the session goes on")
    }

    func testEachInputHasItsOwnTimeout() {
        repl = ReplEvaluator(host: NavLuaHost(), timeout: 0.05)
        let message = error("while true do end") ?? ""
        XCTAssertTrue(message.contains("timeout: the script ran past its time limit"), message)
        XCTAssertEqual(output("=1"), "1", "the limit is per input, not per session")
    }

    // Ctrl-C hooks the running thread only when it comes: a hook armed all
    // the session long would slow every instruction of every input (2x).
    // The SIGINT comes from a timer thread that blocks every signal, so it
    // reaches the thread running the input, inside a coroutine here.
    func testCtrlCStopsAnInputThatHooksNothingUntilThen() {
        XCTAssertEqual(output("=debug.gethook()"), "nil")
        XCTAssertNil(lua_gethook(repl.host.L))
        XCTAssertTrue(Watchdog.start(at: navlua_monotonic() + 0.1, fire: { kill(getpid(), SIGINT) }))
        let message = error("coroutine.wrap(function() for i = 1, 1e9 do end end)()") ?? ""
        XCTAssertTrue(message.contains("interrupted!"), message)
        XCTAssertEqual(output("=1"), "1", "the session goes on")
        XCTAssertNil(lua_gethook(repl.host.L))
    }

    func testACtrlCAtThePromptDoesNotStopTheNextInput() {
        repl.host.interrupt()
        XCTAssertEqual(output("for i = 1, 100000 do end; return 'ran'"), "ran")
    }

    func testTakeInterruptTellsOfEachCtrlCOnce() {
        XCTAssertFalse(repl.takeInterrupt())
        repl.host.interrupt()
        XCTAssertTrue(repl.takeInterrupt())
        XCTAssertFalse(repl.takeInterrupt())
    }

    // MARK: results

    func testStringsAtTheTopArePrintedAsTheyAreAndQuotedInside() {
        XCTAssertEqual(output("='a\\tb'"), "a\tb")
        XCTAssertEqual(output("={'a\\tb', 'q\"'}"), "{\"a\\tb\", \"q\\\"\"}")
    }

    func testTablesShowArrayThenSortedKeysAndStopAtADepth() {
        XCTAssertEqual(output("={1, 2, a = {b = {c = {d = {e = 1}}}}, 's'}"), "{1, 2, \"s\", a = {b = {c = {d = {...}}}}}")
        XCTAssertEqual(output("={k10 = 1, k2 = 2, [3] = 'n', [true] = 0}"), "{[3] = \"n\", k2 = 2, k10 = 1, [true] = 0}")
        XCTAssertEqual(output("={}"), "{}")
        XCTAssertEqual(output("t = {}; t.t = t; return t"), "{t = <cycle>}")
    }

    func testALongTableIsSplitIntoLines() {
        let text = output("=(function() local t = {} for i = 1, 30 do t[i] = i * 1000 end return t end)()") ?? ""
        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines.first, "{")
        XCTAssertEqual(lines.last, "}")
        XCTAssertGreaterThan(lines.count, 3)
        XCTAssertTrue(lines.allSatisfy { $0.count <= 78 }, text)
    }

    func testNavluaObjectsShowAsTheirToString() {
        XCTAssertEqual(output("nav = navlua.navigation{root = navlua.screen{title = 'Home'}}"), nil)
        XCTAssertEqual(output("nav"), "navigation 1 [Home]")
        XCTAssertEqual(output("nav.top"), "screen 'Home'")
        XCTAssertEqual(output("=navlua.touch_down(5, 300)"), "touch 1 at (5, 300)")
    }

    func testAFailingToStringDoesNotStopTheREPL() {
        XCTAssertEqual(output("=setmetatable({}, {__tostring = function() error('bad') end})"),
                       "<table: __tostring failed>")
    }

    // MARK: status line

    func testTheStatusLineComesWhenAnInputChangesWhatItShows() {
        guard case .ran(let made) = enter("nav = navlua.navigation{root = navlua.screen{title = 'Home'}}") else {
            return XCTFail()
        }
        XCTAssertEqual(made.status, "[t=0.000s frame 0] nav1: Home")
        XCTAssertEqual(enter("x = 1"), .ran(ReplResult()), "nothing changed: no status line")
        guard case .ran(let pushed) = enter("nav:push(navlua.screen{title = 'Detail'})") else { return XCTFail() }
        XCTAssertEqual(pushed.status, "[t=0.000s frame 0] nav1: Home > Detail (transitioning)")
        guard case .ran(let settled) = enter("navlua.settle()") else { return XCTFail() }
        XCTAssertEqual(settled, ReplResult(output: Array("0.35".utf8), status: "[t=0.350s frame 21] nav1: Home > Detail"))
    }

    /// Issue 11: results, errors, source and history stay bytes: no U+FFFD,
    /// nothing cut at a NUL.
    func testBytesThatAreNotTextPassThroughUntouched() {
        let latin1: [UInt8] = [0x63, 0x61, 0x66, 0xE9]   // "caf\u{E9}" in Latin-1
        var remembered: [[UInt8]] = []
        repl.remember = { remembered.append($0) }
        let line = Array("s = '".utf8) + latin1 + Array("\\0z' .. '\u{0}'".utf8)
        XCTAssertEqual(repl.evaluate(line), .ran(ReplResult()))
        XCTAssertEqual(remembered, [line])
        guard case .ran(let shown) = repl.evaluate("s") else { return XCTFail() }
        XCTAssertEqual(shown.output, latin1 + [0, 0x7A, 0])
        guard case .ran(let failed) = repl.evaluate(Array("error('".utf8) + latin1 + Array("', 0)".utf8)) else {
            return XCTFail()
        }
        XCTAssertEqual(Array(failed.error?.prefix(4) ?? []), latin1)
        guard case .ran(let length) = repl.evaluate(Array("#'".utf8) + latin1 + Array("'".utf8)) else { return XCTFail() }
        XCTAssertEqual(length.output, Array("4".utf8), "the source is compiled as typed")
    }

    /// Issue 11: every result comes back through the C frame a chunk runs from.
    func testResultsComeBackThroughTheChunksCFrame() {
        XCTAssertEqual(output("1, nil, nil"), "1\tnil\tnil")
        XCTAssertEqual(output("select('#', 1, nil, nil)"), "3")
    }

    func testAFileRunBeforeTheFirstInputReportsItsStatusAndError() throws {
        let path = NSTemporaryDirectory() + "navlua-repl-\(getpid()).lua"
        try "nav = navlua.navigation{root = navlua.screen{title = 'A'}}\nerror('late ' .. ...)\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        repl.host.setArgumentTable(["navlua", "-i", path, "x"].map { Array($0.utf8) }, script: 2)
        let result = repl.run(script: Array(path.utf8))
        XCTAssertEqual(result.status, "[t=0.000s frame 0] nav1: A")
        let error = String(decoding: result.error ?? [], as: UTF8.self)
        XCTAssertTrue(error.hasPrefix(path + ":2: late x"), error)
        XCTAssertTrue(error.hasSuffix("\n\t[C]: in ?"), "lua.c's C frame ends the traceback")
        XCTAssertEqual(output("nav.count"), "1", "the file's globals stay")
    }

    // MARK: live mode

    func testALiveTickPlaysFramesWithNavluasOwnTick() {
        enter("navlua.live(true); navlua.tick = nil")
        XCTAssertTrue(repl.isLive)
        XCTAssertTrue(repl.isIdle)
        let tick = repl.liveTick(frames: 5)
        XCTAssertFalse(tick.printed)
        XCTAssertNil(tick.error)
        XCTAssertEqual(repl.world.clock.frame, 5)
        XCTAssertEqual(repl.takeStatus(), "[t=0.083s frame 5] no navigations")
    }

    func testALiveTickTellsWhetherAHookPrinted() {
        enter("nav = navlua.navigation{root = navlua.screen{title = 'A'}}",
              "nav:push(navlua.screen{title = 'B', did_appear = function() print('(did_appear)') end})")
        XCTAssertFalse(repl.isIdle)
        XCTAssertTrue(repl.liveTick(frames: 60).printed)
        XCTAssertFalse(repl.liveTick(frames: 1).printed)
    }

    func testAFailingLiveFrameStopsLiveModeAndLosesThePreludesFrames() {
        enter("navlua.live(true)", "nav = navlua.navigation{root = navlua.screen{title = 'A'}}",
              "nav:push(navlua.screen{title = 'B', did_appear = function() error('hook broke') end})")
        let tick = repl.liveTick(frames: 60)
        let message = tick.error ?? ""
        XCTAssertTrue(tick.printed)
        XCTAssertTrue(message.contains("hook broke"), message)
        XCTAssertFalse(message.contains("navlua.repl:"), message)
        XCTAssertFalse(repl.isLive)
    }

    // MARK: completion

    /// The names a Lua expression's table holds, sorted.
    func keys(_ expression: String) -> [String] {
        let text = output("local t = {} for k in pairs(\(expression)) do t[#t + 1] = k end table.sort(t) "
                          + "return table.concat(t, ' ')") ?? ""
        return text.split(separator: " ").map(String.init)
    }

    func testNavluasFunctionsComplete() {
        XCTAssertEqual(repl.complete("navlua.dr"), ReplCompletion(partial: "dr", candidates: ["drag"]))
        XCTAssertEqual(candidates("navlua."), keys("navlua"))
        XCTAssertTrue(candidates("navlua.").contains("touch_down"))
    }

    func testGlobalsAndKeywordsComplete() {
        XCTAssertEqual(candidates("whi"), ["while"])
        XCTAssertEqual(candidates("navl"), ["navlua"])
        XCTAssertEqual(repl.complete("x = pri"), ReplCompletion(partial: "pri", candidates: ["print"]))
    }

    func testANavigationCompletesTheMethodsAndFieldsItsBindingRegisters() {
        enter("nav = navlua.navigation{root = navlua.screen{title = 'Home'}}")
        let methods = NavigationBinding.methods.map(\.name)
        let fields = NavigationBinding.Field.allCases.map(\.rawValue)
        XCTAssertEqual(candidates("nav:"), methods.sorted())
        XCTAssertEqual(candidates("nav."), (methods + fields).sorted())
        XCTAssertEqual(candidates("nav.pop"), ["pop", "pop_gesture", "pop_recognizer", "pop_recognizers", "pop_to", "pop_to_root"])
        XCTAssertEqual(repl.complete("nav:pu"), ReplCompletion(partial: "pu", candidates: ["push"]))
    }

    func testAScreenCompletesItsFieldsHooksAndOwnKeys() {
        enter("s = navlua.screen{title = 'S', note = 1, on_tap = function() end}")
        XCTAssertEqual(candidates("s."), (ScreenBinding.fields + ["add_control", "add_scroll_view", "note", "on_tap"]).sorted())
        XCTAssertEqual(candidates("s:"), ["add_control", "add_scroll_view", "on_tap"], "after ':' only functions")
        XCTAssertTrue(ScreenBinding.fields.contains("will_go_back"))
    }

    func testAScreenReachedThroughANavigationCompletes() {
        enter("nav = navlua.navigation{root = navlua.screen{title = 'Home'}}")
        XCTAssertEqual(candidates("nav.top.ti"), ["title"])
    }

    func testATouchAndAScrollViewCompleteWhatTheirBindingsRegister() {
        enter("t = navlua.touch_down(5, 300)", "v = navlua.screen{title = 'S'}:add_scroll_view{content_width = 900}")
        let touchMethods = TouchBinding.methods.map(\.name)
        XCTAssertEqual(candidates("t."), (touchMethods + TouchBinding.Field.allCases.map(\.rawValue)).sorted())
        XCTAssertEqual(candidates("t:"), touchMethods.sorted())
        let scrollMethods = ScreenBinding.scrollMethods.map(\.name)
        XCTAssertEqual(candidates("v."), (scrollMethods + ScreenBinding.ScrollViewField.allCases.map(\.rawValue)).sorted())
        XCTAssertEqual(candidates("v:"), ["require_to_fail"])
    }

    func testAPopRecognizerCompletesItsFields() {
        enter("r = navlua.navigation{preset = 'ios26'}:pop_recognizer('content')")
        XCTAssertEqual(candidates("r."), PopRecognizerBinding.Field.allCases.map(\.rawValue).sorted())
        XCTAssertEqual(candidates("r.en"), ["enabled"])
    }

    func testAStringCompletesStringMethods() {
        enter("name = 'abc'")
        XCTAssertTrue(candidates("name:").contains("upper"))
        XCTAssertEqual(candidates("name:rep"), ["rep"])
    }

    func testNothingCompletesAfterANumberOrAnUnknownName() {
        XCTAssertEqual(candidates("1."), [])
        XCTAssertEqual(candidates("nothing_here."), [])
    }

    /// The names offered are the ones the bindings answer: every field reads
    /// a value, and a name outside the lists reads nil.
    func testEveryFieldOfferedIsOneTheBindingReads() {
        // a delegate, and a push under way (the coordinator), so that no field reads nil
        enter("nav = navlua.navigation{root = navlua.screen{title = 'Home'}, delegate = {}, presentation_delegate = {}}",
              "nav:present{style = 'page_sheet', animated = false}",
              "nav:push(navlua.screen{title = 'Next'})",
              "t = navlua.touch_down(5, 300)", "t:move_to(60, 300, 0.1)",
              "v = nav.top:add_scroll_view{content_width = 900}")
        for (object, fields) in [("nav", NavigationBinding.Field.allCases.map(\.rawValue)),
                                 ("t", TouchBinding.Field.allCases.map(\.rawValue)),
                                 ("v", ScreenBinding.ScrollViewField.allCases.map(\.rawValue))] {
            for field in fields where !(object == "t" && field == "recognizer") {
                XCTAssertNotEqual(output("=\(object).\(field) ~= nil"), "false", "\(object).\(field)")
            }
            XCTAssertEqual(output("=\(object).no_such_field"), "nil")
        }
    }
}
