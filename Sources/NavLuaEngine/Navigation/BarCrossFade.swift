/// How a bar's items fade and move while a push or a pop runs, per
/// platform (manual §4.8). A preset picks one.
public enum BarCrossFade: String, Sendable, CaseIterable {
    /// UIKit's cross-fade. Apple publishes no numbers for it: navlua's
    /// estimate is a linear cross-fade on the transition's own (eased)
    /// progress, which UIKit's bar follows alongside the transition,
    /// interactive pops included. The leaving title slides to the back
    /// button's place as the new back label slides there from the middle;
    /// the new title comes in from the trailing edge; the old back label
    /// leaves toward the leading side.
    case uikit
    /// Flutter's `_NavigationBarTransition` (cupertino/nav_bar.dart): each
    /// part fades over its own interval of the hero flight's animation.
    case flutter
}

/// The opacity of each part of the two screens' bars at one moment of a
/// transition. `upper` is the screen in front (arriving for a push,
/// leaving for a pop), `lower` the one under it.
struct BarFades: Equatable {
    var upperTitle, upperLabel, upperChevron: Double
    var lowerTitle, lowerLabel, lowerChevron: Double
    /// How far the items have travelled from the lower screen's layout
    /// toward the upper one's, 0 to 1.
    var motion: Double
}

extension BarCrossFade {
    /// The fades for a transition of `kind` at `progress` (Transition's:
    /// 0 at its start, 1 at its end).
    func fades(_ kind: Transition.Kind, progress p: Double) -> BarFades {
        let p = clamp(p, 0, 1)
        switch self {
        case .uikit:
            let d = kind == .push ? p : 1 - p
            return BarFades(upperTitle: d, upperLabel: d, upperChevron: d,
                            lowerTitle: 1 - d, lowerLabel: 1 - d, lowerChevron: 1 - d, motion: d)
        case .flutter:
            return FlutterBarFade.fades(kind, progress: p)
        }
    }
}

/// Flutter's `_NavigationBarComponentsTransition`, evaluated the way Flutter
/// evaluates it. Its `animation` is the hero flight's: heroes.dart's
/// `_HeroFlightManifest.animation` is the top route's animation under
/// `Curves.fastOutSlowIn`, with `fastOutSlowIn.flipped` while it runs in
/// reverse (a pop). A back swipe moves the route's controller directly, so
/// its status stays forward and the forward curve applies throughout.
/// `fadeOutBy(t)` is 1 -> 0 over Interval(0, t, easeOut), `fadeInFrom(t)`
/// 0 -> 1 over Interval(t, 1, easeIn). The intervals, per part:
/// bottom middle (the lower title) fadeOutBy(0.7), bottom back label
/// fadeOutBy(0.2), bottom back chevron fadeOutBy(0.6), top middle (the
/// upper title) fadeInFrom(0.25), top back label fadeInFrom(0.3)
/// (nav_bar.dart, flutter/flutter; the values of the copy read, and each
/// reproduces the current nav_bar_transition_test.dart to 1e-6). The top
/// back chevron is the exception: the current test expects 0 at 50 ms and
/// 0.167 at 250 ms of the 500 ms route whether or not the lower screen has a
/// chevron, which is the route animation itself over Interval(0.4, 1.0),
/// linear: inferred from the test, not read in the source.
enum FlutterBarFade {
    static let fastOutSlowIn = FlutterCubic(0.4, 0.0, 0.2, 1.0)   // Curves.fastOutSlowIn
    static let easeIn = FlutterCubic(0.42, 0.0, 1.0, 1.0)          // Curves.easeIn
    static let easeOut = FlutterCubic(0.0, 0.0, 0.58, 1.0)         // Curves.easeOut

    static let bottomMiddleBy = 0.7
    static let bottomBackLabelBy = 0.2
    static let bottomBackChevronBy = 0.6
    static let topMiddleFrom = 0.25
    static let topBackLabelFrom = 0.3
    static let topBackChevronFrom = 0.4

    /// Interval(begin, end, curve).transform(t), as curves.dart computes it.
    static func interval(_ begin: Double, _ end: Double, _ t: Double,
                         _ curve: ((Double) -> Double)? = nil) -> Double {
        let u = clamp((t - begin) / (end - begin), 0, 1)
        if u == 0 || u == 1 { return u }
        return curve?(u) ?? u
    }

    static func fadeOutBy(_ by: Double, _ h: Double) -> Double { 1 - interval(0, by, h, easeOut.transform) }
    static func fadeInFrom(_ from: Double, _ h: Double) -> Double { interval(from, 1, h, easeIn.transform) }

    static func fades(_ kind: Transition.Kind, progress p: Double) -> BarFades {
        // The top route's animation: 0 -> 1 for a push, 1 -> 0 for the pops.
        let route = kind == .push ? p : 1 - p
        let h: Double
        switch kind {
        case .pop: h = 1 - fastOutSlowIn.transform(1 - route)   // reverseCurve: flipped
        default: h = fastOutSlowIn.transform(route)
        }
        return BarFades(
            upperTitle: fadeInFrom(topMiddleFrom, h),
            upperLabel: fadeInFrom(topBackLabelFrom, h),
            upperChevron: interval(topBackChevronFrom, 1, route),
            lowerTitle: fadeOutBy(bottomMiddleBy, h),
            lowerLabel: fadeOutBy(bottomBackLabelBy, h),
            lowerChevron: fadeOutBy(bottomBackChevronBy, h),
            motion: h)
    }
}
