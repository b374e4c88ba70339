import XCTest
@testable import NavLuaEngine

/// A function-valued screen field one or two edits from a hook's name is
/// probably that hook, misspelled.
final class HookNameSuggestionTests: XCTestCase {
    func testNamesOneOrTwoEditsAwayAreTheHook() {
        XCTAssertEqual(Hook.likelyMeant("will_go_bak"), .will_go_back)       // one left out
        XCTAssertEqual(Hook.likelyMeant("will_go_backk"), .will_go_back)     // one added
        XCTAssertEqual(Hook.likelyMeant("did_apear"), .did_appear)
        XCTAssertEqual(Hook.likelyMeant("alow_drag_bak"), .allow_drag_back) // two
        XCTAssertEqual(Hook.likelyMeant("enalbed"), .enabled)               // two swapped
        XCTAssertEqual(Hook.likelyMeant("willGoBack"), .will_go_back)       // camel case
    }

    func testHooksAndUnrelatedNamesAreNot() {
        XCTAssertNil(Hook.likelyMeant("will_go_back"))
        XCTAssertNil(Hook.likelyMeant("on_tap"))
        XCTAssertNil(Hook.likelyMeant("render"))
        XCTAssertNil(Hook.likelyMeant("abc"), "a short name two edits from nothing in particular")
        XCTAssertNil(Hook.likelyMeant(String(repeating: "will_go_back", count: 100_000)), "a long key, at once")
    }

    func testTheDistanceIsTheOptimalStringAlignment() {
        XCTAssertEqual(NameSuggestion.distance(Array("ab".utf8), Array("ba".utf8)), 1)
        XCTAssertEqual(NameSuggestion.distance(Array("kitten".utf8), Array("sitting".utf8)), 3)
        XCTAssertEqual(NameSuggestion.distance([], Array("abc".utf8)), 3)
    }
}
