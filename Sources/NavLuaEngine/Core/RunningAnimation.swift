/// An animation the world steps each frame: `apply` receives the value,
/// `complete` runs once it is done. Completions run in the order the
/// animations began (their ids increase with it).
package final class RunningAnimation {
    let id: Int
    let animation: Animation
    /// `animation.end`, kept apart: asking the animation whether it is done
    /// copied it (its curve is an enum with an indirect case), twice a frame.
    let end: Int
    /// How `settle` names it while it runs ("transition push of 'B'").
    let label: String
    let apply: (Double) -> Void
    let complete: () -> Void
    /// Told when the world shuts down with the animation still running.
    let abandoned: (() -> Void)?

    init(id: Int, animation: Animation, label: String,
         apply: @escaping (Double) -> Void, complete: @escaping () -> Void,
         abandoned: (() -> Void)? = nil) {
        self.id = id
        self.animation = animation
        self.end = animation.end
        self.label = label
        self.apply = apply
        self.complete = complete
        self.abandoned = abandoned
    }
}

extension World {
    /// Starts an animation now (its first value applies at once) and
    /// returns its id.
    @discardableResult
    func animate(from: Double, to: Double, seconds: Double, curve: Curve, label: String,
                 apply: @escaping (Double) -> Void, complete: @escaping () -> Void,
                 abandoned: (() -> Void)? = nil) -> Int {
        let running = RunningAnimation(
            id: nextID(\.animation),
            animation: Animation(from: from, to: to, start: now, seconds: seconds, curve: curve),
            label: label, apply: apply, complete: complete, abandoned: abandoned)
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
        let t = now
        for running in animations { running.apply(running.animation.value(at: t)) }
        // most frames finish nothing: no list is built for them
        guard animations.contains(where: { t >= $0.end }) else { return }
        let done = animations.filter { t >= $0.end }
        animations.removeAll { t >= $0.end }
        for running in done { running.complete() }
    }
}
