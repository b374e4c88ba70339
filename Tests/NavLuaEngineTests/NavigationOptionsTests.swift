import XCTest
@testable import NavLuaEngine

/// Options given together: what a transition beside a preset replaces,
/// and what cannot go together.
final class NavigationOptionsTests: XCTestCase {
    func testATransitionBesideAPresetReplacesItsMotion() {
        var o = NavigationOptions()
        Preset.reactNavigation.apply(to: &o)
        o.replaceTransition(AnimationSpec(duration: 0.2, curve: .linear), curveGiven: false)
        XCTAssertNil(o.transitionSpring)
        var f = NavigationOptions()
        Preset.flutter.apply(to: &f)
        f.replaceTransition(AnimationSpec(duration: 0.2, curve: .linear), curveGiven: false)
        XCTAssertNotNil(f.pageCurves, "a duration alone keeps the per-screen curves")
        f.replaceTransition(AnimationSpec(duration: 0.2, curve: .linear), curveGiven: true)
        XCTAssertNil(f.pageCurves)
    }

    func testNoGestureDelegateOnTheSnapshotStyle() {
        var o = NavigationOptions()
        o.style = .snapshot
        XCTAssertNoThrow(try o.check())
        o.gestureDelegate = .cleared
        XCTAssertThrowsError(try o.check())
        XCTAssertThrowsError(try World().makeNavigation(o, root: nil))
    }
}
