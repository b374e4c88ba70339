/// Which pan takes a touch when several recognizers could (the pop, the
/// scroll views under the finger): the platform's rule, chosen by a preset
/// (Preset.swift). The arena asks it which members claim the pan at a
/// sample; the members that claim are then offered it in the arena's order
/// (GestureArena.swift). Only touches over a scroll view have a contest: a
/// pop alone begins at the pan slop under every rule, as in v1.
public enum PanArbitration: String, Sendable, CaseIterable {
    /// UIKit: every recognizer decides at the slop (15 pt, UIPanGestureRecognizer's
    /// hysteresis) by the pan's direction. A UIScrollView's pan claims it only
    /// along an axis it can scroll (Apple's Scroll View Programming Guide,
    /// "Nesting Scroll Views": cross-directional nesting "is supported and
    /// provided by default", which works because the inner view's pan does not
    /// take a drag across its only axis); a drag is along the axis it is mostly
    /// along, 45 degrees (`PanAxes.dominant`): Apple publishes no angle, so this
    /// is navlua's estimate. The pop's recognizers (FD's UIPanGestureRecognizer,
    /// UIScreenEdgePanGestureRecognizer) take a pan in any direction and let
    /// their own begin checks judge it (FD: translation.x > 0; the edge pan:
    /// mostly away from the edge). That a horizontal scroll view's pan takes
    /// the swipe first, and the pop may join it only through
    /// shouldRecognizeSimultaneously: FDFullscreenPopGesture's README ("View
    /// Controller With ScrollView") and issues #27, #61, #115, #203
    /// (`contentOffset.x <= 0`, navlua's `at_leading_edge`).
    case uikit
    /// Flutter's gesture arena (packages/flutter/lib/src/gestures/arena.dart,
    /// monodrag.dart): HorizontalDragGestureRecognizer and
    /// VerticalDragGestureRecognizer each accept once the drag along their own
    /// axis passes kTouchSlop (18 logical pixels, gestures/constants.dart;
    /// `_hasSufficientGlobalDistanceToAccept`), and the first to accept wins the
    /// arena. The back gesture (`_CupertinoBackGestureDetector`) is a horizontal
    /// drag recognizer. When both axes pass on one sample, the arena's order
    /// breaks the tie (innermost scroll view first): navlua's choice. A
    /// two-axis scroll view claims when either axis passes (Flutter's
    /// TwoDimensionalScrollable uses a pan recognizer, kPanSlop 36: navlua's
    /// simplification).
    case flutter

    /// Whether a member moving along `axes` claims a pan at `translation`
    /// (`touchSlop`: the navigation's pan slop, Flutter's kTouchSlop under
    /// its preset).
    func claims(_ axes: PanAxes, _ translation: Point, touchSlop: Double) -> Bool {
        switch self {
        case .uikit:
            return axes.contains(PanAxes.dominant(translation))
        case .flutter:
            return (axes.contains(.horizontal) && abs(translation.x) > touchSlop)
                || (axes.contains(.vertical) && abs(translation.y) > touchSlop)
        }
    }

    /// UIKit decides once, at the sample that crossed the slop, even when
    /// nothing claims; Flutter's arena stays open until a member accepts.
    var waitsForAClaim: Bool { self == .flutter }

    /// The axes the pop's recognizer moves along under this rule.
    var popAxes: PanAxes {
        switch self {
        case .uikit: return .both
        case .flutter: return .horizontal
        }
    }
}
