import XCTest
@testable import NavLuaEngine
@testable import NavLuaVisuals
import NavLuaTestSupport

/// SPEC section 1: value = from + (to - from) * curve(progress); an animation
/// completes on the first frame at or after its end; completions run in the
/// order the animations began.
final class AnimationTests: XCTestCase {
    func testValueFollowsTheCurveBetweenItsEnds() {
        let a = Animation(from: 10, to: 30, start: 1_000, seconds: 1e-6, curve: .easeIn)
        XCTAssertEqual(a.duration, 1_000)
        XCTAssertEqual(a.end, 2_000)
        XCTAssertEqual(a.value(at: 0), 10)
        XCTAssertEqual(a.value(at: 1_000), 10)
        XCTAssertEqual(a.value(at: 1_250), 10 + 20 * Curve.easeIn.value(at: 0.25))
        XCTAssertEqual(a.value(at: 2_000), 30)
        XCTAssertEqual(a.value(at: 9_000), 30)
        XCTAssertFalse(a.isDone(at: 1_999))
        XCTAssertTrue(a.isDone(at: 2_000))
    }

    func testCompletesOnTheFirstFrameAtOrAfterItsEnd() throws {
        let world = World()
        var values: [Double] = []
        var completedAt: Int?
        // 0.04 s ends between frame 2 (33.3 ms) and frame 3 (50 ms)
        world.animate(from: 0, to: 1, seconds: 0.04, curve: .linear, label: "a",
                      apply: { values.append($0) }, complete: { completedAt = world.clock.frame })
        try world.tick(2)
        XCTAssertNil(completedAt)
        try world.tick()
        XCTAssertEqual(completedAt, 3)
        XCTAssertEqual(values.count, 4)
        XCTAssertEqual(values[0], 0)
        XCTAssertEqual(values[1], 16_666_666 / 40_000_000.0, accuracy: 1e-12)
        XCTAssertEqual(values[3], 1)
        XCTAssertTrue(world.animations.isEmpty)
    }

    func testCompletionsRunInTheOrderTheAnimationsBegan() throws {
        let world = World()
        var order: [String] = []
        // both end on frame 12; the longer one began first
        world.animate(from: 0, to: 1, seconds: 0.2, curve: .linear, label: "first",
                      apply: { _ in }, complete: { order.append("first") })
        world.animate(from: 0, to: 1, seconds: 0.19, curve: .linear, label: "second",
                      apply: { _ in }, complete: { order.append("second") })
        try world.tick(11)
        XCTAssertEqual(order, [])
        try world.tick()
        XCTAssertEqual(order, ["first", "second"])
    }

    /// RunningAnimation keeps the animation's numbers and its curve apart
    /// for speed (issue 23) and re-derives Animation.value's steps: the
    /// copy must give the same bits at every frame, for every curve, the
    /// first time (the memo solves) and the second (the memo answers), with
    /// one memo shared by all the curves, as a world shares it.
    func testARunningAnimationsValueIsTheAnimationsValue() {
        let curves: [Curve] = [
            .linear, .easeIn, .easeOut, .easeInOut, .cubicBezier(0.2, 1.4, 0.3, -0.5),
            .flutterEase, .linearToEaseOut, .fastEaseInToSlowEaseOut,
            .flipped(.fastEaseInToSlowEaseOut), .spring(damping: 0.8, response: 0.4),
            .physicalSpring(Preset.reactSpring),
        ]
        let memo = BezierMemo()
        for pass in 1...2 {
            for curve in curves {
                let a = Animation(from: -37.5, to: 390, start: 16_666_667, seconds: 0.35, curve: curve)
                let running = RunningAnimation(id: 1, animation: a, name: nil, apply: { _ in }, complete: {})
                var now = a.start - 16_666_667
                while now <= a.end + 16_666_667 {
                    XCTAssertEqual(running.value(at: now, memo).bitPattern, a.value(at: now).bitPattern,
                                   "\(curve) at \(now), pass \(pass)")
                    now += 4_166_667   // 240 fps, past both ends
                }
                for t in [a.start, a.end, a.start + a.duration / 2] {
                    XCTAssertEqual(running.value(at: t, memo).bitPattern, a.value(at: t).bitPattern,
                                   "\(curve) at \(t), pass \(pass)")
                }
            }
        }
    }

    /// A frame applies every animation that was running when it began: one
    /// cancelled by another's apply in that frame is still applied once (the
    /// frame steps its own copy of the list, which also keeps the cancelled
    /// animation alive while stepAnimations reads it unretained), then no
    /// more, and never completes.
    func testAnAnimationCancelledInAFrameIsAppliedInItAndNeverAgain() throws {
        let world = World()
        var second: Int?
        var applied: [String] = []
        var completed = false
        world.animate(from: 0, to: 1, seconds: 1, curve: .linear, label: "first",
                      apply: { v in
                          applied.append("first")
                          if v > 0, let id = second { world.cancelAnimation(id); second = nil }
                      }, complete: {})
        second = world.animate(from: 0, to: 1, seconds: 1, curve: .easeInOut, label: "second",
                               apply: { _ in applied.append("second") }, complete: { completed = true })
        applied.removeAll()
        try world.tick()
        XCTAssertEqual(applied, ["first", "second"])
        try world.tick(70)
        XCTAssertEqual(applied.filter { $0 == "second" }.count, 1)
        XCTAssertFalse(completed)
    }

    /// The memo answers only the question it was asked: 256 slots and
    /// 25,000 questions over five curves, any two of which differ in
    /// one control point at most, asked in a shuffled order twice over, so slots are taken, lost
    /// and found again; every answer is the solved value, bit for bit.
    func testTheBezierMemoAnswersWithTheSolvedValue() {
        // each control point is the only difference between two of them
        let controls: [(Double, Double, Double, Double)] = [
            (0.42, 0, 0.58, 1), (0.3, 0, 0.58, 1), (0.42, 0.2, 0.58, 1), (0.42, 0, 1, 1), (0.42, 0, 0.58, 0.9),
        ]
        var questions: [(p: Double, c: Int)] = []
        for k in 1..<5_000 { for c in controls.indices { questions.append((Double(k) / 5_000, c)) } }
        var state: UInt64 = 23   // a seeded LCG (Knuth's MMIX constants): the same order each run
        func next() -> UInt64 { state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; return state >> 33 }
        let memo = BezierMemo()
        for _ in 1...2 {
            for i in questions.indices.reversed() { questions.swapAt(i, Int(next() % UInt64(i + 1))) }
            for (p, c) in questions {
                let (x1, y1, x2, y2) = controls[c]
                XCTAssertEqual(memo.value(clamped: p, x1, y1, x2, y2).bitPattern,
                               Curve.cubicBezierValue(clamped: p, x1, y1, x2, y2).bitPattern, "p \(p) curve \(c)")
            }
        }
    }
}
