extension NavigationController {
    /// Where each screen is drawn at the current frame.
    public func visual() -> Visual {
        let bar = NavigationBarGeometry(crossFade: options.barCrossFade, width: config.width,
                                        sign: config.layout.sign).bar(
            screens: screens, transition: transition, hiddenAtBegin: transition?.barHiddenAtBegin ?? barHidden,
            hidden: barHidden, inStack: { $0.navigation === self },
            hasBackButton: { (try? $0.backButton()) != .custom })
        var v = VisualGeometry.visual(options: options, config: config,
            top: top, transition: transition, bar: bar, presentationY: presentationY)
        if let p = presentation { v.presented = presentedVisual(p) }
        if let back = predictiveBack?.visual(width: config.width, height: config.height) { v = v.drawn(by: back) }
        return v
    }

    /// The card and, for a sheet, the screen behind, which scales, drops and
    /// darkens as the sheet comes up (by `progress`).
    private func presentedVisual(_ p: PresentationState) -> Visual.Presented {
        let h = config.height
        let rest = restY
        let progress = clamp(h - rest > 0 ? (h - presentationY) / (h - rest) : 1, 0, 1)
        var behind: Visual.Behind?
        if p.style.isSheet {
            let s = options.sheet
            behind = Visual.Behind(scale: 1 - (1 - s.behindScale(width: config.width)) * progress,
                                   y: s.behindDrop * h * progress, dim: s.behindDim * progress)
        }
        return Visual.Presented(style: p.style, y: presentationY, detent: p.detent, progress: progress, behind: behind)
    }
}

/// The geometry of a navigation's screens: a pure function of its options,
/// the device, and the motion under way (manual §4.5, §4.9, §5.6, §5.9).
/// A function of borrowed values, not a struct holding them: a struct's
/// copy of the options (strings, curves, closures) cost ~900 instructions
/// of retains and releases on every visual().
enum VisualGeometry {
    static func visual(options: NavigationOptions, config: WorldConfig, top topScreen: Screen?,
                       transition: Transition?, bar: BarVisual, presentationY: Double) -> Visual {
        let w = config.width, s = config.layout.sign, t = config.tunables
        let parallax = options.parallax, dimming = options.dim
        var top: Visual.Placed? = topScreen.map { Visual.Placed(screen: $0, x: 0) }
        var below: Visual.Placed?
        var dim = 0.0
        var snapshot: Visual.Snapshot?
        var mask: Double? = options.hasSnapshotPop ? 0 : nil
        if let tr = transition {
            let q = tr.progress
            switch tr.kind {
            case .push, .pop:
                // the route animation's value, as Flutter's CupertinoPageTransition reads it
                let r = tr.kind == .push ? q : 1 - q
                let c = options.pageCurves
                let topShown = c.map { (tr.kind == .push ? $0.pushTop : $0.popTop).value(at: r) } ?? r
                let belowCovered = c.map { (tr.kind == .push ? $0.pushBelow : $0.popBelow).value(at: r) } ?? r
                top = Visual.Placed(screen: tr.top, x: s * w * (1 - topShown))
                below = tr.below.map { Visual.Placed(screen: $0, x: -s * parallax * w * belowCovered) }
                dim = dimming * r
            case .interactivePop:
                // linear under the finger and during the drop, on every preset
                top = Visual.Placed(screen: tr.top, x: s * w * q)
                below = tr.below.map { Visual.Placed(screen: $0, x: -s * parallax * w * (1 - q)) }
                dim = dimming * (1 - q)
            case .snapshotPop:
                let x = tr.offset
                top = Visual.Placed(screen: tr.top, x: s * x)
                // QD's alpha 0.4 - x / 800, as UIKit draws it: clamped to [0, 1]
                mask = clamp(t.snapshotMaskBase - x / t.snapshotMaskDivisor, 0, 1)
                if let b = tr.below {
                    let g = t.snapshotGap * (w - x) / w
                    let h = config.height
                    snapshot = Visual.Snapshot(screen: b, x: g * w, y: g * h,
                                               width: (1 - 2 * g) * w, height: (1 - 2 * g) * h)
                }
            case .present, .dismiss, .interactiveDismiss:
                break
            }
        }
        return Visual(top: top, below: below, dim: dim, bar: bar,
                      snapshot: snapshot, mask: mask, y: presentationY)
    }
}
