/// An animation the world steps each frame: `apply` receives the value,
/// `complete` runs once it is done. Completions run in the order the
/// animations began (their ids increase with it).
package final class RunningAnimation {
    let id: Int
    let animation: Animation
    /// `animation.end`, kept apart: asking the animation whether it is done
    /// copied it (its curve is an enum with an indirect case), twice a frame.
    let end: Int
    /// The animation's numbers and its curve, kept apart for the frame's
    /// value: reading `animation` out of this object copied it (an outlined
    /// copy and destroy of the curve, which has an indirect case: ~130
    /// instructions a frame).
    private let from: Double, to: Double, start: Int, duration: Int
    private let easing: Easing
    /// How `settle` names it while it runs ("transition push of 'B'"),
    /// built only when asked; nil for an animation settle does not wait for.
    let name: (() -> String)?
    var label: String { name?() ?? "" }
    let apply: (Double) -> Void
    let complete: () -> Void
    /// Told when the world shuts down with the animation still running.
    let abandoned: (() -> Void)?

    init(id: Int, animation: Animation, name: (() -> String)?,
         apply: @escaping (Double) -> Void, complete: @escaping () -> Void,
         abandoned: (() -> Void)? = nil) {
        self.id = id
        self.animation = animation
        self.end = animation.end
        from = animation.from
        to = animation.to
        start = animation.start
        duration = animation.duration
        easing = Easing(animation.curve)
        self.name = name
        self.apply = apply
        self.complete = complete
        self.abandoned = abandoned
    }
}

extension RunningAnimation {
    /// The curves a transition uses, with no indirect case (a value of it
    /// is copied without retains); any other curve is read from `animation`.
    private enum Easing {
        case linear
        case cubicBezier(Double, Double, Double, Double)
        case flutterCubic(FlutterCubic)
        case other

        init(_ curve: Curve) {
            switch curve {
            case .linear: self = .linear
            case let .cubicBezier(x1, y1, x2, y2): self = .cubicBezier(x1, y1, x2, y2)
            case let .flutterCubic(c): self = .flutterCubic(c)
            default: self = .other
            }
        }
    }

    /// `animation.value(at:)`, the same operations in the same order
    /// (Animation.value, then Curve.value); a cubic Bezier's value through
    /// the world's memo, which gives the same bits.
    @inline(__always)
    func value(at now: Int, _ memo: BezierMemo) -> Double {
        if now >= end { return to }
        if now <= start { return from }
        let progress = Double(now - start) / Double(duration)
        let fraction: Double
        switch easing {
        case .other:
            fraction = animation.curve.value(at: progress)
        case .linear:
            let p = clamp(progress, 0, 1)
            fraction = p == 0 ? 0 : p == 1 ? 1 : p
        case let .cubicBezier(x1, y1, x2, y2):
            let p = clamp(progress, 0, 1)
            fraction = p == 0 ? 0 : p == 1 ? 1 : memo.value(clamped: p, x1, y1, x2, y2)
        case let .flutterCubic(c):
            let p = clamp(progress, 0, 1)
            fraction = p == 0 ? 0 : p == 1 ? 1 : c.transform(p)
        }
        return from + (to - from) * fraction
    }
}

extension RunningAnimation {
    /// Applies the value at `now`. A method, so that its `apply` is read
    /// from a guaranteed self and called without a retain of its context.
    @inline(never)
    func step(at now: Int, _ memo: BezierMemo) {
        apply(value(at: now, memo))
    }
}

extension World {
    /// Starts an animation now (its first value applies at once) and
    /// returns its id.
    @discardableResult
    func animate(from: Double, to: Double, seconds: Double, curve: Curve, label: String,
                 apply: @escaping (Double) -> Void, complete: @escaping () -> Void,
                 abandoned: (() -> Void)? = nil) -> Int {
        animate(from: from, to: to, seconds: seconds, curve: curve, name: label.isEmpty ? nil : { label },
                apply: apply, complete: complete, abandoned: abandoned)
    }

    /// `animate` with a name built only when `settle` names what is
    /// still running (nil: settle does not wait for it).
    @discardableResult
    func animate(from: Double, to: Double, seconds: Double, curve: Curve, name: (() -> String)?,
                 apply: @escaping (Double) -> Void, complete: @escaping () -> Void,
                 abandoned: (() -> Void)? = nil) -> Int {
        let running = RunningAnimation(
            id: nextID(\.animation),
            animation: Animation(from: from, to: to, start: now, seconds: seconds, curve: curve),
            name: name, apply: apply, complete: complete, abandoned: abandoned)
        animations.append(running)
        apply(from)
        return running.id
    }

    /// Ends an animation now: its last value, then its completion.
    func finishAnimation(_ id: Int) {
        guard let i = animations.firstIndex(where: { $0.id == id }) else { return }
        let running = animations.remove(at: i)
        running.apply(running.animation.to)
        running.complete()
    }

    /// Stops an animation where it is, without its completion.
    func cancelAnimation(_ id: Int) {
        animations.removeAll { $0.id == id }
    }

    /// Applies every animation's value for this frame, then runs the
    /// completions of those that are done, oldest first. Animations begun by
    /// a completion start this frame and are stepped from the next.
    func stepAnimations() {
        guard !animations.isEmpty else { return }
        let t = now, memo = bezierMemo
        // The list is copied once (its buffer retained, so an animation that
        // apply cancels stays alive, and its closure with it): each
        // animation is read from it as an Unmanaged reference, not retained,
        // and step borrows its closure (~150 instructions a frame were the
        // retains and releases of the animation and its closure's context).
        let list = animations
        list.withUnsafeBytes { bytes in
            let size = MemoryLayout<Unmanaged<RunningAnimation>>.stride
            for offset in stride(from: 0, to: bytes.count, by: size) {
                bytes.load(fromByteOffset: offset, as: Unmanaged<RunningAnimation>.self)
                    ._withUnsafeGuaranteedRef { $0.step(at: t, memo) }
            }
        }
        // most frames finish nothing: no list is built for them
        guard animations.contains(where: { t >= $0.end }) else { return }
        let done = animations.filter { t >= $0.end }
        animations.removeAll { t >= $0.end }
        for running in done { running.complete() }
    }
}
