import XCTest
@testable import NavLuaEngine

/// The one number format (DecimalText), held to the String-built
/// algorithm it replaced, which stays here as the reference.
final class DecimalTextTests: XCTestCase {
    /// formatNumber as it was written before DecimalText (issue 21's pass).
    private func reference(_ d: Double, places: Int) -> String {
        guard d.isFinite else { return d.isNaN ? "nan" : (d < 0 ? "-inf" : "inf") }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(d) * scale).rounded()
        guard scaled < 9e18 else { return String(d) }
        let n = UInt64(scaled)
        let unit = UInt64(scale)
        var whole = String(n / unit)
        var frac = String(n % unit)
        while frac.count < places { frac = "0" + frac }
        while frac.hasSuffix("0") { frac.removeLast() }
        if d < 0 && n != 0 { whole = "-" + whole }
        return frac.isEmpty ? whole : whole + "." + frac
    }

    func testNumbersAreWrittenAsTheStringBuiltFormatWroteThem() {
        var values: [Double] = [0, -0.0, 1, -1, 0.5, 0.0001, 0.00005, 0.00004, 12.3456789, -12.3456789, 390,
                                1e-9, 123456.000049, 0.1 + 0.2, 1e15, -1e15, 2.675, 9e17, 8.999e18, 9e18, 1e300,
                                .nan, .infinity, -.infinity, .leastNonzeroMagnitude, -.greatestFiniteMagnitude]
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<3_000 {   // a fixed sequence (xorshift): the same values on every run
            seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17
            let magnitude = Double(seed % 1_000_000_007) / Double([1, 10, 1_000, 1_000_000][Int(seed >> 60) % 4])
            values.append(seed & 1 == 0 ? magnitude : -magnitude)
        }
        for v in values {
            for places in [0, 1, 2, 3, 4, 6, 9, 12, 18] {
                XCTAssertEqual(formatNumber(v, places: places), reference(v, places: places), "\(v) \(places)")
            }
        }
    }

    func testIntegersAreWrittenAsSwiftWritesThem() {
        for n in [0, 7, -7, 10, -10, 99, 100, 1_000_000, Int.max, Int.min, Int.min + 1] {
            var b: [UInt8] = []
            DecimalText.appendInt(n, to: &b)
            XCTAssertEqual(String(decoding: b, as: UTF8.self), String(n))
        }
    }

    func testAnEventsTextIsItsFieldsInOrder() {
        let e = TraceEvent(nanos: 16_666_667, frame: 1, kind: .gesture, fields: [
            .string("screen", "Detail two"), .number("x", -0.0004), .int("n", -3),
            .bool("ok", false), .point("at", Point(12.5, -1)), .string("name", "plain"),
        ])
        XCTAssertEqual(e.fieldsText, #"screen="Detail two" x=0 n=-3 ok=false at=(12.5,-1) name=plain"#)
        XCTAssertEqual(e.text, "0.016667 #1 gesture " + e.fieldsText)
        XCTAssertEqual(TraceEvent(nanos: 0, frame: 0, kind: .app, fields: []).text, "0 #0 app")
        XCTAssertEqual(TraceEvent.text(of: .number(.nan)), "nan")
    }
}
