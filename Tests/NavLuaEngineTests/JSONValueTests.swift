import XCTest
@testable import NavLuaVisuals

/// The touch logs' JSON reader takes RFC 8259's grammar and nothing more:
/// what it accepts reads as the RFC says, what it refuses names its column.
final class JSONValueTests: XCTestCase {
    func testReadsEachKindOfValue() throws {
        let v = try JSONValue.parse(#" {"t": -1.5e2, "ok": true, "no": false, "n": null, "a": [1, "x"], "o": {}} "#)
        XCTAssertEqual(v["t"], .number(-150))
        XCTAssertEqual(v["ok"], .bool(true))
        XCTAssertEqual(v["no"], .bool(false))
        XCTAssertEqual(v["n"], .null)
        XCTAssertEqual(v["a"], .array([.number(1), .string("x")]))
        XCTAssertEqual(v["o"], .object([]))
        XCTAssertNil(v["missing"])
    }

    func testStringEscapesAndSurrogatePairs() throws {
        XCTAssertEqual(try JSONValue.parse(#""a\"\\\/\b\f\n\r\t""#), .string("a\"\\/\u{8}\u{c}\n\r\t"))
        XCTAssertEqual(try JSONValue.parse(#""\u00e9\ud83d\ude00""#), .string("é😀"))
    }

    func testRefusesWhatTheRFCDoesNotAllowWithItsColumn() {
        let cases: [(String, String, Int)] = [
            ("01", "a number with a leading zero", 1),
            ("1.", "a digit is expected after '.'", 3),
            ("1e", "a digit is expected in the exponent", 3),
            ("[1,]", "unexpected character", 4),
            ("{\"a\" 1}", "':' is expected after a key", 6),
            ("\"\\ud83d\"", "a lone surrogate", 8),   // where the low half should be
            ("\"\\x\"", "an unknown escape", 4),
            ("\"a\nb\"", "a control character in a string", 3),
            ("1 2", "unexpected text after the value", 3),
            ("1e999", "a number out of range", 6),
            ("", "a value is missing", 1),
        ]
        for (text, message, column) in cases {
            XCTAssertThrowsError(try JSONValue.parse(text), text) { error in
                XCTAssertEqual(error as? JSONError, JSONError(message: message, column: column), text)
            }
        }
    }

    func testRefusesNestingDeeperThanItsLimit() {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        XCTAssertThrowsError(try JSONValue.parse(deep))
        let fine = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        XCTAssertNoThrow(try JSONValue.parse(fine))
    }
}
