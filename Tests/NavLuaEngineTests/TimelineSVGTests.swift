import XCTest
@testable import NavLuaEngine
@testable import NavLuaVisuals
import NavLuaTestSupport

/// --timeline: well-formed SVG whose lines, read back through each panel's
/// stated scale, give `nav:visual()` at their frames.
final class TimelineSVGTests: XCTestCase {
    struct Scale {
        let t0, t1, left, right, v0, v1, bottom, top: Double
        init?(_ e: SVGElement) {
            guard let t0 = e.number("data-t0"), let t1 = e.number("data-t1"), let left = e.number("data-left"),
                  let right = e.number("data-right"), let v0 = e.number("data-v0"), let v1 = e.number("data-v1"),
                  let bottom = e.number("data-bottom"), let top = e.number("data-top") else { return nil }
            (self.t0, self.t1, self.left, self.right) = (t0, t1, left, right)
            (self.v0, self.v1, self.bottom, self.top) = (v0, v1, bottom, top)
        }
        func time(_ x: Double) -> Double { t0 + (x - left) / (right - left) * (t1 - t0) }
        func value(_ y: Double) -> Double { v0 + (bottom - y) / (bottom - top) * (v1 - v0) }
        /// Value error from drawing to 0.01 pixel.
        var tolerance: Double { 0.006 * (v1 - v0) / (bottom - top) + 1e-6 }
    }

    /// (time, value) points of a series, read back through its panel's scale.
    private func series(_ id: String, in elements: [SVGElement]) -> (points: [(Double, Double)], scale: Scale?) {
        var scale: Scale?
        var points: [(Double, Double)] = []
        for e in elements {
            if e.classes == ["panel"] { scale = Scale(e) }
            guard e.tag == "polyline", e["data-series"] == id, let s = scale, let text = e["points"] else { continue }
            for pair in text.split(separator: " ") {
                let xy = pair.split(separator: ",").compactMap { Double($0) }
                points.append((s.time(xy[0]), s.value(xy[1])))
            }
            return (points + rest(id, after: e, in: elements, s), s)
        }
        return ([], nil)
    }

    private func rest(_ id: String, after first: SVGElement, in elements: [SVGElement], _ s: Scale) -> [(Double, Double)] {
        var seen = false
        var points: [(Double, Double)] = []
        for e in elements where e.tag == "polyline" && e["data-series"] == id {
            if !seen { seen = true; continue }
            for pair in (e["points"] ?? "").split(separator: " ") {
                let xy = pair.split(separator: ",").compactMap { Double($0) }
                points.append((s.time(xy[0]), s.value(xy[1])))
            }
        }
        return points
    }

    private func frame(at t: Double, fps: Int) -> Int { Int((t * Double(fps)).rounded()) }

    func testTheScreenLinesGiveTheVisualXAtEveryFrame() throws {
        let run = try RecordedRun()
        let svg = TimelineSVG.document(samples: run.samples, events: run.world.trace.events)
        let elements = try XCTUnwrap(Parse.svgElements(svg))
        for (id, read) in [("nav1.top", { (v: Visual) in v.top?.x }), ("nav1.below", { (v: Visual) in v.below?.x }),
                           ("nav1.dim", { (v: Visual) in v.dim })] as [(String, (Visual) -> Double?)] {
            let (points, scale) = series(id, in: elements)
            XCTAssertGreaterThan(points.count, 50, id)
            let tolerance = try XCTUnwrap(scale).tolerance
            for (t, value) in points {
                let k = frame(at: t, fps: 60)
                let visual = try XCTUnwrap(run.visuals[k], "\(id) at \(t) s")
                let expected = try XCTUnwrap(read(visual), "\(id) has a point at frame \(k) where visual() has none")
                XCTAssertEqual(value, expected, accuracy: tolerance, "\(id) at frame \(k)")
            }
        }
    }

    func testAPopBreaksTheTopLineInsteadOfJoiningTwoScreens() throws {
        let run = try RecordedRun()
        let elements = try XCTUnwrap(Parse.svgElements(
            TimelineSVG.document(samples: run.samples, events: run.world.trace.events)))
        let tops = elements.filter { $0["data-series"] == "nav1.top" }
        XCTAssertEqual(tops.count, 2, "B's line, then A's after the pop")
    }

    func testTheFingerTranslationIsDrawnWhileATouchIsDown() throws {
        let run = try RecordedRun()
        let elements = try XCTUnwrap(Parse.svgElements(
            TimelineSVG.document(samples: run.samples, events: run.world.trace.events)))
        let (points, scale) = series("pan.translation", in: elements)
        XCTAssertFalse(points.isEmpty)
        let tolerance = try XCTUnwrap(scale).tolerance
        let bySample = Dictionary(run.samples.map { ($0.frame, $0) }, uniquingKeysWith: { $1 })
        for (t, value) in points {
            let sample = try XCTUnwrap(bySample[frame(at: t, fps: 60)])
            let touch = try XCTUnwrap(sample.touch, "a translation point where no touch is down")
            XCTAssertEqual(value, touch.translation.x, accuracy: tolerance)
        }
    }

    func testTouchPhasesAndHookResultsAreMarkedAtTheirTimes() throws {
        let run = try RecordedRun()
        let events = run.world.trace.events
        let elements = try XCTUnwrap(Parse.svgElements(TimelineSVG.document(samples: run.samples, events: events)))
        let marks = elements.filter { $0.classes.first == "mark" }
        let touchMarks = marks.filter { $0.classes.contains("touch") }
        let phases = events.filter { $0.kind == .touch && $0["phase"] != .string("moved") }
        XCTAssertEqual(touchMarks.count, phases.count)
        XCTAssertEqual(touchMarks.count, 4, "two drags: down and up each")
        for (mark, event) in zip(touchMarks, phases) {
            assertClose(mark.number("data-t"), event.seconds, accuracy: 1e-6)
        }
        let hookMarks = marks.filter { $0.classes.contains("hooks") }
        let hooks = events.filter { $0.kind == .hook }
        XCTAssertEqual(hookMarks.count, hooks.count)
        let labels = elements.filter { $0.tag == "text" && $0.parentClass == "mark hooks" }.map(\.text)
        XCTAssertEqual(labels, ["◆ will_go_back = true", "◆ will_go_back = true", "◆ pop_gesture_did_end = nil"])
    }

    func testAxesAreInSecondsAndPoints() throws {
        let run = try RecordedRun()
        let elements = try XCTUnwrap(Parse.svgElements(
            TimelineSVG.document(samples: run.samples, events: run.world.trace.events)))
        let texts = elements.filter { $0.tag == "text" }.map(\.text)
        XCTAssertTrue(texts.contains("seconds"))
        XCTAssertTrue(texts.contains("x (points)"))
        XCTAssertTrue(texts.contains("velocity (points/s)"))
    }

    func testNiceTicks() {
        XCTAssertEqual(TimelineSVG.ticks(0, 2.35, count: 10), [0, 0.5, 1, 1.5, 2])
        XCTAssertEqual(TimelineSVG.ticks(-130, 410, count: 6), [-100, 0, 100, 200, 300, 400])
    }
}
