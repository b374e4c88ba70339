import XCTest
@testable import NavLuaVisuals

/// Which names the writers take (manual §8.4): the extension of the last
/// component, ignoring case; none gives the first format.
final class FileFormatTests: XCTestCase {
    private func of(_ path: String, _ formats: [FileFormat]) -> FileFormat? {
        FileFormat.of(Array(path.utf8), among: formats)
    }

    func testTheExtensionOfTheLastComponentNamesTheFormat() {
        XCTAssertEqual(of("a.svg", FileFormat.pictures), .svg)
        XCTAssertEqual(of("dir/A.SVG", FileFormat.pictures), .svg)
        XCTAssertEqual(of("t.json", FileFormat.traces), .chromeJSON)
        XCTAssertEqual(of("t.JsonL", FileFormat.traces), .jsonLines)
        XCTAssertNil(of("a.png", FileFormat.pictures))
        XCTAssertNil(of("a.svg.png", FileFormat.pictures))
        XCTAssertNil(of("t.svg", FileFormat.traces))
        XCTAssertNil(of("x.", FileFormat.pictures))
    }

    func testANameWithoutAnExtensionGetsTheFirstFormat() {
        XCTAssertEqual(of("/dev/stdout", FileFormat.pictures), .svg)
        XCTAssertEqual(of("out.d/trace", FileFormat.traces), .chromeJSON)
        XCTAssertEqual(of(".hidden", FileFormat.traces), .chromeJSON)
    }

    func testTheRefusalKeepsThePathsBytes() {
        let path: [UInt8] = Array("f".utf8) + [0xE9] + Array(".png".utf8)
        let message = FileFormat.refusal(path, among: FileFormat.pictures)
        XCTAssertEqual(Array(message.prefix(16)), Array("cannot write 'f".utf8) + [0xE9])
        XCTAssertTrue(String(decoding: message, as: UTF8.self).hasSuffix("its extension is not .svg (navlua writes pictures as SVG only)"))
    }
}
