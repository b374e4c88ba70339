import XCTest
@testable import NavLuaEngine
import NavLuaTestSupport

/// A stack [A, B] (or [A] when `rootOnly`), ready for a back swipe.
func popStack(_ style: PopStyle, layout: Layout = .leftToRight, width: Double = 390,
              rootOnly: Bool = false,
              configure: (inout NavigationOptions) -> Void = { _ in })
    throws -> (f: Fixture, nav: NavigationController, a: Screen, b: Screen) {
    let f = Fixture(width: width, layout: layout)
    let a = f.screen("A"), b = f.screen("B")
    let nav = try f.navigation(rootOnly ? [a] : [a, b], style: style, configure: configure)
    return (f, nav, a, b)
}
