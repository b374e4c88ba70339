import XCTest
@testable import NavLuaTestRunner

/// What a child hands its standby: the failed tests, each with its
/// replay's path, through a pipe (ReplayStandby).
final class ReplayStandbyTests: XCTestCase {
    func testNotesGoThroughThePipeAsTheyAre() {
        let notes = [
            FailureReplays.Noted(file: Array("spec/a_spec.lua".utf8), test: Array("a › fails".utf8),
                                 path: Array("replays/a_spec--a-fails.html".utf8),
                                 written: Array("/work/replays/a_spec--a-fails.html".utf8)),
            // any bytes: a name need not be UTF-8, and may hold a NUL
            FailureReplays.Noted(file: [0xFF, 0x00, 0x41], test: [], path: Array("replays/x.html".utf8)),
        ]
        XCTAssertEqual(ReplayStandby.decode(ReplayStandby.encode(notes)), notes)
        XCTAssertEqual(ReplayStandby.decode([]), [])
    }

    func testATruncatedNoteIsDropped() {
        let note = FailureReplays.Noted(file: Array("f".utf8), test: Array("t".utf8), path: Array("p".utf8))
        let bytes = ReplayStandby.encode([note, note])
        XCTAssertEqual(ReplayStandby.decode(Array(bytes.dropLast())), [note])
        // a length past the end is not read
        XCTAssertEqual(ReplayStandby.decode([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 1, 2]), [])
    }
}
