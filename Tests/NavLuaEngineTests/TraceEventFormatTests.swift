import Foundation
import XCTest
@testable import NavLuaEngine
@testable import NavLuaVisuals
import NavLuaTestSupport

/// --trace: the Chrome Trace Event JSON and the JSON Lines hold the trace.
final class TraceEventFormatTests: XCTestCase {
    private func chromeEvents(_ run: RecordedRun) throws -> [[String: Any]] {
        let text = TraceEventFormat.chromeJSON(events: run.world.trace.events, samples: run.samples)
        let object = try XCTUnwrap(Parse.json(text) as? [String: Any])
        return try XCTUnwrap(object["traceEvents"] as? [[String: Any]])
    }

    private func micros(_ nanos: Int) -> Double { Double(nanos) / 1000 }

    func testEachTransitionIsOneSpanFromBeginToItsEnd() throws {
        let run = try RecordedRun()
        let events = try chromeEvents(run)
        let trace = run.world.trace.events.filter { $0.kind == .transition }
        let begins = trace.filter { $0["phase"] == .string("begin") }
        let ends = trace.filter { $0["phase"] != .string("begin") }
        XCTAssertEqual(begins.count, 3, "push, cancelled pop, finished pop")
        let spans = events.filter { $0["cat"] as? String == "transition" }
        XCTAssertEqual(spans.count, begins.count)
        for (i, span) in spans.enumerated() {
            XCTAssertEqual(span["ph"] as? String, "X")
            assertClose(span["ts"] as? Double, micros(begins[i].nanos), accuracy: 1e-6)
            assertClose((span["ts"] as? Double ?? 0) + (span["dur"] as? Double ?? 0), micros(ends[i].nanos),
                        accuracy: 1e-6)
            let end = (span["args"] as? [String: Any])?["end"] as? [String: Any]
            XCTAssertEqual(end?["phase"] as? String, ends[i]["phase"]?.string)
        }
        XCTAssertEqual(spans.map { ($0["args"] as? [String: Any])?["what"] as? String },
                       ["push", "interactive_pop", "interactive_pop"])
    }

    func testPopGesturesAreSpansFromBeganToEnded() throws {
        let run = try RecordedRun()
        let events = try chromeEvents(run)
        let trace = run.f.popGestures()
        let began = trace.filter { $0["state"] == .string("began") }
        let ended = trace.filter { $0["state"] == .string("ended") || $0["state"] == .string("cancelled") }
        let spans = events.filter { $0["cat"] as? String == "gesture" && $0["ph"] as? String == "X" }
        XCTAssertEqual(spans.count, 2)
        XCTAssertEqual(spans.count, began.count)
        for (i, span) in spans.enumerated() {
            assertClose(span["ts"] as? Double, micros(began[i].nanos), accuracy: 1e-6)
            assertClose((span["ts"] as? Double ?? 0) + (span["dur"] as? Double ?? 0), micros(ended[i].nanos),
                        accuracy: 1e-6)
        }
    }

    func testEveryOtherEventIsAnInstantAtItsTime() throws {
        let run = try RecordedRun()
        let events = try chromeEvents(run)
        let trace = run.world.trace.events
        let folded = trace.filter { TraceEventFormat.spanRole($0) != nil }
        let instants = events.filter { $0["ph"] as? String == "i" }
        XCTAssertEqual(instants.count, trace.count - folded.count)
        let expected = trace.filter { TraceEventFormat.spanRole($0) == nil }
        for (instant, event) in zip(instants, expected) {
            XCTAssertEqual(instant["cat"] as? String, event.kind.rawValue)
            assertClose(instant["ts"] as? Double, micros(event.nanos), accuracy: 1e-6)
            XCTAssertEqual((instant["args"] as? [String: Any])?["frame"] as? Int, event.frame)
        }
        let hooks = instants.filter { $0["cat"] as? String == "hook" }
        XCTAssertEqual(hooks.map { $0["name"] as? String },
                       ["B.will_go_back -> true", "B.will_go_back -> true", "B.pop_gesture_did_end -> nil"])
    }

    func testCountersFollowTheVisualAtTheirFrames() throws {
        let run = try RecordedRun()
        let events = try chromeEvents(run)
        let xs = events.filter { $0["ph"] as? String == "C" && $0["name"] as? String == "nav 1 x" }
        XCTAssertGreaterThan(xs.count, 40)
        let fps = Double(run.world.config.fps)
        for counter in xs {
            let ts = try XCTUnwrap(counter["ts"] as? Double)
            let frame = Int((ts / 1e6 * fps).rounded())
            guard let visual = run.visuals[frame] else { continue }
            let args = try XCTUnwrap(counter["args"] as? [String: Double])
            assertClose(args["top"], visual.top!.x, accuracy: 0.001, "frame \(frame)")
            if let below = visual.below { assertClose(args["below"], below.x, accuracy: 0.001, "frame \(frame)") }
        }
        let dims = events.filter { $0["ph"] as? String == "C" && $0["name"] as? String == "nav 1 dim" }
        XCTAssertEqual(dims.compactMap { ($0["args"] as? [String: Double])?["dim"] }.max() ?? 0, 0.1, accuracy: 0.001)
    }

    func testTracksAreNamed() throws {
        let run = try RecordedRun()
        let events = try chromeEvents(run)
        let names = events.filter { $0["ph"] as? String == "M" && $0["name"] as? String == "thread_name" }
            .compactMap { ($0["args"] as? [String: Any])?["name"] as? String }
        for track in ["touches", "hooks", "nav 1", "nav 1 transitions", "nav 1 gestures"] {
            XCTAssertTrue(names.contains(track), "missing track \(track) in \(names)")
        }
    }

    func testASpanStillRunningAtTheEndIsOpen() throws {
        let f = Fixture()
        let nav = try f.navigation([f.screen("A")])
        try nav.push(f.screen("B"), animated: true)
        try f.world.tick(3)
        let text = TraceEventFormat.chromeJSON(events: f.world.trace.events)
        let events = try XCTUnwrap((Parse.json(text) as? [String: Any])?["traceEvents"] as? [[String: Any]])
        let span = try XCTUnwrap(events.first { $0["cat"] as? String == "transition" })
        XCTAssertEqual(span["ph"] as? String, "B")
        XCTAssertNil(span["dur"])
    }

    func testJSONLinesHoldOneObjectPerTraceEvent() throws {
        let run = try RecordedRun()
        let trace = run.world.trace.events
        let text = TraceEventFormat.jsonLines(events: trace)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, trace.count)
        let parsed = try XCTUnwrap(Parse.json("[" + lines.joined(separator: ",") + "]") as? [[String: Any]])
        XCTAssertEqual(parsed.count, trace.count)
        for (object, event) in zip(parsed, trace) {
            XCTAssertEqual(object["kind"] as? String, event.kind.rawValue)
            XCTAssertEqual(object["frame"] as? Int, event.frame)
            assertClose(object["t"] as? Double, event.seconds, accuracy: 1e-12)
        }
        let gesture = try XCTUnwrap(parsed.first { $0["kind"] as? String == "gesture" })
        XCTAssertNotNil((gesture["translation"] as? [String: Double])?["x"])
    }

    func testTheSameRunGivesTheSameBytes() throws {
        let a = try RecordedRun(), b = try RecordedRun()
        XCTAssertEqual(TraceEventFormat.chromeJSON(events: a.world.trace.events, samples: a.samples),
                       TraceEventFormat.chromeJSON(events: b.world.trace.events, samples: b.samples))
    }

    /// Issue 40: the trace is written a line at a time, never whole in
    /// memory, and the lines are the file the writer wrote whole before.
    func testTheTraceIsHandedOverALineAtATimeAndReadsAsBefore() throws {
        let run = try RecordedRun()
        var pieces: [String] = []
        TraceEventFormat.writeChromeJSON(events: run.world.trace.events, samples: run.samples) { pieces.append($0) }
        let whole = TraceEventFormat.chromeJSON(events: run.world.trace.events, samples: run.samples)
        XCTAssertEqual(pieces.joined(), whole)
        XCTAssertEqual(pieces.count, whole.split(separator: "\n").count - 1, "one piece a line, the end with the last")
        XCTAssertLessThan(pieces.map(\.utf8.count).max() ?? 0, 1_000)
        var lines: [String] = []
        TraceEventFormat.writeJSONLines(events: run.world.trace.events) { lines.append($0) }
        XCTAssertEqual(lines.count, run.world.trace.events.count)
        XCTAssertEqual(lines.joined(), TraceEventFormat.jsonLines(events: run.world.trace.events))
    }
}
