/// Decides, when the finger lifts, whether an interactive pop finishes.
/// `p` is the progress, `v` the velocity in widths per second toward the
/// trailing side, `T` the transition duration (manual §5.7).
public enum CompletionRule {
    /// UIKit's augmented rule: p + vT > min(187.5 / W, 0.5); with fewer
    /// than 3 samples since the pan began, the direction alone decides.
    case uikit
    /// Older UIKit: finish whenever the finger was not moving back.
    case uikitLegacy
    /// CupertinoPageRoute: a fling of at least 1 width/s decides by
    /// direction, otherwise the halfway mark does (0.5 pops).
    case flutter
    /// React Navigation stack: translation + 0.3 velocity past half the width.
    case reactNavigation
    /// The script decides: (p, velocity_x, gesture) -> finish.
    case custom((Double, Double, GestureInfo) throws -> Bool)

    public static let names = ["uikit", "uikit_legacy", "flutter", "react_navigation"]

    public static func named(_ name: String) -> CompletionRule? {
        switch name {
        case "uikit": return .uikit
        case "uikit_legacy": return .uikitLegacy
        case "flutter": return .flutter
        case "react_navigation": return .reactNavigation
        default: return nil
        }
    }

    public var name: String {
        switch self {
        case .uikit: return "uikit"
        case .uikitLegacy: return "uikit_legacy"
        case .flutter: return "flutter"
        case .reactNavigation: return "react_navigation"
        case .custom: return "function"
        }
    }

    /// Inputs measured toward the trailing side (already mirrored in RTL).
    package struct Release {
        var progress: Double
        var translationX: Double
        var velocityX: Double       // points per second
        var width: Double
        var duration: Double
        var samplesSinceBegan: Int
        var gesture: GestureInfo
    }

    func finishes(_ r: Release, _ t: Tunables) throws -> Bool {
        let v = r.velocityX / r.width
        switch self {
        case .uikit:
            if r.samplesSinceBegan < t.uikitMinSamples { return v > 0 }
            return r.progress + v * r.duration > min(t.uikitFinishDistance / r.width, t.uikitFinishFraction)
        case .uikitLegacy:
            return v >= 0
        case .flutter:
            if abs(v) >= t.flutterMinFlingWidths { return v > 0 }
            return r.progress >= t.flutterFinishFraction
        case .reactNavigation:
            return r.translationX + t.reactVelocityImpact * r.velocityX > r.width / 2
        case .custom(let decide):
            return try decide(r.progress, r.velocityX, r.gesture)
        }
    }
}
