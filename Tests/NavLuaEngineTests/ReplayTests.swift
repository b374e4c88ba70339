import XCTest
@testable import NavLuaEngine
@testable import NavLuaVisuals
import NavLuaTestSupport

/// The HTML replay's writer (what the page shows is tested in chromium:
/// scripts/replay_test) and the filmstrip's moments.
final class ReplayTests: XCTestCase {
    func testEveryRefusalHasItsCheckInWords() {
        for r in PopRefusal.allCases {
            let words = RefusalWords.words(for: r.rawValue)
            XCTAssertNotNil(words, r.rawValue)
            XCTAssertTrue(words?.hasPrefix(r.rawValue + ": ") == true, r.rawValue)
        }
        XCTAssertEqual(RefusalWords.words(for: "pop_disabled"),
                       "pop_disabled: the top screen disables the pop (FD fd_interactivePopDisabled)")
        XCTAssertNotNil(RefusalWords.words(for: "modal_in_presentation"))
        XCTAssertNil(RefusalWords.words(for: "no_such_check"))
    }

    func testNumbersAreWrittenAsTheTraceAndPicturesWriteThem() {
        let values: [Double] = [0, -0.0, 1, -1, 0.5, 0.0001, 0.00005, 0.00004, 12.3456789, -12.3456789, 390, 1e-9,
                                123456.000049, 0.1 + 0.2, 1e15, -1e15, 2.675, .nan, .infinity, -.infinity]
        for v in values {
            for places in [0, 1, 2, 3, 4, 6] {
                var b = JSONBytes()
                b.number(v, places: places)
                XCTAssertEqual(String(decoding: b.bytes, as: UTF8.self), JSONText.number(v, places: places), "\(v) \(places)")
            }
        }
        for n in [0, 7, -7, 10, 1_000_000, Int.max, Int.min] {
            var b = JSONBytes()
            b.int(n)
            XCTAssertEqual(String(decoding: b.bytes, as: UTF8.self), String(n))
        }
    }

    func testStringsAreEscapedAndCannotEndTheScriptElement() {
        var b = JSONBytes()
        b.string("a\"b\\c</script>\n\t\u{01}é")
        XCTAssertEqual(String(decoding: b.bytes, as: UTF8.self), #""a\"b\\c\u003c/script>\n\t\u0001é""#)
    }

    func testAnEventsFieldsInThePageAreTheTracesText() throws {
        let run = try RecordedRun()
        let events = run.world.trace.events
        let page = ReplayHTML.document(samples: run.samples, events: events)
        for e in events.prefix(40) {
            var quoted = JSONBytes()
            quoted.string(e.fieldsText)
            XCTAssertTrue(page.contains(String(decoding: quoted.bytes, as: UTF8.self)), e.text)
            XCTAssertEqual(e.text, formatNumber(e.seconds, places: 6) + " #\(e.frame) " + e.kind.rawValue
                           + (e.fields.isEmpty ? "" : " " + e.fieldsText))
        }
    }

    func testTheTemplatesSlotsAreFilledOnceAndValuesAreNotSearched() {
        let out = ReplayHTML.fill(Array("<t>{{title}}</t><style>/*{{style}}*/</style>{{data}}{{other}}".utf8), [
            "{{title}}": Array("{{data}}".utf8), "/*{{style}}*/": Array("s".utf8), "{{data}}": Array("D".utf8),
        ])
        XCTAssertEqual(String(decoding: out, as: UTF8.self), "<t>{{data}}</t><style>s</style>D{{other}}")
    }

    func testThePageIsWholeAndHoldsEveryFrameOnce() throws {
        let run = try RecordedRun()
        let samples = run.samples
        let page = ReplayHTML.document(samples: samples, events: run.world.trace.events)
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>"))
        XCTAssertFalse(page.contains("{{"), "a slot was left unfilled")
        XCTAssertEqual(page.components(separatedBy: "</script>").count - 1, 2)
        // the script of the page is embedded as it is in Web/replay.js
        XCTAssertTrue(page.contains(EmbeddedWeb.replayJs))
        let frames = page.components(separatedBy: "\"frames\":[\n")[1].components(separatedBy: "],\n\"events\"")[0]
        XCTAssertEqual(frames.components(separatedBy: ",\n").count, samples.count)
    }

    func testTheCancelledSwipeSaysWhyAtItsLift() throws {
        let run = try RecordedRun()
        let ended = run.world.trace.events.filter { $0.kind == .gesture && $0["finish"] == .bool(false) }
        XCTAssertEqual(ended.count, 1)
        XCTAssertTrue(ReplayData.why(ended[0])?.hasPrefix("cancelled at the lift") == true)
    }

    func testARefusedSheetPullIsExplainedOnceAtItsEnd() {
        let began = TraceEvent(nanos: 1, frame: 1, kind: .sheet,
                               fields: [.string("phase", "began"), .string("refused_by", "modal_in_presentation")])
        let ended = TraceEvent(nanos: 2, frame: 2, kind: .sheet,
                               fields: [.string("phase", "ended"), .string("refused_by", "modal_in_presentation"),
                                        .bool("dismiss", false)])
        let stayed = TraceEvent(nanos: 3, frame: 3, kind: .sheet, fields: [.string("phase", "ended"), .bool("dismiss", false)])
        XCTAssertNil(ReplayData.why(began))
        XCTAssertEqual(ReplayData.why(ended), RefusalWords.words(for: "modal_in_presentation"))
        XCTAssertNil(ReplayData.why(stayed))
    }

    // MARK: the filmstrip's moments

    func testTheFilmstripShowsTheRunsMoments() throws {
        let run = try RecordedRun()
        let events = run.world.trace.events
        let moments = FilmstripSVG.moments(run.samples, events: events, count: 40)
        let labels = moments.map(\.label)
        let frameOf = { (kind: TraceEvent.Kind, field: String, value: String) in
            events.filter { $0.kind == kind && $0[field] == .string(value) }.map(\.frame)
        }
        let shown = Set(moments.map(\.sample.frame))
        for frame in frameOf(.touch, "phase", "began") + frameOf(.touch, "phase", "ended")
            + frameOf(.gesture, "state", "began") + frameOf(.transition, "phase", "finish") {
            XCTAssertTrue(shown.contains(frame), "frame \(frame) in \(shown.sorted())")
        }
        XCTAssertTrue(labels.contains { $0.contains("touch down") }, "\(labels)")
        XCTAssertTrue(labels.contains { $0.contains("pop began") }, "\(labels)")
        XCTAssertTrue(labels.contains { $0.contains("lift") }, "\(labels)")
        XCTAssertTrue(labels.contains { $0.contains("interactive_pop finished") || $0.contains("pop finished") }, "\(labels)")
    }

    func testTheFilmstripKeepsTheFirstAndLastMomentWhenThereAreTooMany() throws {
        let run = try RecordedRun()
        let all = FilmstripSVG.moments(run.samples, events: run.world.trace.events, count: 100)
        let few = FilmstripSVG.moments(run.samples, events: run.world.trace.events, count: 4)
        XCTAssertEqual(few.count, 4)
        XCTAssertEqual(few.first?.sample.frame, all.first?.sample.frame)
        XCTAssertEqual(few.last?.sample.frame, all.last?.sample.frame)
    }

    func testAFrameWithAFingerDownDrawsIt() throws {
        let run = try RecordedRun()
        let down = try XCTUnwrap(run.samples.first { $0.touch != nil })
        let touch = try XCTUnwrap(down.touch)
        let elements = try XCTUnwrap(Parse.svgElements(FrameSVG.document(down)))
        let dot = try XCTUnwrap(elements.first { $0.tag == "circle" && $0.parentClass == "finger" })
        XCTAssertEqual(dot.number("cx") ?? .nan, touch.location.x, accuracy: 0.001)
        XCTAssertEqual(dot.number("cy") ?? .nan, touch.location.y, accuracy: 0.001)
        let still = try XCTUnwrap(run.samples.last)
        XCTAssertNil(still.touch)
        XCTAssertFalse(FrameSVG.document(still).contains("class=\"finger\""))
    }

    /// Issue 40: the replay's page is handed over in pieces of about
    /// `ReplayData.chunk` bytes, its frames and events never whole in memory.
    func testTheReplayIsHandedOverInPieces() throws {
        let run = try RecordedRun()
        var samples = run.samples
        while samples.count < 20_000 { samples += run.samples }   // about a megabyte of frames
        var pieces: [[UInt8]] = []
        ReplayHTML.write(samples: samples, events: run.world.trace.events) { pieces.append($0) }
        XCTAssertEqual(pieces.flatMap { $0 }, ReplayHTML.bytes(samples: samples, events: run.world.trace.events))
        XCTAssertGreaterThan(pieces.count, 10)
        let data = pieces.dropFirst().dropLast()   // the page's markup, style and script around the data
        XCTAssertLessThan(data.map(\.count).max() ?? 0, ReplayData.chunk + 4_096)
    }
}
