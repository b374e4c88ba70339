import XCTest
@testable import NavLuaEngine

/// Flutter's curves as Flutter evaluates them, and React Native's spring:
/// the values behind the flutter and react_navigation presets.
final class PresetCurveTests: XCTestCase {
    func testFlutterCubicStopsWithinItsErrorBound() {
        // Curves.linearToEaseOut at t = 0.1: the parallax of route_test's
        // "Animated push/pop is not linear" (-800 / 3 * 0.2605 = -69.47).
        let y = Curve.linearToEaseOut.value(at: 0.1)
        XCTAssertEqual(-800.0 / 3 * y, -69.47, accuracy: 0.01)
        XCTAssertEqual(Curve.linearToEaseOut.value(at: 0), 0)
        XCTAssertEqual(Curve.linearToEaseOut.value(at: 1), 1)
    }

    func testThreePointCubicAndItsFlip() {
        let f = Curve.fastEaseInToSlowEaseOut
        // route_test: text 2 at 609 after 50 of 500 ms
        XCTAssertEqual(800 * (1 - f.value(at: 0.1)), 609.14, accuracy: 0.01)
        // passes through its midpoint (0.198, 0.541)
        XCTAssertEqual(f.value(at: 0.198), 0.541, accuracy: 0.002)
        let flipped = Curve.flipped(f)
        XCTAssertEqual(flipped.value(at: 0.3), 1 - f.value(at: 0.7), accuracy: 1e-12)
    }

    func testCubicControlPointsAreChecked() {
        XCTAssertNil(FlutterCubic.check(0.18, 1.0, 0.04, 1.0))
        XCTAssertNotNil(FlutterCubic.check(-0.1, 0, 0.5, 1))
        XCTAssertNotNil(FlutterCubic.check(0.1, .nan, 0.5, 1))
    }

    func testReactNavigationSpringComesToRest() throws {
        let s = try XCTUnwrap(Preset.reactSpring.started(distance: 390, velocity: 0))
        // critically damped (Animated), omega0 = sqrt(1000 / 3): rest after ~0.48 s
        XCTAssertEqual(s.settle, 0.48, accuracy: 0.02)
        XCTAssertEqual(s.value(at: 0), 0, accuracy: 1e-12)
        let faster = try XCTUnwrap(Preset.reactSpring.started(distance: 390, velocity: 2000))
        XCTAssertLessThan(faster.settle, s.settle)
        var loose = Preset.reactSpring
        loose.damping = 0
        loose.overshootClamping = false
        XCTAssertNotNil(loose.problem())
    }
}
