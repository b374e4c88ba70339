import Foundation
import XCTest
@testable import NavLuaVisuals
@testable import NavLuaBridge

/// navlua.render(path) from Lua.
final class RenderBindingTests: XCTestCase {
    func testRenderWritesTheCurrentFrame() throws {
        let path = NSTemporaryDirectory() + "navlua-render-\(UUID().uuidString).svg"
        let host = NavLuaHost()
        let outcome = host.run(code: """
            local a, b = navlua.screen{title="A"}, navlua.screen{title="B"}
            local nav = navlua.navigation{root=a}
            nav:push(b)
            navlua.tick(10)
            local v = nav:visual()
            assert(navlua.render("\(path)") == "\(path)")
            return v
            """, name: "=test")
        XCTAssertEqual(outcome, .ok)
        // what the pictures draw of the world now (FrameSVGTests checks the drawing)
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(svg, FrameSVG.document(FrameSample(host.bridge.world), scale: 0.5))
        XCTAssertTrue(svg.contains("data-frame=\"10\""))
    }

    func testRenderNamesAPathItCannotWrite() {
        let host = NavLuaHost()
        let outcome = host.run(code: "navlua.render('/nonexistent-dir/x.svg')", name: "=test")
        guard case .failed(let message) = outcome else { return XCTFail("render should fail") }
        XCTAssertTrue(message.hasPrefix("test:1: navlua.render: cannot write '/nonexistent-dir/x.svg'"), message)
    }

    func testRenderRefusesUnknownOptions() {
        let host = NavLuaHost()
        let outcome = host.run(code: "navlua.render('x.svg', {zoom=2})", name: "=test")
        guard case .failed(let message) = outcome else { return XCTFail("render should fail") }
        XCTAssertTrue(message.contains("unknown option 'zoom'"), message)
    }

    // MARK: navlua.html

    func testHtmlStartsRecordingAtItsFirstCallAndWritesTheFramesSince() throws {
        let first = NSTemporaryDirectory() + "navlua-replay-\(UUID().uuidString).html"
        let second = NSTemporaryDirectory() + "navlua-replay-\(UUID().uuidString).html"
        let host = NavLuaHost()
        XCTAssertNil(host.bridge.recorder)
        let outcome = host.run(code: """
            local nav = navlua.navigation{root=navlua.screen{title="A"}}
            navlua.tick(3)
            assert(navlua.html("\(first)") == "\(first)")
            nav:push(navlua.screen{title="B"})
            navlua.tick(10)
            navlua.html("\(second)", {title = "two"})
            """, name: "=test")
        XCTAssertEqual(outcome, .ok)
        XCTAssertNotNil(host.bridge.recorder)
        let page = try String(contentsOfFile: second, encoding: .utf8)
        let samples = try XCTUnwrap(host.bridge.recorder?.finish(host.bridge.world))
        XCTAssertEqual(samples.map(\.frame), Array(3...13))
        XCTAssertEqual(page, ReplayHTML.document(samples: samples, events: host.bridge.world.trace.events, title: "two"))
        XCTAssertTrue(try String(contentsOfFile: first, encoding: .utf8).contains("<title>navlua replay</title>"))
    }

    func testHtmlRefusesAnotherExtensionBeforeWriting() {
        let host = NavLuaHost()
        let outcome = host.run(code: "navlua.html('/tmp/x.svg')", name: "=test")
        guard case .failed(let message) = outcome else { return XCTFail("html should fail") }
        XCTAssertTrue(message.hasPrefix("test:1: navlua.html: cannot write '/tmp/x.svg': its extension is not .html (navlua writes replays as HTML pages)"), message)
        XCTAssertNil(host.bridge.recorder)
    }
}
