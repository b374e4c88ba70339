/// The one value a navigation's completion rule computed at a release that
/// did not finish the pop, in words, for the trace's `rule` field and the
/// replay's "cancelled at the lift" (issue 39 item 8): the rule of that
/// navigation only, not a list of every platform's. Made at the lift only.
extension CompletionRule {
    func words(_ r: Release, _ t: Tunables) -> String {
        let v = r.velocityX / r.width
        func n(_ d: Double, _ places: Int = 3) -> String { formatNumber(d, places: places) }
        switch self {
        case .uikit:
            if r.samplesSinceBegan < t.uikitMinSamples {
                return "uikit: \(r.samplesSinceBegan) samples since the pan began (fewer than \(t.uikitMinSamples)): "
                    + "the direction decides, velocity \(n(r.velocityX, 1)) pt/s <= 0"
            }
            let target = min(t.uikitFinishDistance / r.width, t.uikitFinishFraction)
            return "uikit: progress + velocity x duration = \(n(r.progress)) + \(n(v)) x \(n(r.duration)) = "
                + "\(n(r.progress + v * r.duration)) <= min(\(n(t.uikitFinishDistance, 1)) / \(n(r.width, 1)), "
                + "\(n(t.uikitFinishFraction))) = \(n(target))"
        case .uikitLegacy:
            return "uikit_legacy: velocity \(n(r.velocityX, 1)) pt/s < 0 (the finger was moving back)"
        case .flutter:
            if abs(v) >= t.flutterMinFlingWidths {
                return "flutter: a fling of \(n(v)) widths/s (|v| >= \(n(t.flutterMinFlingWidths))) goes its way: back"
            }
            return "flutter: no fling (|v| = \(n(abs(v))) < \(n(t.flutterMinFlingWidths)) widths/s), "
                + "progress \(n(r.progress)) < \(n(t.flutterFinishFraction))"
        case .reactNavigation:
            return "react_navigation: translation + \(n(t.reactVelocityImpact, 1)) x velocity = \(n(r.translationX, 1)) + "
                + "\(n(t.reactVelocityImpact, 1)) x \(n(r.velocityX, 1)) = "
                + "\(n(r.translationX + t.reactVelocityImpact * r.velocityX, 1)) pt <= half the width, \(n(r.width / 2, 1)) pt"
        case .custom:
            return "function: the navigation's completion function answered false (progress \(n(r.progress)), "
                + "velocity \(n(r.velocityX, 1)) pt/s)"
        }
    }
}
