import XCTest
@testable import NavLuaEngine

/// navlua.define_preset's merge rules, in the engine (manual §7.3).
final class PresetChangesTests: XCTestCase {
    func testUnchangedValuesAreTheBasesAndTheNameIsNew() throws {
        let p = try Preset.flutter.merging(PresetChanges(), name: "mine")
        XCTAssertEqual(p.name, "mine")
        XCTAssertEqual(p.edgeWidth, Preset.flutter.edgeWidth)
        XCTAssertEqual(p.pageCurves, Preset.flutter.pageCurves)
        XCTAssertEqual(p.drop, Preset.flutter.drop)
    }

    func testACurveReplacesThePerScreenCurves() throws {
        var c = PresetChanges()
        c.curve = .easeOut
        let p = try Preset.flutter.merging(c, name: "x")
        XCTAssertEqual(p.transition.curve, .easeOut)
        XCTAssertNil(p.pageCurves)
    }

    func testAPerScreenCurveStartsFromTheBasesOneCurve() throws {
        var c = PresetChanges()
        c.popTopCurve = .linear
        let p = try Preset.uikit().merging(c, name: "x")
        let one = Preset.uikit().transition.curve
        XCTAssertEqual(p.pageCurves, PageCurves(pushTop: one, pushBelow: one, popTop: .linear, popBelow: one))
    }

    func testAFixedDropOnABaseWithoutOneIsFluttersUnlessGiven() throws {
        var c = PresetChanges()
        c.drop = "fixed"
        XCTAssertEqual(try Preset.uikit().merging(c, name: "x").drop,
                       .fixed(duration: 0.35, curve: .fastEaseInToSlowEaseOut))
        c.dropDuration = 0.2
        XCTAssertEqual(try Preset.uikit().merging(c, name: "x").drop,
                       .fixed(duration: 0.2, curve: .fastEaseInToSlowEaseOut))
    }

    func testASpringDropNeedsASpring() throws {
        var c = PresetChanges()
        c.drop = "spring"
        XCTAssertThrowsError(try Preset.uikit().merging(c, name: "x")) {
            XCTAssertTrue(($0 as? NavError)?.message.hasPrefix("drop = \"spring\" needs a 'spring' table") == true)
        }
        // React Navigation's own spring carries over
        XCTAssertEqual(try Preset.reactNavigation.merging(c, name: "x").drop, .spring(Preset.reactSpring))
    }

    func testAnUnknownDropRuleIsNamed() {
        var c = PresetChanges()
        c.drop = "bounce"
        XCTAssertThrowsError(try Preset.uikit().merging(c, name: "x")) {
            XCTAssertEqual(($0 as? NavError)?.message,
                           "unknown drop rule 'bounce' (expected completion_speed, fixed, spring)")
        }
    }

    func testASpringGivenBesideASpringPushReplacesIt() throws {
        var c = PresetChanges()
        var s = Preset.reactSpring
        s.stiffness = 100
        c.spring = s
        let p = try Preset.reactNavigation.merging(c, name: "x")
        XCTAssertEqual(p.transitionSpring, s)
        c.transitionSpring = false
        XCTAssertNil(try Preset.reactNavigation.merging(c, name: "x").transitionSpring)
    }
}
