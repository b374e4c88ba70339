import Foundation
import XCTest
import NavLuaRuntime
@testable import NavLuaEngine
@testable import NavLuaVisuals
@testable import NavLuaBridge
import NavLuaTestSupport

/// Issue 5: the REPL. `navlua.live` is tested here on a host, the REPL's
/// evaluation and completion in ReplEvaluatorTests; the REPL as a person
/// uses it is tested by scripts/repl_test.sh driving the built binary
/// through tmux, which the last test runs.
final class ReplTests: XCTestCase {
    func testLiveIsOffUntilAScriptTurnsItOn() {
        let host = NavLuaHost()
        XCTAssertFalse(ReplBinding.isLive(host))
        XCTAssertEqual(host.run(code: "assert(navlua.live() == false)", name: "=t"), .ok)
        XCTAssertEqual(host.run(code: "navlua.live(true)", name: "=t"), .ok)
        XCTAssertTrue(ReplBinding.isLive(host))
        XCTAssertEqual(host.run(code: "assert(navlua.live() == true)", name: "=t"), .ok)
        XCTAssertEqual(host.run(code: "navlua.live(false)", name: "=t"), .ok)
        XCTAssertFalse(ReplBinding.isLive(host))
    }

    func testLiveSurvivesResetAndStopLiveTurnsItOff() {
        let host = NavLuaHost()
        XCTAssertEqual(host.run(code: "navlua.live(true); navlua.reset()", name: "=t"), .ok)
        XCTAssertTrue(ReplBinding.isLive(host))
        ReplBinding.stopLive(host)
        XCTAssertFalse(ReplBinding.isLive(host))
    }

    func testLiveRefusesANonBoolean() {
        let host = NavLuaHost()
        guard case .failed(let message) = host.run(code: "navlua.live(1)", name: "=t") else {
            return XCTFail("navlua.live(1) should fail")
        }
        XCTAssertTrue(message.hasPrefix("t:1: navlua.live: 'enabled' must be a boolean (got 1)"), message)
    }

    /// The tick the REPL calls for live frames is navlua's own, even when the
    /// script replaced `navlua.tick`.
    func testPushTickIsNavluasTick() {
        let host = NavLuaHost()
        XCTAssertEqual(host.run(code: "navlua.tick = function() error('replaced') end", name: "=t"), .ok)
        ReplBinding.pushTick(host)
        lua_pushinteger(host.L, 3)
        XCTAssertEqual(host.protectedCall(arguments: 1, results: 0), .ok)
        XCTAssertEqual(host.bridge.world.clock.frame, 3)
    }

    /// Runs scripts/repl_test.sh on the navlua built next to this test bundle.
    func testTheReplThroughATerminal() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let script = root.appendingPathComponent("scripts/repl_test.sh").path
        let buildDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [buildDir.appendingPathComponent("navlua").path,
                          buildDir.deletingLastPathComponent().appendingPathComponent("navlua").path,
                          root.appendingPathComponent(".build/debug/navlua").path]
        guard let binary = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return XCTFail("no navlua binary next to the tests (looked in \(candidates)); run swift build first")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
                || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/tmux") else {
            throw XCTSkip("tmux is not installed (apt-get install -y tmux)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script, binary]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lastLine = output.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertEqual(process.terminationStatus, 0, output)
        XCTAssertTrue(lastLine.hasSuffix("passed, 0 failed"), output)
    }
}
