import XCTest
@testable import NavLuaEngine
@testable import NavLuaVisuals
import NavLuaTestSupport

/// SPEC sections 2 and 4: scroll views follow the finger, page, and compete
/// with the pop gesture through `pop_simultaneous`.
final class ScrollTests: XCTestCase {
    private var lastViewID = 0

    private func scrollView(_ f: Fixture, on screen: Screen, frame: Rect = Rect(x: 0, y: 100, width: 390, height: 300),
                            content: Double = 1170, offset: Double = 0, paging: Bool = false,
                            pageOffsetReset: Bool = false,
                            popSimultaneous: ScrollView.PopSimultaneous = .never) -> ScrollView {
        let view = ScrollView(id: { lastViewID += 1; return lastViewID }(), frame: frame, contentWidth: content, offset: offset,
                              paging: paging, pageOffsetReset: pageOffsetReset, popSimultaneous: popSimultaneous)
        screen.addScrollView(view)
        return view
    }

    // MARK: a script moving a view (its pan is the view's one driver)

    func testAScriptOffsetIsClampedAndADragGoesOnFromIt() throws {
        let f = Fixture()
        let a = f.screen("A")
        let view = scrollView(f, on: a)
        _ = try f.navigation([a])
        view.setOffset(-5)
        XCTAssertEqual(view.offset, 0)
        view.setOffset(5000)
        XCTAssertEqual(view.offset, 780)
        let touch = try f.world.touchDown(at: Point(300, 200))
        try f.world.move(touch, to: Point(280, 200), seconds: 0)   // the pan begins
        view.setOffset(400)
        try f.world.move(touch, to: Point(270, 200), seconds: 0)
        XCTAssertEqual(view.offset, 410, "the finger's next 10 points count from the script's offset")
        try f.world.lift(touch)
    }

    func testAScriptOffsetStopsASnap() throws {
        let f = Fixture()
        let a = f.screen("A")
        let view = scrollView(f, on: a, paging: true)
        _ = try f.navigation([a])
        _ = try f.drag(from: Point(300, 200), to: Point(100, 200), seconds: 0.25)
        XCTAssertTrue(view.scrolling, "snapping")
        view.setOffset(50)
        XCTAssertFalse(view.scrolling)
        _ = try f.world.settle()
        XCTAssertEqual(view.offset, 50)
        XCTAssertEqual(view.page, 0)
    }

    func testAScriptPageMovesTheOffsetUnlessThePageResetsIt() throws {
        let f = Fixture()
        let a = f.screen("A")
        let view = scrollView(f, on: a, paging: true)
        try view.setPage(2)
        XCTAssertEqual(view.offset, 780)
        let pager = scrollView(f, on: a, paging: true, pageOffsetReset: true)
        try pager.setPage(2)
        XCTAssertEqual(pager.page, 2)
        XCTAssertThrowsError(try pager.setPage(3), "a pager of three pages")
        XCTAssertEqual(pager.offset, 390)
    }

    func testAnOffsetBeyondTheContentIsClampedAndKeepsItsPage() {
        let f = Fixture()
        let view = scrollView(f, on: f.screen("A"), offset: 10_000, paging: true)
        XCTAssertEqual(view.offset, 780)
        XCTAssertEqual(view.page, 26, "the page asked for, as before the clamp")
    }

    // MARK: following the finger

    func testOffsetFollowsTheFingerFromWhereThePanBeganClamped() throws {
        let f = Fixture()
        let a = f.screen("A")
        let view = scrollView(f, on: a)
        _ = try f.navigation([a])
        let touch = try f.world.touchDown(at: Point(300, 200))
        try f.world.move(touch, to: Point(280, 200), seconds: 0)   // past the slop: the pan begins here
        XCTAssertTrue(view.scrolling)
        XCTAssertEqual(view.offset, 0)
        try f.world.move(touch, to: Point(130, 200), seconds: 0)
        XCTAssertEqual(view.offset, 150)
        try f.world.move(touch, to: Point(-1000, 200), seconds: 0)
        XCTAssertEqual(view.offset, 780, "clamped to content_width - width")
        try f.world.move(touch, to: Point(330, 200), seconds: 0)
        XCTAssertEqual(view.offset, 0, "clamped to 0")
        try f.world.move(touch, to: Point(180, 200), seconds: 0.2)
        XCTAssertEqual(view.offset, 100)
        try f.world.lift(touch)
        XCTAssertFalse(view.scrolling)
        XCTAssertEqual(view.offset, 100, "no paging: it stays where it was left")
        XCTAssertEqual(try f.world.settle(), 0)
        let states = f.events().filter { $0["recognizer"]?.string == "scroll" }.map { $0["state"]!.string! }
        XCTAssertEqual(states, ["began", "ended"])
    }

    func testTouchOutsideTheViewDoesNotScrollIt() throws {
        let f = Fixture()
        let a = f.screen("A")
        let view = scrollView(f, on: a)
        _ = try f.navigation([a])
        try f.drag(from: Point(300, 600), to: Point(100, 600))
        XCTAssertEqual(view.offset, 0)
        XCTAssertFalse(f.events().contains { $0["recognizer"]?.string == "scroll" })
    }

    // MARK: paging

    /// Drags a paging view to `offset` (from 0) and lifts after `hold`.
    private func page(to offset: Double, over seconds: Double, hold: Double,
                      setup: (Fixture, Screen) -> ScrollView) throws -> (Fixture, ScrollView, lift: Int) {
        let f = Fixture()
        let a = f.screen("A")
        let view = setup(f, a)
        _ = try f.navigation([a])
        let start = view.offset
        let touch = try f.world.touchDown(at: Point(300, 200))
        try f.world.move(touch, to: Point(280, 200), seconds: 0)
        try f.world.move(touch, to: Point(280 - (offset - start), 200), seconds: seconds)
        if hold > 0 { try f.world.hold(touch, seconds: hold) }
        try f.world.lift(touch)
        return (f, view, f.world.clock.frame)
    }

    func testPagingSnapsToTheNearestPageIn0Point3Seconds() throws {
        let (f, view, lift) = try page(to: 234, over: 0.2, hold: 0.1) { f, a in
            self.scrollView(f, on: a, paging: true)
        }
        XCTAssertEqual(view.offset, 234)
        try f.world.tick(9)   // ease_out, halfway through 0.3 s
        assertClose(view.offset, 234 + 156 * Curve.easeOut.value(at: 0.5))
        XCTAssertEqual(view.page, 0, "page changes when the snap ends")
        XCTAssertEqual(try f.world.settle(), 0.15)
        XCTAssertEqual(view.offset, 390)
        XCTAssertEqual(view.page, 1)
        let event = f.events().last { $0.kind == .scroll }
        XCTAssertEqual(event?.frame, lift + 18)
        XCTAssertEqual(event?["page"]?.int, 1)
    }

    func testPagingSnapsBackBelowHalfAPage() throws {
        let (f, view, _) = try page(to: 117, over: 0.2, hold: 0.1) { f, a in
            self.scrollView(f, on: a, paging: true)
        }
        _ = try f.world.settle()
        XCTAssertEqual(view.offset, 0)
        XCTAssertEqual(view.page, 0)
    }

    func testAFlingCarriesOnePageFurther() throws {
        // 0.3 page at about 1170 pt/s toward the next page
        let (f, view, _) = try page(to: 117, over: 0.1, hold: 0) { f, a in
            self.scrollView(f, on: a, paging: true)
        }
        _ = try f.world.settle()
        XCTAssertEqual(view.page, 1)
        XCTAssertEqual(view.offset, 390)
    }

    func testAFlingCarriesNoMoreThanOnePage() throws {
        let (f, view, _) = try page(to: 600, over: 0.1, hold: 0) { f, a in
            self.scrollView(f, on: a, content: 390 * 5, paging: true)
        }
        _ = try f.world.settle()
        XCTAssertEqual(view.page, 1)
    }

    func testPageOffsetResetKeepsTheOffsetAtOneWidth() throws {
        let (f, view, _) = try page(to: 390 + 234, over: 0.2, hold: 0.1) { f, a in
            self.scrollView(f, on: a, offset: 0, paging: true, pageOffsetReset: true)
        }
        _ = try f.world.settle()
        XCTAssertEqual(view.page, 1)
        XCTAssertEqual(view.offset, 390, "snaps back to one width after the page change")
        let event = f.events().last { $0.kind == .scroll }
        XCTAssertEqual(event?["page"]?.int, 1)
        XCTAssertEqual(event?["offset"]?.number, 390)
    }

    func testPageOffsetResetStartsAtOneWidthAndStaysAtPageZeroWhenPulledBack() throws {
        let (f, view, _) = try page(to: 390 - 234, over: 0.2, hold: 0.1) { f, a in
            let v = self.scrollView(f, on: a, offset: 0, paging: true, pageOffsetReset: true)
            XCTAssertEqual(v.offset, 390)
            XCTAssertEqual(v.page, 0)
            return v
        }
        _ = try f.world.settle()
        XCTAssertEqual(view.page, 0)
        XCTAssertEqual(view.offset, 390)
    }

    func testAFingerStopsASnap() throws {
        let (f, view, _) = try page(to: 234, over: 0.2, hold: 0.1) { f, a in
            self.scrollView(f, on: a, paging: true)
        }
        try f.world.tick(9)
        let caught = view.offset
        let touch = try f.world.touchDown(at: Point(200, 200))
        XCTAssertFalse(view.scrolling)
        try f.world.tick(20)
        XCTAssertEqual(view.offset, caught)
        XCTAssertEqual(view.page, 0)
        try f.world.lift(touch)
    }

    // MARK: pop_simultaneous (edge and full-screen styles)

    private func popOverScrollView(style: PopStyle = .fullscreen, offset: Double = 0, paging: Bool = false,
                                   pageOffsetReset: Bool = false, content: Double = 1170,
                                   _ rule: ScrollView.PopSimultaneous) throws -> (Fixture, ScrollView, NavigationController) {
        let f = Fixture()
        let a = f.screen("A"), b = f.screen("B")
        let view = scrollView(f, on: b, frame: Rect(x: 0, y: 0, width: 390, height: 844), content: content,
                              offset: offset, paging: paging, pageOffsetReset: pageOffsetReset, popSimultaneous: rule)
        let nav = try f.navigation([a, b], style: style)
        return (f, view, nav)
    }

    private let swipe = (from: Point(100, 400), to: Point(200, 400))

    func testAtLeadingEdgeLetsThePopBeginAtOffsetZero() throws {
        let (f, view, _) = try popOverScrollView(.atLeadingEdge)
        XCTAssertEqual(try f.popOutcome(from: swipe.from, to: swipe.to), "began")
        XCTAssertEqual(view.offset, 0)
        XCTAssertTrue(f.events().contains { $0["recognizer"]?.string == "scroll" && $0["state"]?.string == "began" },
                      "both recognize together")
    }

    func testAtLeadingEdgeRefusesOnceScrolled() throws {
        let (f, view, _) = try popOverScrollView(offset: 100, .atLeadingEdge)
        XCTAssertEqual(try f.popOutcome(from: swipe.from, to: swipe.to), "scroll_view")
        assertClose(view.offset, 100 - (200 - (100 + 100.0 / 6)), "the scroll view took the pan")
    }

    func testWithoutPopSimultaneousTheScrollViewWins() throws {
        let (f, _, _) = try popOverScrollView(.never)
        XCTAssertEqual(try f.popOutcome(from: swipe.from, to: swipe.to), "scroll_view")
    }

    func testAViewThatCannotScrollDoesNotCompete() throws {
        let (f, view, _) = try popOverScrollView(content: 390, .never)
        XCTAssertEqual(try f.popOutcome(from: swipe.from, to: swipe.to), "began")
        XCTAssertEqual(view.offset, 0)
    }

    func testFirstPageAllowsOnlyOnPageZero() throws {
        var (f, _, _) = try popOverScrollView(offset: 0, paging: true, .firstPage)
        XCTAssertEqual(try f.popOutcome(from: swipe.from, to: swipe.to), "began")
        (f, _, _) = try popOverScrollView(offset: 390, paging: true, .firstPage)
        XCTAssertEqual(try f.popOutcome(from: swipe.from, to: swipe.to), "scroll_view")
    }

    /// Seed 003: a page view controller sits at offset = width on every page,
    /// so only `first_page` tells that the pop may begin.
    func testFirstPageWorksWhereTheOffsetAlwaysResets() throws {
        var (f, view, _) = try popOverScrollView(paging: true, pageOffsetReset: true, .firstPage)
        XCTAssertEqual(view.offset, 390)
        XCTAssertEqual(try f.popOutcome(from: swipe.from, to: swipe.to), "began")
        (f, view, _) = try popOverScrollView(paging: true, pageOffsetReset: true, .atLeadingEdge)
        XCTAssertEqual(try f.popOutcome(from: swipe.from, to: swipe.to), "scroll_view")
    }

    func testCustomRuleDecidesWithTheView() throws {
        var answer = false
        var asked: [Int] = []
        let rule = ScrollView.PopSimultaneous.custom { view in asked.append(view.id); return answer }
        let (f, view, _) = try popOverScrollView(offset: 200, rule)
        XCTAssertEqual(try f.popOutcome(from: swipe.from, to: swipe.to), "scroll_view")
        answer = true
        XCTAssertEqual(try f.popOutcome(from: swipe.from, to: swipe.to), "began")
        XCTAssertEqual(asked, [view.id, view.id])
    }

    func testEdgeStyleFollowsTheSameRule() throws {
        var (f, _, _) = try popOverScrollView(style: .edge, offset: 100, .atLeadingEdge)
        XCTAssertEqual(try f.popOutcome(from: Point(5, 400), to: Point(105, 400)), "scroll_view")
        (f, _, _) = try popOverScrollView(style: .edge, .atLeadingEdge)
        XCTAssertEqual(try f.popOutcome(from: Point(5, 400), to: Point(105, 400)), "began")
    }
}
