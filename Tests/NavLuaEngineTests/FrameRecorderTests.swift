import XCTest
@testable import NavLuaEngine
@testable import NavLuaVisuals
import NavLuaTestSupport

/// The recorder behind --timeline and --filmstrip: a sample a frame,
/// bounded memory, and a fresh start with a fresh world.
final class FrameRecorderTests: XCTestCase {
    func testKeepsOneSampleAFrame() throws {
        let f = Fixture()
        let recorder = FrameRecorder()
        f.world.frameObserver = { recorder.record($0) }
        let nav = try f.navigation([f.screen("A")])
        try nav.push(f.screen("B"), animated: true)
        try f.world.tick(10)
        XCTAssertEqual(recorder.samples.map(\.frame), Array(1...10))
        let last = try XCTUnwrap(recorder.samples.last?.navigations.first)
        assertClose(last.top?.x, nav.visual().top!.x)
        XCTAssertEqual(last.transition, "push")
        XCTAssertEqual(recorder.samples[4].nanos, f.nanos(5))
    }

    func testPastItsCapacityItKeepsEvenlySpacedFrames() throws {
        let f = Fixture()
        let recorder = FrameRecorder(capacity: 10)
        f.world.frameObserver = { recorder.record($0) }
        try f.world.tick(100)
        XCTAssertLessThanOrEqual(recorder.samples.count, 10)
        XCTAssertEqual(recorder.stride, 16)
        XCTAssertEqual(recorder.samples.map(\.frame), [16, 32, 48, 64, 80, 96])
    }

    func testFinishShowsWhatHappenedAfterTheLastFrame() throws {
        let f = Fixture()
        let recorder = FrameRecorder()
        f.world.frameObserver = { recorder.record($0) }
        let nav = try f.navigation([f.screen("A")])
        try f.world.tick(2)
        try nav.push(f.screen("B"), animated: false)
        let samples = recorder.finish(f.world)
        XCTAssertEqual(samples.map(\.frame), [1, 2])
        XCTAssertEqual(samples.last?.navigations.first?.top?.title, "B")
    }

    func testANewWorldStartsTheSamplesOver() throws {
        let recorder = FrameRecorder()
        let first = Fixture(), second = Fixture()
        first.world.frameObserver = { recorder.record($0) }
        second.world.frameObserver = { recorder.record($0) }
        try first.world.tick(5)
        try second.world.tick(2)
        XCTAssertEqual(recorder.samples.map(\.frame), [1, 2])
    }

    func testSamplesTheFingerAndItsPan() throws {
        let f = Fixture()
        let recorder = FrameRecorder()
        f.world.frameObserver = { recorder.record($0) }
        _ = try f.navigation([f.screen("A"), f.screen("B")])
        let touch = try f.world.touchDown(at: Point(50, 300))
        try f.world.move(touch, to: Point(150, 300), seconds: 0.1)
        let sample = try XCTUnwrap(recorder.samples.last?.touch)
        assertClose(sample.translation.x, 100)
        XCTAssertGreaterThan(sample.velocity.x, 0)
        try f.world.lift(touch)
        XCTAssertNil(recorder.samples.last?.touch)
    }
}
