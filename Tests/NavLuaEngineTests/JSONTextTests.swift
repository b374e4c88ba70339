import XCTest
@testable import NavLuaEngine
@testable import NavLuaVisuals
import NavLuaTestSupport

/// The hand-written JSON: strings escaped so that a strict parser gives
/// them back, numbers exact and free of NaN.
final class JSONTextTests: XCTestCase {
    func testStringsComeBackUnchangedThroughAStrictParser() throws {
        let strings = ["plain", "quote \" and backslash \\", "new\nline\ttab\r", "bell \u{07} del \u{7F}",
                       "é ✓ 🚀", "</script>", ""]
        let text = "[" + strings.map(JSONText.string).joined(separator: ",") + "]"
        let parsed = try XCTUnwrap(Parse.json(text) as? [String])
        XCTAssertEqual(parsed, strings)
    }

    func testControlCharactersAreEscaped() {
        XCTAssertEqual(JSONText.string("a\u{01}b"), "\"a\\u0001b\"")
        XCTAssertEqual(JSONText.string("\u{1F}"), "\"\\u001f\"")
    }

    func testNonFiniteNumbersBecomeNull() {
        XCTAssertEqual(JSONText.number(.nan), "null")
        XCTAssertEqual(JSONText.number(-.infinity), "null")
        XCTAssertEqual(JSONText.number(-0.5), "-0.5")
        XCTAssertEqual(JSONText.number(1e-9), "0")
    }

    func testTimesAreExactDecimalsOfTheNanosecondClock() {
        XCTAssertEqual(JSONText.microseconds(16_666_666), "16666.666")
        XCTAssertEqual(JSONText.microseconds(350_000_000), "350000")
        XCTAssertEqual(JSONText.microseconds(1_500), "1.5")
        XCTAssertEqual(JSONText.seconds(16_666_666), "0.016666666")
        XCTAssertEqual(JSONText.seconds(2_000_000_000), "2")
        XCTAssertEqual(JSONText.seconds(36_000_000_000_000), "36000")
    }
}
