import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import NavLuaTestRunner

/// How the parent reads the end of a job's process, and what it reports on
/// the file that was running.
final class ChildEndTests: XCTestCase {
    func end(_ status: Int32, killed: Bool = false, interrupted: Int32 = 0, lost: String? = nil) -> ChildEnd {
        ChildEnd(status: status, killed: killed, interrupted: interrupted, lost: lost)
    }

    func testWaitpidsStatusGivesTheExitCodeOrTheSignal() {
        XCTAssertEqual(end(0), .exited(0))
        XCTAssertEqual(end(3 << 8), .exited(3))
        XCTAssertEqual(end(127 << 8), .exited(127))
        XCTAssertEqual(end(SIGKILL), .signal(SIGKILL))
        XCTAssertEqual(end(SIGSEGV | 0x80), .signal(SIGSEGV))   // with a core dump
    }

    func testWhatTheParentDidComesFirst() {
        XCTAssertEqual(end(SIGKILL, killed: true), .killedAtTimeout)
        XCTAssertEqual(end(SIGKILL, killed: true, interrupted: SIGINT), .killedAfterInterrupt(SIGINT))
        XCTAssertEqual(end(SIGKILL, killed: true, interrupted: SIGTERM), .killedAfterInterrupt(SIGTERM))
        // sent SIGINT but not killed: it ended by itself
        XCTAssertEqual(end(1 << 8, interrupted: SIGINT), .exited(1))
        XCTAssertEqual(end(0, killed: true, lost: "the worker process ended while this file ran"),
                       .lost("the worker process ended while this file ran"))
    }

    func testEachEndSaysWhatHappenedToTheFile() {
        XCTAssertEqual(ChildEnd.killedAtTimeout.problem(timeout: 2, fileReportedError: false),
                       "timeout: the file ran past --timeout 2 s and its process was stopped; the rest of the file did not run")
        XCTAssertEqual(ChildEnd.killedAtTimeout.problem(timeout: 0.5, fileReportedError: true),
                       "timeout: the file ran past --timeout 0.5 s and its process was stopped; the rest of the file did not run")
        XCTAssertEqual(ChildEnd.killedAfterInterrupt(SIGINT).problem(timeout: nil, fileReportedError: false),
                       "interrupted!: the process running this file was stopped after SIGINT; the rest of the file did not run")
        XCTAssertEqual(ChildEnd.killedAfterInterrupt(SIGHUP).problem(timeout: nil, fileReportedError: false),
                       "interrupted!: the process running this file was stopped after SIGHUP; the rest of the file did not run")
        XCTAssertEqual(ChildEnd.signal(SIGKILL).problem(timeout: nil, fileReportedError: false),
                       "the process running this file was killed by signal 9 (SIGKILL: out of memory?)")
        XCTAssertEqual(ChildEnd.signal(SIGSEGV).problem(timeout: nil, fileReportedError: false),
                       "the process running this file was killed by signal 11 (SIGSEGV)")
        XCTAssertEqual(ChildEnd.signal(SIGABRT).problem(timeout: nil, fileReportedError: true),
                       "the process running this file was killed by signal 6")
        XCTAssertEqual(ChildEnd.exited(0).problem(timeout: nil, fileReportedError: false),
                       "the file ended its process (os.exit?) before its tests finished")
        XCTAssertEqual(ChildEnd.exited(127).problem(timeout: nil, fileReportedError: false),
                       "the worker could not start a process for the file")
        XCTAssertEqual(ChildEnd.exited(3).problem(timeout: nil, fileReportedError: false),
                       "the process running this file exited with status 3 before the file finished")
        XCTAssertEqual(ChildEnd.lost("could not reach the worker while this file ran")
                        .problem(timeout: nil, fileReportedError: true),
                       "could not reach the worker while this file ran")
    }

    func testAnExitAfterTheFileReportedItsOwnErrorAddsNothing() {
        XCTAssertNil(ChildEnd.exited(1).problem(timeout: nil, fileReportedError: true))
        XCTAssertNil(ChildEnd.exited(0).problem(timeout: nil, fileReportedError: true))
    }
}
