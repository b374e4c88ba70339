/// A sheet's numbers on each platform (manual §4.7): where it rests, how a
/// pull dismisses it, how it moves back, and what happens to the screen
/// behind. Flutter's are CupertinoSheetRoute's (packages/flutter/lib/src/
/// cupertino/sheet.dart); React Navigation's its modal presentation
/// (@react-navigation/stack Card.tsx, CardStyleInterpolators.tsx,
/// gestureActivationCriteria.tsx); UIKit publishes no thresholds for a
/// sheet, so its numbers are estimates, each said so.
public struct SheetRules: Sendable {
    /// The platform the numbers are (the preset key `sheet`).
    public var name: String
    /// A large sheet's top edge: `topGapRatio` x the height + `topGapPoints`.
    public var topGapRatio: Double
    public var topGapPoints: Double
    /// `.medium()`: the sheet's height as a fraction of the screen's.
    public var mediumRatio: Double
    /// How a released pull decides.
    public var release: SheetRelease
    /// The motion back to a detent, or out (nil: the spring below).
    public var drop: AnimationSpec
    public var dropSpring: PhysicalSpring?
    /// A pull must begin within this many points of the card's top edge
    /// (nil: anywhere on the card).
    public var responseDistance: Double?
    /// How far a refused pull may move the sheet: the most, in points, as
    /// the finger goes on (a rubber band; 0: it does not move).
    public var refusedStretch: Double
    /// How far a pull may lift the sheet above its largest detent, as a
    /// fraction of the screen's height (it follows the finger up to there).
    public var upStretchRatio: Double
    /// The screen behind a sheet at rest: scaled by `behindScale` (about
    /// its top centre), moved down by `behindDrop` of its height, under a
    /// black `behindDim`.
    public var behindScale: Double
    /// Instead of `behindScale`: the width shrinks by this many points
    /// (React Navigation's 1 - 20 / width).
    public var behindScaleInset: Double? = nil
    public var behindDrop: Double
    public var behindDim: Double

    /// UIKit (iOS 15 and later). Estimates: the top gap and the screen
    /// behind follow Flutter's measurements of an iOS 18 simulator
    /// (sheet.dart: "Found from eyeballing a simulator running iOS 18.0");
    /// the release projects the finger's speed over 0.2 s and dismisses
    /// past half the sheet; 0.3 s ease-out back; a refused pull stretches
    /// at most 60 pt; a pull up lifts a large sheet as Flutter's does. `.medium()` is "approximately half the height"
    /// (UISheetPresentationController.Detent).
    public static let uikit = SheetRules(
        name: "uikit", topGapRatio: 0.08, topGapPoints: 0, mediumRatio: 0.5,
        release: .projected(seconds: 0.2, fraction: 0.5),
        drop: AnimationSpec(duration: 0.3, curve: .easeOut), dropSpring: nil,
        responseDistance: nil, refusedStretch: 60, upStretchRatio: 0.008,
        behindScale: 1 - 0.0835, behindDrop: 0.07, behindDim: 0.10)

    /// Flutter's CupertinoSheetRoute: _kTopGapRatio 0.08; _kMinFlingVelocity
    /// 2.0 screen heights per second decides by direction, else it stays
    /// when the route's value is above 0.52; _kDroppedSheetDragAnimationDuration
    /// 300 ms on Curves.easeOut; the stretch at the top is _kTopGapRatio -
    /// _kStretchedTopGapRatio = 0.008 of the height; the page behind scales
    /// by 1 - _kSheetScaleFactor (0.0835), slides down _kTopDownTween's 0.07
    /// and darkens to _kOpacityTween's 0.10. Flutter has no medium detent;
    /// navlua's is UIKit's half. No `isModalInPresentation` either
    /// (`enableDrag: false` does not move at all): refused pulls stretch
    /// as UIKit's do.
    public static let flutter = SheetRules(
        name: "flutter", topGapRatio: 0.08, topGapPoints: 0, mediumRatio: 0.5,
        release: .flutter(flingHeightsPerSecond: 2.0, stayAbove: 0.52),
        drop: AnimationSpec(duration: 0.3, curve: .easeOut), dropSpring: nil,
        responseDistance: nil, refusedStretch: 60, upStretchRatio: 0.008,
        behindScale: 1 - 0.0835, behindDrop: 0.07, behindDim: 0.10)

    /// React Navigation's `presentation: "modal"` (ModalPresentationIOS):
    /// the card's top 10 pt below the top (forModalPresentationIOS's
    /// topOffset, with no status bar inset here); the pan must begin within
    /// GESTURE_RESPONSE_DISTANCE_VERTICAL (135) of the card's top edge;
    /// Card.tsx closes when translation + velocity x 0.3
    /// (gestureVelocityImpact) passes half the height, and animates with
    /// TransitionIOSSpec's spring; the card behind scales by 1 - 20 / width
    /// (about 0.949 on 390 pt) and the overlay reaches 0.3. No detents and
    /// no stretch (the card is clamped at its top).
    public static let reactNavigation = SheetRules(
        name: "react_navigation", topGapRatio: 0, topGapPoints: 10, mediumRatio: 0.5,
        release: .reactNavigation(velocityImpact: 0.3),
        drop: AnimationSpec(duration: 0.5, curve: .linear), dropSpring: Preset.reactSpring,
        responseDistance: 135, refusedStretch: 0, upStretchRatio: 0,
        behindScale: 1, behindScaleInset: 20, behindDrop: 0, behindDim: 0.3)
}

/// How a released sheet pull decides between dismissing and resting.
public enum SheetRelease: Equatable, Sendable {
    /// UIKit estimate: the position projected `seconds` ahead at the
    /// release speed, dismissing past `fraction` of the sheet's height.
    case projected(seconds: Double, fraction: Double)
    /// CupertinoSheetRoute's dragEnd: |v| >= `flingHeightsPerSecond` decides
    /// by direction; else the sheet stays while its value (1 shown, 0 gone)
    /// is above `stayAbove`.
    case flutter(flingHeightsPerSecond: Double, stayAbove: Double)
    /// Card.tsx: closes when translation + velocity x impact > height / 2.
    case reactNavigation(velocityImpact: Double)
}

extension SheetRules {
    public static let all: [SheetRules] = [.uikit, .flutter, .reactNavigation]

    public static func named(_ name: String) -> SheetRules? { all.first { $0.name == name } }

    /// The scale of the screen behind at rest, on a `width`-point screen.
    func behindScale(width: Double) -> Double {
        guard let inset = behindScaleInset else { return behindScale }
        return width > inset ? 1 - inset / width : 1
    }

    /// The top edge of a sheet resting at `detent` on a `height`-point screen.
    func restY(_ detent: Detent, height: Double) -> Double {
        let top = topGapRatio * height + topGapPoints
        switch detent {
        case .large: return top
        case .medium: return max(top, height * (1 - mediumRatio))
        case .height(let h): return max(top, height - h)
        }
    }

    /// The stretch in points for a pull `d` points past a limit: a rubber
    /// band that tends to `limit` (UIScrollView's as commonly reconstructed,
    /// x c h / (h + c x) with c = 0.55: an estimate).
    static func rubberBand(_ d: Double, limit: Double) -> Double {
        guard d > 0, limit > 0 else { return 0 }
        let c = 0.55
        return c * d * limit / (limit + c * d)
    }
}
