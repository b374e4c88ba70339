import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import NavLuaEngine
@testable import NavLuaVisuals
import NavLuaTestSupport

/// SPEC section 1: the named curves are cubic Beziers through (0,0), (x1,y1),
/// (x2,y2), (1,1); springs follow the damped oscillator.
final class CurveTests: XCTestCase {
    /// One coordinate of the Bezier, written out from its definition.
    private func bezier(_ t: Double, _ c1: Double, _ c2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t
    }

    private func checkAgainstDefinition(_ curve: Curve, _ x1: Double, _ y1: Double,
                                        _ x2: Double, _ y2: Double,
                                        file: StaticString = #filePath, line: UInt = #line) {
        for i in 0...200 {
            let t = Double(i) / 200
            let x = bezier(t, x1, x2), y = bezier(t, y1, y2)
            XCTAssertEqual(curve.value(at: x), y, accuracy: 1e-9, "t = \(t)", file: file, line: line)
        }
    }

    func testEaseInMatchesItsBezier() { checkAgainstDefinition(.easeIn, 0.42, 0, 1, 1) }
    func testEaseOutMatchesItsBezier() { checkAgainstDefinition(.easeOut, 0, 0, 0.58, 1) }
    func testEaseInOutMatchesItsBezier() { checkAgainstDefinition(.easeInOut, 0.42, 0, 0.58, 1) }
    func testSteepCustomBezierMatchesItsDefinition() {
        checkAgainstDefinition(.cubicBezier(0.9, 0.1, 1, 0), 0.9, 0.1, 1, 0)
        checkAgainstDefinition(.cubicBezier(0, 1, 0, 1), 0, 1, 0, 1)
    }

    func testNamesGiveTheSpecControlPoints() {
        XCTAssertEqual(Curve.named("ease_in"), .cubicBezier(0.42, 0, 1, 1))
        XCTAssertEqual(Curve.named("ease_out"), .cubicBezier(0, 0, 0.58, 1))
        XCTAssertEqual(Curve.named("ease_in_out"), .cubicBezier(0.42, 0, 0.58, 1))
        XCTAssertEqual(Curve.named("linear"), .linear)
        XCTAssertNil(Curve.named("bounce"))
    }

    func testEndPointsAreExactAndProgressIsClamped() {
        for curve in [Curve.linear, .easeIn, .easeOut, .easeInOut, .spring(damping: 0.5, response: 0.4)] {
            XCTAssertEqual(curve.value(at: 0), 0)
            XCTAssertEqual(curve.value(at: 1), 1)
            XCTAssertEqual(curve.value(at: -0.5), 0)
            XCTAssertEqual(curve.value(at: 1.5), 1)
        }
        XCTAssertEqual(Curve.linear.value(at: 0.3), 0.3)
        XCTAssertEqual(Curve.easeInOut.value(at: 0.5), 0.5, accuracy: 1e-12)
    }

    /// x'' + 2 zeta omega x' + omega^2 (x - 1) = 0 with x(0) = 0, x'(0) = 0.
    func testSpringSolvesTheDampedOscillator() {
        for damping in [0.3, 0.7, 1.0, 1.8] {
            let response = 0.5
            let omega = 2 * Double.pi / response
            let x = { (t: Double) in Curve.springPosition(at: t, damping: damping, response: response) }
            XCTAssertEqual(x(0), 0, accuracy: 1e-12)
            let h = 1e-4
            XCTAssertEqual((x(h) - x(0)) / h, 0, accuracy: omega * omega * h, "x'(0), damping \(damping)")
            for t in stride(from: 0.05, through: 1.5, by: 0.05) {
                let v = (x(t + h) - x(t - h)) / (2 * h)
                let a = (x(t + h) - 2 * x(t) + x(t - h)) / (h * h)
                let residual = a + 2 * damping * omega * v + omega * omega * (x(t) - 1)
                XCTAssertEqual(residual, 0, accuracy: 1e-3 * omega * omega, "damping \(damping) t \(t)")
            }
        }
    }

    func testSpringCurveRunsOverItsSettleDuration() {
        let curve = Curve.spring(damping: 1, response: 0.5)
        let omega = 2 * Double.pi / 0.5
        XCTAssertEqual(curve.settleDuration, log(1000) / omega + 0.5, accuracy: 1e-12)
        let t = 0.2 * curve.settleDuration
        XCTAssertEqual(curve.value(at: 0.2), 1 - exp(-omega * t) * (1 + omega * t), accuracy: 1e-12)
        // from the settle time on it stays within 0.1% of the target
        XCTAssertEqual(Curve.springPosition(at: curve.settleDuration, damping: 1, response: 0.5), 1, accuracy: 1e-3)
        // an animation with a spring lasts its settle duration, whatever was asked
        let animation = Animation(from: 0, to: 10, start: 0, seconds: 0.1, curve: curve)
        XCTAssertEqual(animation.duration, Int((curve.settleDuration * 1e9).rounded()))
    }
}
