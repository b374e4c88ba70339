import XCTest
@testable import NavLuaEngine
import NavLuaTestSupport

/// Several pop recognizers on one navigation (manual §5.11): which ones a
/// navigation gets, the order the arena asks them in, and that one pan
/// drives one interactive pop whichever took it.
final class PopRecognizersTests: XCTestCase {
    private func kinds(_ nav: NavigationController) -> [PopRecognizerKind] { nav.popRecognizers.map(\.kind) }

    func testTheStyleWithTheSystemGivesTheList() throws {
        let f = Fixture()
        XCTAssertEqual(kinds(try f.navigation([f.screen("A")], style: .edge)), [.edge])
        XCTAssertEqual(kinds(try f.navigation([f.screen("B")], style: .fullscreen) { $0.system = .ios26 }), [.content, .fullscreen])
        XCTAssertEqual(kinds(try f.navigation([f.screen("C")], style: .edge) { $0.system = .swiftui }), [.edge, .content])
        let given = try f.navigation([f.screen("D")]) { $0.recognizers = [PopRecognizerSetup(.snapshot), PopRecognizerSetup(.edge)] }
        XCTAssertEqual(kinds(given), [.snapshot, .edge])
        XCTAssertEqual(given.mainRecognizer?.kind, .edge, "the edge swipe is interactivePopGestureRecognizer")
        XCTAssertEqual(given.styleName, "custom")
    }

    func testAKindListedTwiceIsRefused() {
        let f = Fixture()
        XCTAssertThrowsError(try f.navigation([f.screen("A")]) { $0.recognizers = [PopRecognizerSetup(.edge), PopRecognizerSetup(.edge)] })
    }

    /// iOS 26: the content swipe takes a swipe mid-screen, the edge one a
    /// swipe from the edge; either way one interactive pop, one pop event.
    func testEitherRecognizerDrivesTheOnePop() throws {
        for (x, winner) in [(150.0, "pop:content"), (5.0, "pop:edge")] {
            let f = Fixture()
            let nav = try f.navigation([f.screen("A"), f.screen("B")], style: .edge) { $0.system = .ios26 }
            try f.drag(from: Point(x, 500), to: Point(x + 250, 500))
            _ = try f.world.settle()
            XCTAssertEqual(nav.count, 1)
            let arena = f.events().filter { $0.kind == .arena }
            XCTAssertEqual(arena.last?["winner"]?.string, winner)
            XCTAssertEqual(f.events().filter { $0.kind == .gesture && $0["state"]?.string == "began" }.count, 1)
            XCTAssertEqual(f.events().filter { $0.kind == .transition && $0["phase"]?.string == "finish" }.count, 1)
        }
    }

    /// Disabling the main recognizer (`pop_gesture`) leaves the other.
    func testTheSwitchIsTheEdgeRecognizers() throws {
        let f = Fixture()
        let nav = try f.navigation([f.screen("A"), f.screen("B")], style: .edge) { $0.system = .ios26 }
        nav.setPopGesture(false)
        XCTAssertFalse(nav.popRecognizer(.edge)!.enabled)
        XCTAssertTrue(nav.popRecognizer(.content)!.enabled)
        try f.drag(from: Point(5, 500), to: Point(255, 500))
        _ = try f.world.settle()
        XCTAssertEqual(nav.count, 1, "the content swipe takes what the edge swipe would have")
        XCTAssertEqual(f.events().filter { $0.kind == .arena }.last?["winner"]?.string, "pop:content")
    }

    /// A scroll view that requires the edge recognizer to fail is asked
    /// after it, before iOS 26 as after.
    func testRequireToFailPutsTheViewAfterTheRecognizer() throws {
        let f = Fixture()
        let b = f.screen("B")
        let view = ScrollView(id: 1, frame: Rect(x: 0, y: 0, width: 390, height: 844), contentWidth: 1170,
                              offset: 390, paging: false, pageOffsetReset: false, popSimultaneous: .never)
        b.addScrollView(view)
        let nav = try f.navigation([f.screen("A"), b], style: .edge)
        XCTAssertEqual(try f.popOutcome(from: Point(5, 500), to: Point(200, 500)), "scroll_view")
        view.require(toFail: nav.popRecognizer(.edge)!)
        XCTAssertEqual(try f.popOutcome(from: Point(5, 500), to: Point(200, 500)), "began")
    }
}
