import XCTest

/// Asserts two numbers agree within `accuracy` (default 1e-9), reporting at the caller.
func assertClose(_ a: Double?, _ b: Double, accuracy: Double = 1e-9, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    guard let a = a else { return XCTFail("nil, expected \(b) \(message)", file: file, line: line) }
    XCTAssertEqual(a, b, accuracy: accuracy, message, file: file, line: line)
}
