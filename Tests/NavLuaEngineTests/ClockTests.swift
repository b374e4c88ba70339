import XCTest
@testable import NavLuaEngine
@testable import NavLuaVisuals
import NavLuaTestSupport

/// SPEC section 1: integer nanoseconds, frame k at floor(k * 1e9 / fps).
final class ClockTests: XCTestCase {
    func testFrameTimesAreFlooredFromTheFrameIndex() {
        let clock = Clock(fps: 60)
        XCTAssertEqual(clock.nanos(atFrame: 0), 0)
        XCTAssertEqual(clock.nanos(atFrame: 1), 16_666_666)
        XCTAssertEqual(clock.nanos(atFrame: 2), 33_333_333)
        XCTAssertEqual(clock.nanos(atFrame: 3), 50_000_000)
        XCTAssertEqual(clock.nanos(atFrame: 6), 100_000_000)
        XCTAssertEqual(Clock(fps: 120).nanos(atFrame: 1), 8_333_333)
        XCTAssertEqual(Clock(fps: 7).nanos(atFrame: 5), 714_285_714)
    }

    func testTenHoursAt120FpsLandExactly() throws {
        let world = World({ var c = WorldConfig(); c.fps = 120; return c }())
        let frames = 10 * 3600 * 120
        try world.tick(frames)
        XCTAssertEqual(world.clock.frame, 4_320_000)
        XCTAssertEqual(world.now, 36_000_000_000_000)
        XCTAssertEqual(world.clock.seconds, 36_000)
        // one more frame is floor(4320001e9 / 120), not an accumulated sum
        try world.tick()
        XCTAssertEqual(world.now, 36_000_008_333_333)
        // summing the rounded frame length would have drifted by 1.44 ms
        XCTAssertNotEqual(world.now, 4_320_001 * 8_333_333)
    }

    func testAdvanceByATenthAt60FpsIsSixFramesNotSeven() throws {
        let world = World()
        try world.advance(seconds: 0.1)
        XCTAssertEqual(world.clock.frame, 6)
        XCTAssertEqual(world.now, 100_000_000)
        // from a frame that is not a whole number of nanoseconds away
        try world.tick()
        try world.advance(seconds: 0.1)
        XCTAssertEqual(world.clock.frame, 13)
    }

    func testAdvanceCoversPartialFrames() throws {
        let world = World()
        try world.advance(seconds: 0.001)
        XCTAssertEqual(world.clock.frame, 1)
        try world.advance(seconds: 0.02)   // 16.7 ms is not enough
        XCTAssertEqual(world.clock.frame, 3)
        try world.advance(seconds: 0)
        XCTAssertEqual(world.clock.frame, 3)
    }

    /// One frame's worth of seconds is one frame, even where the frame time
    /// (16666666 ns) lies below the rounded request (16666667 ns).
    func testAdvanceByOneFrameDurationIsOneFrame() throws {
        let world = World()
        try world.advance(seconds: 1.0 / 60)
        XCTAssertEqual(world.clock.frame, 1)
        for _ in 0..<59 { try world.advance(seconds: 1.0 / 60) }
        XCTAssertEqual(world.clock.frame, 60)
        XCTAssertEqual(world.now, 1_000_000_000)
    }

    func testAdvanceRefusesNegativeAndNonFiniteSeconds() {
        let world = World()
        XCTAssertThrowsError(try world.advance(seconds: -1))
        XCTAssertThrowsError(try world.advance(seconds: .nan))
        XCTAssertThrowsError(try world.advance(seconds: .infinity))
        XCTAssertThrowsError(try world.tick(-1))
        XCTAssertEqual(world.clock.frame, 0)
    }

    func testTraceEventsCarryFrameAndTime() throws {
        let f = Fixture()
        try f.world.tick(3)
        let a = f.screen("A")
        _ = try f.navigation([a])
        let push = f.events().first { $0.kind == .push }!
        XCTAssertEqual(push.frame, 3)
        XCTAssertEqual(push.nanos, 50_000_000)
        XCTAssertEqual(push.seconds, 0.05)
    }
}
