import XCTest
@testable import NavLuaTestRunner

/// The records a child writes and the parent reads: every kind reads back
/// as it was written, escapes keep fields apart, and a line that is not a
/// record is an error the parent reports.
final class ChildRecordTests: XCTestCase {
    static let every: [ChildRecord] = [
        .load(2, offset: 17), .load(1, offset: nil),
        .file(3, offset: 0), .file(1, offset: nil),
        .test(.pass, name: "nav pops", location: "a_spec.lua:3", message: "", traceback: ""),
        .test(.fail, name: "a\tb", location: "x:1", message: "one\ntwo\r\n", traceback: "\nstack traceback:\n\tx:1:"),
        .test(.error, name: "e", location: "y:2", message: "back\\slash", traceback: ""),
        .test(.skip, name: "later", location: "z:4", message: "not now", traceback: ""),
        .error(name: "", location: "a_spec.lua", message: "setup broke", traceback: "\n\ta:1: in main chunk"),
        .snapshot(action: "written", path: "spec/__snapshots__/a/v.txt"),
        .replay(path: "out/a_spec--nav-pops.html", problem: ""),
        .replay(path: "full/a_spec--x.html", problem: "No space left on device"),
        .seed(block: "", seed: "12345"), .seed(block: "nav pops", seed: "7"),
        .event(offset: 120, text: "{[\"channel\"]={\"test\",\"start\"},[\"s\"]=\"a\\\nb\\t\"}"),
        .event(offset: nil, text: ""),
        .coverage(path: "src/a.lua", hits: "1=2,3=0"),
        .done(offset: 99), .done(offset: nil),
    ]

    func decode(_ line: String) -> Result<ChildRecord, RecordError> {
        ChildRecord.decode(ArraySlice(line.utf8))
    }

    func testEveryRecordReadsBackAsItWasWritten() {
        for record in Self.every {
            let line = record.line
            XCTAssertTrue(line.hasSuffix("\n"))
            XCTAssertEqual(line.dropLast().filter { $0 == "\n" }.count, 0, "one line: \(line)")
            XCTAssertEqual(try? decode(String(line.dropLast())).get(), record)
        }
    }

    func testFieldsAreEscapedAndUnescapedOnlyForBackslashTabNewlineAndReturn() {
        XCTAssertEqual(RecordLine.encode(["a\\b", "c\td", "e\nf", "g\rh", "plain"]),
                       "a\\\\b\tc\\td\te\\nf\tg\\rh\tplain\n")
        XCTAssertEqual(RecordLine.decode("a\\\\b\tc\\td\te\\nf\tg\\rh\tplain"),
                       ["a\\b", "c\td", "e\nf", "g\rh", "plain"])
        // an escaped backslash before an n is a backslash and an n
        XCTAssertEqual(RecordLine.decode("\\\\n"), ["\\n"])
        XCTAssertEqual(RecordLine.escape("\\n"), "\\\\n")
        // empty fields are kept
        XCTAssertEqual(RecordLine.decode("done\t"), ["done", ""])
    }

    func testBytesThatAreNotUTF8AreKept() {
        let bytes: [UInt8] = Array("error\t\t\t".utf8) + [0xC3, 0x5C, 0x6E] + Array("\t".utf8)
        guard case .success(.error(_, _, let message, _)) = ChildRecord.decode(bytes[...]) else {
            return XCTFail("not an error record")
        }
        XCTAssertEqual(ByteString.bytes(of: message), [0xC3, 0x0A])
        XCTAssertEqual(ByteString.readable(message), "\\xC3\n")
    }

    func testAnUnknownRecordIsAnError() {
        XCTAssertEqual(decode("finished\t1"), .failure(.unknown(kind: "finished")))
        XCTAssertEqual(decode(""), .failure(.unknown(kind: "")))
    }

    func testATruncatedRecordIsAnError() {
        XCTAssertEqual(decode("test\tpass\tname"), .failure(.fieldCount(kind: "test", expected: 6, got: 3)))
        XCTAssertEqual(decode("done"), .failure(.fieldCount(kind: "done", expected: 2, got: 1)))
        XCTAssertEqual(decode("seed\ta\tb\tc"), .failure(.fieldCount(kind: "seed", expected: 3, got: 4)))
    }

    func testANumberFieldMustBeANumber() {
        XCTAssertEqual(decode("file\tone\t0"), .failure(.notANumber(kind: "file", field: "one")))
        XCTAssertEqual(decode("done\t12x"), .failure(.notANumber(kind: "done", field: "12x")))
        XCTAssertEqual(decode("test\tfine\tn\tw\t\t"), .failure(.unknownStatus("fine")))
    }

    func testAStreamReadsRecordsSplitAcrossChunksAndKeepsAnUnfinishedOne() {
        let text = Array((ChildRecord.file(1, offset: 0).line + ChildRecord.done(offset: 5).line + "seed\t").utf8)
        var stream = ChildRecordStream()
        XCTAssertTrue(stream.append(text[0..<3]).isEmpty)
        let first = stream.append(text[3..<9])
        XCTAssertEqual(first.map { try? $0.get() }, [.file(1, offset: 0)])
        XCTAssertEqual(stream.append(text[9...]).map { try? $0.get() }, [.done(offset: 5)])
        // the start of a record a dying child left is not a record
        XCTAssertEqual(stream.records.count, 2)
        XCTAssertEqual(ChildRecord.records(in: text[...]).count, 2)
    }

    func testTheLuaWriterWritesWhatTheSwiftReaderReads() throws {
        let wire = LuaSession(source: EmbeddedLua.specWire, chunkName: "=navlua test driver")
        for record in Self.every {
            let line = try wire.call("record", record.fields).get()
            XCTAssertEqual(line, record.line)
        }
    }

    func testAResultReportsALineThatIsNotARecordOnItsFile() {
        let records = ["file\t1\t", "test\tpass\ta\ta:1\t\t", "file\t2\t", "what\tever", "file\t9\t", "done\t"]
            .map(decode)
        let (results, started) = SpecFileResult.parse(records: records, output: [], files: ["a", "b"])
        XCTAssertEqual(started, [true, true])
        XCTAssertEqual(results[0].cases.map(\.status), [.pass])
        XCTAssertEqual(results[1].cases.map(\.message), [
            "navlua test cannot read what the file's process wrote: an unknown record 'what'",
            "navlua test cannot read what the file's process wrote: a record of file 9 of a job of 2",
        ])
        XCTAssertEqual(results[1].endedEarly.count, 2)
        XCTAssertTrue(results.allSatisfy(\.finished))
    }

    func testAReplayBelongsToTheTestReportedBeforeIt() {
        let records = [ChildRecord.file(1, offset: nil),
                       .test(.pass, name: "ok", location: "a:1", message: "", traceback: ""),
                       .test(.fail, name: "bad", location: "a:2", message: "m", traceback: ""),
                       .replay(path: "r/a--bad.html", problem: ""),
                       .test(.error, name: "worse", location: "a:3", message: "m", traceback: ""),
                       .replay(path: "r/a--worse.html", problem: "Permission denied"),
                       .test(.fail, name: "limit", location: "a:4", message: "m", traceback: ""),
                       .replay(path: "", problem: "not enough memory"),
                       .done(offset: nil)].map { Result<ChildRecord, RecordError>.success($0) }
        let cases = SpecFileResult.parse(records: records, output: [], files: ["a"]).results[0].cases
        XCTAssertEqual(cases.map(\.replay), ["", "r/a--bad.html", "r/a--worse.html", ""])
        XCTAssertEqual(cases.map(\.replayLine), [nil, "replay: r/a--bad.html",
                                                 "replay: r/a--worse.html (not written: Permission denied)",
                                                 "replay: (not written: not enough memory)"])
    }

    func testAResultGivesEachFileTheOutputUpToItsNextRecord() {
        let output = Array("onetwothree".utf8)
        let records = [ChildRecord.load(1, offset: 0), .file(1, offset: 0), .load(2, offset: 3), .file(2, offset: 3),
                       .event(offset: 6, text: "{}"), .done(offset: 6)].map { Result<ChildRecord, RecordError>.success($0) }
        let (results, _) = SpecFileResult.parse(records: records, output: output, files: ["a", "b"])
        XCTAssertEqual(results.map(\.output), ["one", "twothree"])
        XCTAssertEqual(results[1].events.map(\.offset), [3])
    }
}
