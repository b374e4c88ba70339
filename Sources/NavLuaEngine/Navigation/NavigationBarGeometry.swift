/// The navigation bar at the current frame: a pure function of the stack,
/// the transition under way, the bar's state when it began and its state
/// now, like `VisualGeometry` for the screens (manual §4.8). Nothing here
/// animates on its own, so the bar cannot drift from the screens: a hide or
/// show asked for with the transition (FD's `setNavigationBarHidden:
/// animated:` from `viewWillAppear`, which UIKit runs alongside the
/// transition) follows its progress, the finger's included, and returns
/// with it on a cancel.
struct NavigationBarGeometry {
    let crossFade: BarCrossFade
    let width: Double
    let sign: Double

    /// Where a title is anchored at rest: its centre.
    var titleX: Double { width / 2 }

    /// `screens`: the stack, root first, each screen in it at most once;
    /// `inStack` tells whether a screen is in it without searching it (its
    /// navigation is this one: see NavigationController.setStack);
    /// `hasBackButton` tells whether a screen shows the system back button
    /// (not a custom one) when it is not the root.
    func bar(screens: [Screen], transition tr: Transition?, hiddenAtBegin: Bool, hidden: Bool,
             inStack: (Screen) -> Bool, hasBackButton: (Screen) -> Bool) -> BarVisual {
        let target = hidden ? 0.0 : 1.0
        guard let tr = tr, tr.kind.movesBar, let lower = tr.below else {
            return rest(screens: screens, shown: target, hasBackButton: hasBackButton)
        }
        let start = hiddenAtBegin ? 0.0 : 1.0
        let shown = start + (target - start) * clamp(tr.progress, 0, 1)
        guard shown > 0 else { return BarVisual(shown: 0, items: []) }
        let f = crossFade.fades(tr.kind, progress: tr.progress)
        let m = f.motion
        let back = crossFade.backLabelX
        // A popped screen has left the stack but had a screen below; a
        // screen set as the whole stack (set_screens) may be its root.
        let upperIndex = index(of: tr.top, in: screens, inStack)
        let upperBack = (upperIndex.map { $0 > 0 } ?? true) && hasBackButton(tr.top)
        let upperLabel = below(tr.top, in: screens, inStack)?.title ?? lower.title
        let lowerBack = index(of: lower, in: screens, inStack).map { $0 > 0 } == true && hasBackButton(lower)
        var items: [BarItem] = []
        items.reserveCapacity(4)
        // The lower screen's items first: they are drawn under the upper's.
        items.append(item(lower, .title, x: upperBack ? lerp(titleX, back, m) : titleX, alpha: f.lowerTitle))
        if lowerBack, let under = below(lower, in: screens, inStack) {
            items.append(item(lower, .back, x: lerp(back, back - width / 2, m), alpha: f.lowerLabel,
                              chevron: f.lowerChevron, label: under.title))
        }
        items.append(item(tr.top, .title, x: lerp(width, titleX, m), alpha: f.upperTitle))
        if upperBack {
            items.append(item(tr.top, .back, x: lerp(titleX, back, m), alpha: f.upperLabel,
                              chevron: f.upperChevron, label: upperLabel))
        }
        return BarVisual(shown: shown, items: items)
    }

    /// The top screen's bar, still.
    private func rest(screens: [Screen], shown: Double, hasBackButton: (Screen) -> Bool) -> BarVisual {
        guard shown > 0, let top = screens.last else { return BarVisual(shown: shown, items: []) }
        var items = [item(top, .title, x: titleX, alpha: 1)]
        if screens.count > 1, hasBackButton(top) {
            items.append(item(top, .back, x: crossFade.backLabelX, alpha: 1, chevron: 1,
                              label: screens[screens.count - 2].title))
        }
        return BarVisual(shown: shown, items: items)
    }

    /// An item with `x` measured from the leading edge, placed for the layout.
    private func item(_ screen: Screen, _ part: BarPart, x: Double, alpha: Double,
                      chevron: Double? = nil, label: String? = nil) -> BarItem {
        BarItem(screen: screen, part: part, x: sign > 0 ? x : width - x, alpha: alpha,
                chevron: chevron, label: label)
    }

    /// Where `screen` is in the stack. The screens a bar shows are at its
    /// top, and each is in it at most once: a screen that has left it is
    /// not searched for, the others are searched from the top (the first
    /// index from the start was a search of the whole stack for a pop's
    /// screen, twice a frame).
    private func index(of screen: Screen, in screens: [Screen], _ inStack: (Screen) -> Bool) -> Int? {
        guard inStack(screen) else { return nil }
        return screens.lastIndex { $0 === screen }
    }

    private func below(_ screen: Screen, in screens: [Screen], _ inStack: (Screen) -> Bool) -> Screen? {
        guard let i = index(of: screen, in: screens, inStack), i > 0 else { return nil }
        return screens[i - 1]
    }

    private func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
}

extension Transition.Kind {
    /// Whether the bar moves with this motion: UIKit's push and pop, the
    /// finger's included. QD's snapshot slide moves the whole navigation
    /// view, bar included, and pops without animation at its end; a
    /// presentation moves the whole navigation.
    var movesBar: Bool {
        switch self {
        case .push, .pop, .interactivePop: return true
        case .snapshotPop, .present, .dismiss, .interactiveDismiss: return false
        }
    }
}

extension BarCrossFade {
    /// Where a back button's label begins at rest, points from the leading
    /// edge. UIKit: an estimate (the chevron at 8 pt, its label after it;
    /// Apple publishes no layout numbers). Flutter: the chevron's top-left
    /// is at x = 14 in nav_bar_transition_test.dart ("Back chevron fades
    /// out and in when both pages have it"); the label after it is an
    /// estimate, since its place depends on the font.
    var backLabelX: Double {
        switch self {
        case .uikit: return 28
        case .flutter: return 34
        }
    }
}
