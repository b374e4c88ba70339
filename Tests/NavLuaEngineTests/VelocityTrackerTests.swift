import XCTest
@testable import NavLuaEngine

/// SPEC section 4, Flutter's VelocityTracker numbers: samples up to 100 ms
/// older than now count, and a touch whose newest sample is more than 40 ms
/// old has no velocity. Each boundary exactly, 1 ns inside and 1 ns outside.
final class VelocityTrackerTests: XCTestCase {
    let ms = 1_000_000          // nanoseconds
    let t0 = 1_000_000_000      // any time well after 0

    func tracker(_ samples: [(Int, Double)]) -> VelocityTracker {
        var tracker = VelocityTracker(tunables: Tunables())
        for (nanos, x) in samples { tracker.add(Point(x, 0), at: nanos) }
        return tracker
    }

    func testTheBoundariesAreFlutters() {
        XCTAssertEqual(Tunables().velocityHorizon, 0.100)
        XCTAssertEqual(Tunables().velocityStaleAfter, 0.040)
    }

    // Horizon: samples at t0 + d (x = 0), t0 + 50 ms (x = 80) and t0 + 100 ms
    // (x = 100), asked at t0 + 100 ms. With the oldest: about 1000 pt/s;
    // without it, from the middle one: (100 - 80) / 0.05 = 400 pt/s.

    func horizonVelocity(oldestAt d: Int) -> Double {
        tracker([(t0 + d, 0), (t0 + 50 * ms, 80), (t0 + 100 * ms, 100)]).velocity(at: t0 + 100 * ms).x
    }

    func testASampleExactly100msOldCounts() {
        assertClose(horizonVelocity(oldestAt: 0), 1000)
    }

    func testASampleJustUnder100msOldCounts() {
        assertClose(horizonVelocity(oldestAt: 1), 100 / (0.1 - 1e-9), accuracy: 1e-6)
    }

    func testASampleJustOver100msOldDoesNot() {
        assertClose(horizonVelocity(oldestAt: -1), 400)
    }

    // Staleness: samples at t0 (x = 0) and t0 + 10 ms (x = 10), 1000 pt/s,
    // asked 40 ms after the newest, then 1 ns earlier and 1 ns later.

    func staleVelocity(askedAfterNewest wait: Int) -> Point {
        tracker([(t0, 0), (t0 + 10 * ms, 10)]).velocity(at: t0 + 10 * ms + wait)
    }

    func testANewestSampleExactly40msOldStillGivesTheVelocity() {
        assertClose(staleVelocity(askedAfterNewest: 40 * ms).x, 1000)
    }

    func testANewestSampleJustUnder40msOldGivesTheVelocity() {
        assertClose(staleVelocity(askedAfterNewest: 40 * ms - 1).x, 1000)
    }

    func testANewestSampleJustOver40msOldGivesZero() {
        XCTAssertEqual(staleVelocity(askedAfterNewest: 40 * ms + 1), .zero)
    }

    func testFewerThanTwoSamplesInTheHorizonGiveZero() {
        XCTAssertEqual(tracker([]).velocity(at: t0), .zero)
        XCTAssertEqual(tracker([(t0, 5)]).velocity(at: t0), .zero)
        // the older sample is past the horizon: one left
        XCTAssertEqual(tracker([(t0 - 1, 0), (t0 + 100 * ms, 10)]).velocity(at: t0 + 100 * ms), .zero)
    }
}
