import XCTest
@testable import NavLuaEngine

/// The trace is bounded by its count of events and by the bytes they keep,
/// and counts what it keeps in the world's memory account (manual §8.1
/// rule 1, §10.4 rule 1).
final class TraceTests: XCTestCase {
    func event(_ title: String) -> TraceEvent {
        TraceEvent(nanos: 0, frame: 0, kind: .push, fields: [.string("screen", title)])
    }

    func testAFieldIsItsNameAndValue() {
        let e = TraceEvent(nanos: 0, frame: 2, kind: .pop, fields: [
            .int("nav", 1), .string("screen", "B two"), .bool("animated", true),
            .number("x", 1.25), .point("at", Point(1, 2)),
        ])
        XCTAssertEqual(e.fields.map(\.name), ["nav", "screen", "animated", "x", "at"])
        XCTAssertEqual(e["screen"], .string("B two"))
        XCTAssertNil(e["scree"])
        XCTAssertEqual(e.fields[0], TraceField("nav", .int(1)))
        XCTAssertNotEqual(e.fields[0], TraceField("id", .int(1)))
        XCTAssertNotEqual(e.fields[0], TraceField("nav", .int(2)))
        XCTAssertEqual(e.text, "0 #2 pop nav=1 screen=\"B two\" animated=true x=1.25 at=(1,2)")
    }

    func testAnEventCostsItsLongStringsInFull() {
        let short = event("Detail").retainedBytes
        XCTAssertEqual(event(String(repeating: "x", count: 100_000)).retainedBytes, short + 32 + 100_000)
    }

    func testTheOldestEventsGoPastTheByteLimit() {
        let big = String(repeating: "x", count: 1000)
        let size = event(big).retainedBytes
        let trace = Trace(limit: 100, byteLimit: 3 * size)
        for _ in 0..<10 { _ = trace.append(event(big)) }
        XCTAssertEqual(trace.count, 3)
        XCTAssertEqual(trace.dropped, 7)
        XCTAssertEqual(trace.bytes, 3 * size)
    }

    func testAnEventLargerThanTheByteLimitIsNotKept() {
        let trace = Trace(limit: 100, byteLimit: 500)
        _ = trace.append(event(String(repeating: "x", count: 1000)))
        XCTAssertEqual(trace.count, 0)
        XCTAssertEqual(trace.dropped, 1)
    }

    func testTheCountLimitStillHolds() {
        let trace = Trace(limit: 3)
        for k in 0..<5000 { _ = trace.append(event("s\(k)")) }
        XCTAssertEqual(trace.events.map { $0["screen"] }, [.string("s4997"), .string("s4998"), .string("s4999")])
        XCTAssertEqual(trace.dropped, 4997)
    }

    func testTheAccountFollowsWhatIsKept() {
        let account = MemoryAccount()
        var trace: Trace? = Trace(limit: 2, account: account)
        _ = trace!.append(event(String(repeating: "x", count: 1000)))
        XCTAssertEqual(account.bytes, trace!.bytes)
        let id = trace!.subscribe(kind: nil) { _ in }
        XCTAssertEqual(account.bytes, trace!.bytes + Trace.subscriberBytes)
        trace!.unsubscribe(id)
        XCTAssertEqual(account.bytes, trace!.bytes)
        _ = trace!.subscribe(kind: .push) { _ in }
        trace = nil
        XCTAssertEqual(account.bytes, 0)
    }

    func testAnAccountCanCountIntoAnEmbeddersCounter() {
        let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        counter.initialize(to: 0)
        let account = MemoryAccount(countingInto: counter)
        account.add(100)
        XCTAssertEqual(counter.pointee, 100)
        account.detach()
        counter.deallocate()
        account.add(-100)
        XCTAssertEqual(account.bytes, 0)
    }
}
