import XCTest
@testable import NavLuaEngine
@testable import NavLuaVisuals
import NavLuaTestSupport

/// navlua.render's picture and the filmstrip: well-formed SVG whose shapes
/// sit where `nav:visual()` puts the screens at the frames they show.
final class FrameSVGTests: XCTestCase {
    /// The shapes of one frame's navigation, by role.
    struct Shapes {
        var screens: [String: (title: String, x: Double, y: Double, width: Double, height: Double)] = [:]
        var dim: Double?
        var mask: Double?
        var barTitle: String?
    }

    private func shapes(_ elements: [SVGElement], frame: Int? = nil) -> Shapes {
        var s = Shapes()
        for (i, e) in elements.enumerated() where frame == nil || e.frame == frame {
            if e.tag == "rect", e.parentClass.hasPrefix("screen ") {
                let role = String(e.parentClass.dropFirst("screen ".count))
                // each screen is <g class="screen ROLE"><rect/><text>title</text></g>
                let next = i + 1 < elements.count ? elements[i + 1] : nil
                let title = next?.tag == "text" && next?.parentClass == e.parentClass ? next!.text : "?"
                s.screens[role] = (title, e.number("x") ?? .nan, e.number("y") ?? .nan,
                                   e.number("width") ?? .nan, e.number("height") ?? .nan)
            }
            if e.tag == "rect", e.classes == ["dim"] { s.dim = e.number("fill-opacity") }
            if e.tag == "rect", e.classes == ["mask"] { s.mask = e.number("fill-opacity") }
            if e.tag == "text", e.parentClass == "bar" { s.barTitle = e.text }
        }
        return s
    }

    private func assertMatches(_ s: Shapes, _ v: Visual, width: Double, _ what: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(s.screens["top"]?.title, v.top?.screen.title, what, file: file, line: line)
        assertClose(s.screens["top"]?.x, v.top!.x, accuracy: 0.001, what, file: file, line: line)
        assertClose(s.screens["top"]?.width, width, accuracy: 0.001, what, file: file, line: line)
        if let below = v.below {
            XCTAssertEqual(s.screens["below"]?.title, below.screen.title, what, file: file, line: line)
            assertClose(s.screens["below"]?.x, below.x, accuracy: 0.001, what, file: file, line: line)
        } else {
            XCTAssertNil(s.screens["below"], what, file: file, line: line)
        }
        if v.dim > 0 { assertClose(s.dim, v.dim, accuracy: 1e-4, what, file: file, line: line) }
        else { XCTAssertNil(s.dim, what, file: file, line: line) }
        XCTAssertEqual(s.barTitle == nil, v.barHidden, what, file: file, line: line)
    }

    func testARenderedFramePlacesTheScreensAtTheirVisualX() throws {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B")
        let nav = try f.navigation([a, b])
        let touch = try f.world.touchDown(at: Point(40, 300))
        for target in [120.0, 200, 330] {
            try f.world.move(touch, to: Point(target, 300), seconds: 0.1)
            let v = nav.visual()
            XCTAssertNotNil(v.below)
            let svg = FrameSVG.document(FrameSample(f.world))
            let elements = try XCTUnwrap(Parse.svgElements(svg))
            XCTAssertEqual(elements.first?.tag, "svg")
            XCTAssertEqual(elements.first.flatMap { $0["data-frame"] }, String(f.world.clock.frame))
            assertMatches(shapes(elements), v, width: 390, "finger at \(target)")
        }
        try f.world.lift(touch)
    }

    func testTheSnapshotStyleDrawsTheScaledSnapshotUnderItsMask() throws {
        let f = Fixture()
        let nav = try f.navigation([f.screen("Inbox"), f.screen("Mail")], style: .snapshot)
        let touch = try f.world.touchDown(at: Point(40, 300))
        try f.world.move(touch, to: Point(200, 300), seconds: 0.3)
        let v = nav.visual()
        let snapshot = try XCTUnwrap(v.snapshot)
        let elements = try XCTUnwrap(Parse.svgElements(FrameSVG.document(FrameSample(f.world))))
        let s = shapes(elements)
        XCTAssertEqual(s.screens["snapshot"]?.title, "Inbox")
        assertClose(s.screens["snapshot"]?.x, snapshot.x, accuracy: 0.001)
        assertClose(s.screens["snapshot"]?.y, snapshot.y, accuracy: 0.001)
        assertClose(s.screens["snapshot"]?.width, snapshot.width, accuracy: 0.001)
        assertClose(s.screens["snapshot"]?.height, snapshot.height, accuracy: 0.001)
        assertClose(s.mask, v.mask!, accuracy: 1e-4)
        assertClose(s.screens["top"]?.x, v.top!.x, accuracy: 0.001)
        XCTAssertGreaterThan(v.top!.x, 100)
        try f.world.lift(touch)
    }

    func testAHiddenBarIsNotDrawn() throws {
        let f = Fixture()
        let b = f.screen("B")
        b.test.flags["navigation_bar_hidden"] = true
        let nav = try f.navigation([f.screen("A"), b])
        XCTAssertTrue(nav.visual().barHidden)
        let elements = try XCTUnwrap(Parse.svgElements(FrameSVG.document(FrameSample(f.world))))
        XCTAssertNil(shapes(elements).barTitle)
        XCTAssertEqual(elements.first { $0.classes == ["navigation"] }?["data-bar-hidden"], "true")
    }

    func testTitlesAreEscaped() throws {
        let f = Fixture()
        _ = try f.navigation([f.screen("Tom & <Jerry> \"1\"")])
        let elements = try XCTUnwrap(Parse.svgElements(FrameSVG.document(FrameSample(f.world))))
        XCTAssertEqual(shapes(elements).screens["top"]?.title, "Tom & <Jerry> \"1\"")
    }

    // MARK: filmstrip

    func testTheFilmstripShowsEvenlySpacedFramesWhereTheVisualPutThem() throws {
        let run = try RecordedRun()
        let samples = run.samples
        let svg = FilmstripSVG.document(samples, count: 8)
        let elements = try XCTUnwrap(Parse.svgElements(svg))
        let frames = elements.filter { $0.tag == "svg" && $0.classes == ["frame"] }.compactMap { $0.frame }
        XCTAssertEqual(frames.count, 8)
        XCTAssertEqual(frames.first, samples.first?.frame)
        XCTAssertEqual(frames.last, samples.last?.frame)
        let gaps = zip(frames.dropFirst(), frames).map { $0 - $1 }
        XCTAssertLessThanOrEqual((gaps.max() ?? 0) - (gaps.min() ?? 0), 1, "evenly spaced: \(frames)")
        for frame in frames {
            let v = try XCTUnwrap(run.visuals[frame])
            assertMatches(shapes(elements, frame: frame), v, width: 390, "frame \(frame)")
        }
    }

    func testAShortRunShowsEveryFrame() throws {
        let f = Fixture()
        let recorder = FrameRecorder()
        f.world.frameObserver = { recorder.record($0) }
        _ = try f.navigation([f.screen("A")])
        try f.world.tick(3)
        let elements = try XCTUnwrap(Parse.svgElements(FilmstripSVG.document(recorder.finish(f.world), count: 8)))
        XCTAssertEqual(elements.filter { $0.classes == ["frame"] }.compactMap(\.frame), [1, 2, 3])
    }
}
