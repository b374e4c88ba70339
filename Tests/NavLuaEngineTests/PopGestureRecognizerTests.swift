import XCTest
@testable import NavLuaEngine

/// The recognizer is a state machine and nothing else: possible, then
/// began or failed (with the check that refused), then ended or cancelled.
final class PopGestureRecognizerTests: XCTestCase {
    func testAFailureKeepsTheFirstCheckAndEndsTheGesture() {
        var r = PopGestureRecognizer()
        XCTAssertTrue(r.fail(.edgeWidth))
        XCTAssertFalse(r.fail(.touches))
        XCTAssertEqual(r.state, .failed)
        XCTAssertEqual(r.refusedBy, .edgeWidth)
        XCTAssertFalse(r.lift(cancelled: false), "a failed gesture has nothing to release")
    }

    func testLiftedBeforeItBeganItFailsWithoutACheck() {
        var r = PopGestureRecognizer()
        XCTAssertFalse(r.lift(cancelled: false))
        XCTAssertEqual(r.state, .failed)
        XCTAssertNil(r.refusedBy)
    }

    func testABeganGestureEndsOrCancelsAndKeepsTheDecision() {
        for (cancelled, decision, state, finishes) in [
            (false, PopDecision.finish, GestureState.ended, true as Bool?),
            (false, .cancel, .ended, false), (true, .cancel, .cancelled, false),
            (false, .failed, .cancelled, false),
        ] {
            var r = PopGestureRecognizer()
            r.begin()
            XCTAssertFalse(r.fail(.scrollView), "a began gesture no longer fails")
            XCTAssertTrue(r.lift(cancelled: cancelled))
            r.released(decision)
            XCTAssertEqual(r.state, state)
            XCTAssertEqual(r.finishes, finishes)
        }
    }

    func testAReleaseThatMovedNothingDecidesNothing() {
        var r = PopGestureRecognizer()
        r.begin()
        XCTAssertTrue(r.lift(cancelled: false))
        r.released(nil)
        XCTAssertEqual(r.state, .ended)
        XCTAssertNil(r.finishes)
    }
}
