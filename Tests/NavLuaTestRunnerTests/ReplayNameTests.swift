import XCTest
@testable import NavLuaTestRunner

/// The file names of `navlua test --html DIR`'s replays (ReplayName,
/// ReplayNameSet): safe bytes only, capped, unique, and the same whatever
/// ran first.
final class ReplayNameTests: XCTestCase {
    func stem(_ file: String, _ test: [UInt8]) -> String {
        ReplayName.stem(file: ReplayName.filePart(Array(file.utf8)), test: test)
    }

    func stem(_ file: String, _ test: String) -> String { stem(file, Array(test.utf8)) }

    func testKeepsLettersDigitsDashUnderscoreAndDotAndMakesTheRestOneDash() {
        XCTAssertEqual(stem("scripts/spec/push_spec.lua", "push › pops on a swipe"),
                       "push_spec--push-pops-on-a-swipe")
        XCTAssertEqual(ReplayName.part(Array("a  b//c\t\nd".utf8)), "a-b-c-d")
        XCTAssertEqual(ReplayName.part(Array("v1.2_final-ok".utf8)), "v1.2_final-ok")
        XCTAssertEqual(ReplayName.part(Array("--a--b--".utf8)), "a-b")
    }

    func testEveryByteOutsideASCIIBecomesADash() {
        XCTAssertEqual(stem("spec/b\u{FF}_spec.lua", [0x74, 0xFF, 0xFE, 0x78]), "b-_spec--t-x")
        XCTAssertEqual(ReplayName.part(Array("ünïcode".utf8)), "n-code")
    }

    func testNoNameStartsWithADotOrIsEmpty() {
        XCTAssertEqual(ReplayName.filePart(Array("spec/.hidden_spec.lua".utf8)), "hidden_spec")
        XCTAssertEqual(ReplayName.filePart(Array("spec/›.lua".utf8)), "spec")
        XCTAssertEqual(stem("spec/a_spec.lua", "›››"), "a_spec--test")
        XCTAssertEqual(stem("spec/a_spec.lua", ". . ."), "a_spec--test")
    }

    func testALongNameIsCutAtTheLimitAndNotOnADash() {
        let name = stem("spec/a_spec.lua", String(repeating: "word ", count: 100))
        XCTAssertLessThanOrEqual(name.utf8.count, ReplayName.limit)
        XCTAssertGreaterThan(name.utf8.count, ReplayName.limit - 6)
        XCTAssertTrue(name.hasPrefix("a_spec--word-word"))
        XCTAssertFalse(name.hasSuffix("-"))
    }

    func testATakenNameGetsTheFirstFreeNumber() {
        var names = ReplayNameSet()
        XCTAssertEqual(names.claim("a--x"), "a--x")
        XCTAssertEqual(names.claim("a--x"), "a--x-2")
        XCTAssertEqual(names.claim("a--x-2"), "a--x-2-2")   // a test named "x 2"
        XCTAssertEqual(names.claim("a--x"), "a--x-3")
        XCTAssertEqual(names.claim("b--x"), "b--x")
    }

    func testSpecFilesOfTheSameNameGetTheirPartsInTheOrderOfTheList() {
        let replays = ["spec/a/same_spec.lua", "spec/b/same_spec.lua", "spec/other_spec.lua"]
        var parts = ReplayNameSet()
        XCTAssertEqual(replays.map { parts.claim(ReplayName.filePart(Array($0.utf8))) },
                       ["same_spec", "same_spec-2", "other_spec"])
    }
}
