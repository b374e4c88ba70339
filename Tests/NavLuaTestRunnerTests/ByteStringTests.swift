import XCTest
@testable import NavLuaTestRunner

/// Lua strings that are not UTF-8 (a spec file named `b\xFF_spec.lua`)
/// cross navlua test's Swift code byte for byte.
final class ByteStringTests: XCTestCase {
    func roundTrip(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(ByteString.bytes(of: ByteString.decode(bytes)), bytes, file: file, line: line)
    }

    func testEveryByteStringMapsBackToItsBytes() {
        roundTrip(Array("spec/a_spec.lua".utf8))
        roundTrip(Array("spec/b".utf8) + [0xFF] + Array("_spec.lua".utf8))
        roundTrip(Array("café".utf8) + [0xE9, 0xC3])           // valid, then a Latin-1 é and a cut sequence
        roundTrip([0xEF, 0x9C, 0x80, 0xEF, 0x9F, 0xBF])        // U+F700 and U+F7FF themselves
        roundTrip([0xED, 0xA0, 0x80])                          // a surrogate, which UTF-8 forbids
        roundTrip([])
    }

    func testValidUTF8IsItsOwnString() {
        XCTAssertEqual(ByteString.decode(Array("x → y".utf8)), "x → y")
        XCTAssertEqual(ByteString.readable("x → y"), "x → y")
    }

    func testReportsShowABadByteAsAnEscape() {
        let name = ByteString.decode(Array("spec/b".utf8) + [0xFF] + Array("_spec.lua".utf8))
        XCTAssertEqual(ByteString.readable(name), "spec/b\\xFF_spec.lua")
    }
}
