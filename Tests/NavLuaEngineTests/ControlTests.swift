import XCTest
@testable import NavLuaEngine
@testable import NavLuaVisuals
import NavLuaTestSupport

/// Issue 35, SPEC section 14 "Controls": sliders, swipe rows and canvases
/// against the pop and the scroll views (ControlRules.swift, ControlTouch.swift).
final class ControlTests: XCTestCase {
    private var lastID = 0

    /// A navigation of A and B (so that a pop can begin), with `control` on B.
    private func setUp(_ kind: Control.Kind, _ handling: Control.Handling, style: PopStyle = .fullscreen,
                       frame: Rect = Rect(x: 0, y: 100, width: 300, height: 400), value: Double = 0.5,
                       open: Bool = false) throws -> (Fixture, NavigationController, Control) {
        let f = Fixture()
        let a = f.screen("A", logLifecycle: false)
        let b = f.screen("B", logLifecycle: false)
        lastID += 1
        let control = Control(id: lastID, kind: kind, handling: handling, frame: frame, value: value, open: open)
        b.addControl(control)
        let nav = try f.navigation([a, b], style: style)
        return (f, nav, control)
    }

    private func controlEvents(_ f: Fixture) -> [String] {
        f.events().filter { $0.kind == .control }.map(\.fieldsText)
    }

    // MARK: the rules as functions

    func testASliderFollowsDxOverItsWidthClampedToZeroToOne() {
        XCTAssertEqual(ControlRules.sliderValue(from: 0.5, dx: 60, width: 300), 0.7, accuracy: 1e-12)
        XCTAssertEqual(ControlRules.sliderValue(from: 0.5, dx: 600, width: 300), 1)
        XCTAssertEqual(ControlRules.sliderValue(from: 0.5, dx: -600, width: 300), 0)
        XCTAssertEqual(ControlRules.sliderValue(from: 0.3, dx: 50, width: 0), 0.3, "no width: no move")
    }

    func testASliderRefusesItsParentsPansOnlyAlongIt() {
        let slider = Control(id: 1, kind: .slider, handling: .touches, frame: Rect(x: 0, y: 0, width: 100, height: 40))
        let canvas = Control(id: 2, kind: .canvas, handling: .touches, frame: Rect(x: 0, y: 0, width: 100, height: 40))
        XCTAssertTrue(ControlRules.refusesParentPan(slider, Point(20, 5), .uikit, slop: 15))
        XCTAssertFalse(ControlRules.refusesParentPan(slider, Point(5, 20), .uikit, slop: 15), "across it")
        XCTAssertFalse(ControlRules.refusesParentPan(canvas, Point(20, 5), .uikit, slop: 15), "not a UIControl")
    }

    func testARowTakesEveryHorizontalDragWhenOpenAndOnlyAnOpeningOneWhenClosed() {
        XCTAssertTrue(ControlRules.rowTakes(open: true, dx: 20))
        XCTAssertTrue(ControlRules.rowTakes(open: true, dx: -20))
        XCTAssertTrue(ControlRules.rowTakes(open: false, dx: -20))
        XCTAssertFalse(ControlRules.rowTakes(open: false, dx: 20))
    }

    func testARowOpensAndClosesWhenReleasedPastHalfItsActions() {
        XCTAssertTrue(ControlRules.rowOpens(wasOpen: false, dx: -40, threshold: 40))
        XCTAssertFalse(ControlRules.rowOpens(wasOpen: false, dx: -39, threshold: 40))
        XCTAssertFalse(ControlRules.rowOpens(wasOpen: false, dx: 100, threshold: 40))
        XCTAssertFalse(ControlRules.rowOpens(wasOpen: true, dx: 40, threshold: 40))
        XCTAssertTrue(ControlRules.rowOpens(wasOpen: true, dx: 39, threshold: 40))
        XCTAssertTrue(ControlRules.rowOpens(wasOpen: true, dx: -10, threshold: 40))
    }

    // MARK: through the router

    func testASwipeAlongASliderMovesItAndRefusesThePopUnderEveryStyle() throws {
        for style in [PopStyle.fullscreen, .edge, .snapshot] {
            let (f, nav, slider) = try setUp(.slider, .touches, style: style)
            let r = try f.drag(from: Point(5, 200), to: Point(95, 200))
            _ = try f.world.settle()
            XCTAssertEqual(r.refusedBy, .control, "\(style)")
            XCTAssertEqual(nav.count, 2, "\(style)")
            XCTAssertEqual(slider.value, 0.8, accuracy: 1e-9, "\(style)")
            XCTAssertFalse(slider.tracking)
        }
    }

    func testARawCanvasIsCancelledByThePopThatTookItsTouch() throws {
        let (f, nav, canvas) = try setUp(.canvas, .touches)
        try f.drag(from: Point(100, 200), to: Point(300, 200))
        _ = try f.world.settle()
        XCTAssertEqual(nav.count, 1)
        XCTAssertEqual(canvas.touches, 1)
        XCTAssertEqual(canvas.cancelled, 1)
        XCTAssertEqual(controlEvents(f), ["id=\(canvas.id) kind=canvas touch=1 phase=began",
                                          "id=\(canvas.id) kind=canvas touch=1 phase=cancelled by=pop"])
    }

    func testARawCanvasKeepsATouchNoRecognizerTakes() throws {
        let (f, _, canvas) = try setUp(.canvas, .touches)
        try f.drag(from: Point(250, 200), to: Point(50, 200))
        XCTAssertEqual(f.lastRefusal, "direction")
        XCTAssertEqual(canvas.cancelled, 0)
        XCTAssertEqual(controlEvents(f).last, "id=\(canvas.id) kind=canvas touch=1 phase=ended")
    }

    func testACanvasWithARecognizerWinsADragInAnyDirection() throws {
        for to in [Point(300, 250), Point(0, 250), Point(150, 450), Point(150, 110)] {
            let (f, nav, canvas) = try setUp(.canvas, .recognizer)
            let r = try f.drag(from: Point(150, 250), to: to)
            _ = try f.world.settle()
            XCTAssertEqual(r.recognizer, .control, "\(to)")
            XCTAssertEqual(nav.count, 2)
            XCTAssertEqual(f.events().last { $0.kind == .arena }?["winner"]?.string, "control:\(canvas.id)")
        }
    }

    func testAnOpenRowClosesBeforeAnythingPops() throws {
        let (f, nav, row) = try setUp(.swipeRow, .recognizer, open: true)
        let r = try f.drag(from: Point(50, 200), to: Point(250, 200))
        _ = try f.world.settle()
        XCTAssertFalse(row.open)
        XCTAssertEqual(r.refusedBy, .control)
        XCTAssertEqual(nav.count, 2)
    }

    func testAClosedRowLeavesALeadingToTrailingSwipeToThePop() throws {
        let (f, nav, row) = try setUp(.swipeRow, .recognizer)
        let r = try f.drag(from: Point(50, 200), to: Point(250, 200))
        _ = try f.world.settle()
        XCTAssertFalse(row.open)
        XCTAssertEqual(r.recognizer, .pop)
        XCTAssertEqual(nav.count, 1)
        XCTAssertEqual(f.events().last { $0.kind == .arena }?["lost"]?.string, "control:\(row.id)=closed")
    }

    func testAClosedRowOpensOnATrailingToLeadingSwipePastTheThreshold() throws {
        let (f, _, row) = try setUp(.swipeRow, .recognizer)
        try f.drag(from: Point(250, 200), to: Point(215, 200))   // 35 < 40
        XCTAssertFalse(row.open)
        try f.drag(from: Point(250, 200), to: Point(205, 200))   // 45 >= 40
        XCTAssertTrue(row.open)
    }

    /// One finger moves a UIControl: a second one on the same slider is
    /// refused (`tracking`) and leaves the value to the first.
    func testASecondFingerOnATrackingSliderIsRefused() throws {
        let (f, _, slider) = try setUp(.slider, .recognizer)
        let first = try f.world.touchDown(at: Point(100, 200))
        try f.world.move(first, to: Point(130, 200), seconds: 0.1)
        XCTAssertTrue(slider.tracking)
        let second = try f.world.touchDown(at: Point(200, 300))
        try f.world.move(second, to: Point(290, 300), seconds: 0.1)
        XCTAssertEqual(slider.value, 0.6, accuracy: 1e-9)
        XCTAssertTrue(f.events().contains { $0.kind == .arena && $0["lost"]?.string?.contains("control:\(slider.id)=tracking") == true })
        try f.world.lift(second)
        try f.world.lift(first)
        XCTAssertFalse(slider.tracking)
    }

    /// A failure releases the touch: a slider keeps the value it had, a
    /// raw canvas counts the cancel, and nothing tracks any more.
    func testAFailureLeavesTheControlConsistent() throws {
        let (f, _, canvas) = try setUp(.canvas, .touches)
        let b = try XCTUnwrap(f.world.touchTarget?.top)
        b.test.hooks[.enabled] = { _, _ in throw NavError("hook broke") }
        XCTAssertThrowsError(try f.drag(from: Point(100, 200), to: Point(300, 200)))
        XCTAssertEqual(canvas.cancelled, 1)
        XCTAssertEqual(controlEvents(f).last, "id=\(canvas.id) kind=canvas touch=1 phase=cancelled by=released")
    }

    /// The HTML replay says which control took the pan from the pop.
    func testTheReplayNamesTheControlThatTookThePan() throws {
        let (f, _, slider) = try setUp(.slider, .touches)
        try f.drag(from: Point(100, 200), to: Point(200, 200))
        let refused = try XCTUnwrap(f.popGestures().last { $0["refused_by"]?.string == "control" })
        let arena = f.events().last { $0.kind == .arena }
        let words = try XCTUnwrap(ReplayData.why(refused, arena: arena))
        XCTAssertTrue(words.hasPrefix("control: the control control:\(slider.id) took the pan"), words)
        // the replay finds that arena event after the refused gesture's
        let events = f.events()
        let i = try XCTUnwrap(events.firstIndex { $0["refused_by"]?.string == "control" })
        XCTAssertEqual(ReplayData.arena(after: i, in: events)?["winner"]?.string, "control:\(slider.id)")
    }

    /// The pictures draw a slider's knob at its value, and a row open.
    func testThePicturesDrawTheControlsState() throws {
        let (f, _, slider) = try setUp(.slider, .touches, frame: Rect(x: 20, y: 200, width: 300, height: 40))
        try f.drag(from: Point(100, 220), to: Point(190, 220))
        let svg = FrameSVG.document(FrameSample(f.world))
        XCTAssertEqual(slider.value, 0.8, accuracy: 1e-9)
        XCTAssertTrue(svg.contains("<g class=\"control slider\" data-value=\"0.8\">"), svg)
        XCTAssertTrue(svg.contains("<circle class=\"knob\" cx=\"260\" cy=\"220\""), "20 + 0.8 x 300")
        let (g, _, row) = try setUp(.swipeRow, .recognizer, open: true)
        let picture = FrameSVG.document(FrameSample(g.world))
        XCTAssertTrue(row.open)
        XCTAssertTrue(picture.contains("<g class=\"control swipe_row\" data-open=\"true\">"))
        XCTAssertTrue(picture.contains("<rect class=\"actions\""))
    }

    func testAWorldThatGoesAwayLeavesNoControlTracking() throws {
        let (f, _, slider) = try setUp(.slider, .recognizer)
        let touch = try f.world.touchDown(at: Point(100, 200))
        try f.world.move(touch, to: Point(130, 200), seconds: 0.1)
        XCTAssertTrue(slider.tracking)
        f.world.shutdown()
        XCTAssertFalse(slider.tracking)
    }
}
