import NavLuaEngine

/// A chart of a run over time, as SVG. One time axis (seconds) runs under
/// three panels: `x` (points: the top screen, the screen below, and the
/// finger's translation), `velocity` (the finger's, points per second) and
/// `amount` (dim, snapshot mask and the running transition's progress,
/// 0 to 1). Above them a lane marks touch phases, pop gesture states and
/// hook results; transitions are shaded bands across the panels, named
/// under the time axis.
///
/// Each panel states its scale in `data-*` attributes (`data-t0`,
/// `data-t1`, `data-left`, `data-right` for time; `data-v0`, `data-v1`,
/// `data-bottom`, `data-top` for values) and each line names its series in
/// `data-series` (`nav1.top`, `nav1.below`, `pan.translation`, ...), so a
/// point of the picture can be read back as a time and a value.
public enum TimelineSVG {
    static let width = 960.0
    static let left = 72.0
    static let right = 790.0
    static let laneTop = 44.0
    static let laneRows = ["touch", "gesture", "hooks"]
    static let rowHeight = 24.0
    static let panelGap = 26.0

    /// A value per sample, nil where the series has no value.
    package struct Series {
        let id: String
        let label: String
        let color: String
        let dashed: Bool
        let values: [Double?]
        /// What each value belongs to (a screen's title); the line breaks
        /// where it changes, so a pop does not draw a jump from W to 0.
        var owners: [String?]? = nil
    }

    package struct Panel {
        let name: String
        let title: String
        let height: Double
        let series: [Series]
        /// Values the scale always covers.
        let always: [Double]
    }

    /// The chart of `samples` (frame by frame) and `events` (the trace).
    public static func document(samples: [FrameSample], events: [TraceEvent],
                                title: String = "navlua timeline") -> String {
        let (t0, t1) = timeSpan(samples, events)
        let panels = makePanels(samples)
        let laneBottom = laneTop + rowHeight * Double(laneRows.count) + 14
        var y = laneBottom + 8
        var frames: [(Panel, top: Double, bottom: Double)] = []
        for p in panels {
            frames.append((p, y, y + p.height))
            y += p.height + panelGap
        }
        let height = y + 40
        let sx = { (t: Double) in left + (t - t0) / (t1 - t0) * (right - left) }
        let chartTop = laneTop, chartBottom = frames.last?.bottom ?? laneBottom

        var s = SVGText.open(width: width, height: height)
        s += "<rect x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#fff\"/>\n"
        s += "<text x=\"\(n(left))\" y=\"24\" font-size=\"16\" font-weight=\"600\">\(SVGText.escape(title))</text>\n"
        s += transitionBands(events, sx: sx, t1: t1, top: chartTop, bottom: chartBottom)
        s += lane(events, sx: sx, top: laneTop, bottom: chartBottom)
        for (panel, top, bottom) in frames {
            s += draw(panel, samples: samples, t0: t0, t1: t1, top: top, bottom: bottom)
        }
        s += timeAxis(t0: t0, t1: t1, y: chartBottom)
        s += "</svg>\n"
        return s
    }

    // MARK: data

    static func timeSpan(_ samples: [FrameSample], _ events: [TraceEvent]) -> (Double, Double) {
        let times = samples.map(\.nanos) + events.map(\.nanos)
        let t0 = Double(times.min() ?? 0) / 1e9
        var t1 = Double(times.max() ?? 0) / 1e9
        if t1 - t0 < 0.1 { t1 = t0 + 0.1 }
        return (t0, t1)
    }

    static func makePanels(_ samples: [FrameSample]) -> [Panel] {
        var navIDs: [Int] = []
        for sample in samples {
            for nav in sample.navigations where !navIDs.contains(nav.nav) { navIDs.append(nav.nav) }
        }
        let several = navIDs.count > 1
        var xs: [Series] = [], amounts: [Series] = []
        let width = samples.first?.width ?? 390
        for (i, id) in navIDs.enumerated() {
            let suffix = several ? " (nav \(id))" : ""
            let navs = samples.map { s in s.navigations.first { $0.nav == id } }
            let dashed = i > 0
            xs.append(Series(id: "nav\(id).top", label: "top x" + suffix, color: "#1f77b4", dashed: dashed,
                             values: navs.map { $0?.top?.x }, owners: navs.map { $0?.top?.title }))
            xs.append(Series(id: "nav\(id).below", label: "below x" + suffix, color: "#8c8c8c", dashed: dashed,
                             values: navs.map { $0?.below?.x }, owners: navs.map { $0?.below?.title }))
            if navs.contains(where: { $0?.mask != nil }) {
                amounts.append(Series(id: "nav\(id).mask", label: "mask" + suffix, color: "#9467bd",
                                      dashed: dashed, values: navs.map { $0?.mask }))
            } else {
                amounts.append(Series(id: "nav\(id).dim", label: "dim" + suffix, color: "#333333",
                                      dashed: dashed, values: navs.map { $0?.dim }))
            }
            amounts.append(Series(id: "nav\(id).progress", label: "progress" + suffix, color: "#2ca02c",
                                  dashed: dashed, values: navs.map { $0?.progress }))
            // the bar's motion (visual().bar.shown), when it moves at all
            let shown = navs.map { $0?.bar.shown }
            if Set(shown.compactMap { $0 }).count > 1 {
                amounts.append(Series(id: "nav\(id).bar", label: "bar shown" + suffix, color: "#e377c2",
                                      dashed: dashed, values: shown))
            }
            // a presented card's motion (present, dismiss, a sheet's pull),
            // as the share of the screen it covers, when it moves at all
            let height = samples.first?.height ?? 844
            let cover = navs.map { n in n.flatMap { $0.presented || $0.y != 0 ? 1 - $0.y / height : nil } }
            if Set(cover.compactMap { $0 }).count > 1 {
                amounts.append(Series(id: "nav\(id).card", label: "card shown" + suffix, color: "#17becf",
                                      dashed: dashed, values: cover))
            }
        }
        xs.append(Series(id: "pan.translation", label: "finger translation x", color: "#ff7f0e", dashed: true,
                         values: samples.map { $0.touch?.translation.x }))
        let velocity = Series(id: "pan.velocity", label: "finger velocity x", color: "#d62728", dashed: false,
                              values: samples.map { $0.touch?.velocity.x })
        return [
            Panel(name: "x", title: "x (points)", height: 230, series: xs, always: [0, width]),
            Panel(name: "velocity", title: "velocity (points/s)", height: 120, series: [velocity], always: [0]),
            Panel(name: "amount", title: "dim, mask, progress" + (amounts.contains { $0.id.hasSuffix(".card") } ? ", card" : ""),
                  height: 120, series: amounts, always: [0, 1]),
        ]
    }

    // MARK: panels

    static func draw(_ panel: Panel, samples: [FrameSample], t0: Double, t1: Double,
                     top: Double, bottom: Double) -> String {
        var lo = panel.always.min() ?? 0, hi = panel.always.max() ?? 1
        for series in panel.series {
            for case let v? in series.values where v.isFinite {
                lo = min(lo, v)
                hi = max(hi, v)
            }
        }
        if hi - lo < 1e-9 { hi = lo + 1 }
        let pad = (hi - lo) * 0.05
        let v0 = lo - pad, v1 = hi + pad
        let sx = { (t: Double) in left + (t - t0) / (t1 - t0) * (right - left) }
        let sy = { (v: Double) in bottom - (v - v0) / (v1 - v0) * (bottom - top) }

        var s = "<g class=\"panel\" data-name=\"\(panel.name)\" data-t0=\"\(n(t0, 9))\" data-t1=\"\(n(t1, 9))\""
            + " data-left=\"\(n(left))\" data-right=\"\(n(right))\" data-v0=\"\(n(v0, 6))\" data-v1=\"\(n(v1, 6))\""
            + " data-bottom=\"\(n(bottom))\" data-top=\"\(n(top))\">\n"
        s += "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(right - left))\" height=\"\(n(bottom - top))\""
            + " fill=\"none\" stroke=\"#999\"/>\n"
        s += "<text x=\"\(n(left + 4))\" y=\"\(n(top - 6))\" font-size=\"12\" font-weight=\"600\""
            + " fill=\"#333\">\(SVGText.escape(panel.title))</text>\n"
        for tick in ticks(v0, v1, count: panel.height > 150 ? 6 : 4) {
            let y = sy(tick)
            s += "<line x1=\"\(n(left))\" y1=\"\(n(y))\" x2=\"\(n(right))\" y2=\"\(n(y))\""
                + " stroke=\"\(tick == 0 ? "#999" : "#e6e6e6")\"/>"
            s += "<text x=\"\(n(left - 6))\" y=\"\(n(y + 4))\" font-size=\"10\" text-anchor=\"end\""
                + " fill=\"#555\">\(formatNumber(tick, places: 3))</text>\n"
        }
        // Lines keep at most about two points per pixel of width.
        let step = max(1, samples.count / Int((right - left) * 2))
        var legendY = top + 12
        for series in panel.series where series.values.contains(where: { $0 != nil }) {
            var segment: [String] = []
            func flush() {
                if segment.count == 1 { segment.append(segment[0]) }   // a lone point still shows
                if !segment.isEmpty {
                    s += "<polyline class=\"series\" data-series=\"\(series.id)\" fill=\"none\""
                        + " stroke=\"\(series.color)\" stroke-width=\"1.6\""
                        + (series.dashed ? " stroke-dasharray=\"5 3\"" : "")
                        + " points=\"\(segment.joined(separator: " "))\"/>\n"
                }
                segment.removeAll()
            }
            for (i, sample) in samples.enumerated() {
                guard let v = series.values[i], v.isFinite else { flush(); continue }
                let owner = series.owners?[i]
                if i > 0, let owners = series.owners, owners[i - 1] != owner { flush() }
                let isLast = i == samples.count - 1 || series.values[i + 1] == nil
                    || series.owners.map { $0[i + 1] != owner } == true
                guard i % step == 0 || isLast || segment.isEmpty else { continue }
                segment.append(n(sx(sample.seconds)) + "," + n(sy(v)))
            }
            flush()
            s += "<line x1=\"\(n(right + 14))\" y1=\"\(n(legendY - 4))\" x2=\"\(n(right + 34))\" y2=\"\(n(legendY - 4))\""
                + " stroke=\"\(series.color)\" stroke-width=\"2\"" + (series.dashed ? " stroke-dasharray=\"5 3\"" : "") + "/>"
            s += "<text x=\"\(n(right + 40))\" y=\"\(n(legendY))\" font-size=\"11\""
                + " fill=\"#333\">\(SVGText.escape(series.label))</text>\n"
            legendY += 16
        }
        s += "</g>\n"
        return s
    }

    static func timeAxis(t0: Double, t1: Double, y: Double) -> String {
        let sx = { (t: Double) in left + (t - t0) / (t1 - t0) * (right - left) }
        var s = "<g class=\"axis\" data-name=\"time\">\n"
        for tick in ticks(t0, t1, count: 10) {
            let x = sx(tick)
            s += "<line x1=\"\(n(x))\" y1=\"\(n(y))\" x2=\"\(n(x))\" y2=\"\(n(y + 5))\" stroke=\"#555\"/>"
            s += "<text x=\"\(n(x))\" y=\"\(n(y + 16))\" font-size=\"10\" text-anchor=\"middle\""
                + " fill=\"#555\">\(formatNumber(tick, places: 3))</text>\n"
        }
        s += "<text x=\"\(n(right))\" y=\"\(n(y + 16))\" font-size=\"10\" text-anchor=\"start\" dx=\"8\""
            + " fill=\"#555\">seconds</text>\n</g>\n"
        return s
    }

    /// Round values from `lo` to `hi`, about `count` of them, 1, 2 or 5 times a power of ten apart.
    static func ticks(_ lo: Double, _ hi: Double, count: Int) -> [Double] {
        let raw = (hi - lo) / Double(max(1, count))
        guard raw > 0, raw.isFinite else { return [] }
        var magnitude = 1.0
        while magnitude > raw { magnitude /= 10 }
        while magnitude * 10 <= raw { magnitude *= 10 }
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? magnitude * 10
        var result: [Double] = []
        var k = (lo / step).rounded(.up)
        while k * step <= hi + step * 1e-9 {
            let v = k * step
            result.append(abs(v) < step * 1e-9 ? 0 : v)
            k += 1
        }
        return result
    }

    // MARK: marks

    static func transitionBands(_ events: [TraceEvent], sx: (Double) -> Double, t1: Double,
                                top: Double, bottom: Double) -> String {
        var s = ""
        for (event, end) in TraceEventFormat.paired(events) where event.kind == .transition {
            let what = event["what"].map(TraceEvent.text) ?? "?"
            let screen = event["screen"].map(TraceEvent.text) ?? "?"
            var endTime = t1, outcome = "running"
            if case .closed(let last) = end {
                endTime = last.seconds
                outcome = last["phase"].map(TraceEvent.text) ?? ""
            } else if case .instant = end {
                continue
            }
            let x0 = sx(event.seconds), x1 = max(sx(endTime), x0 + 1)
            s += "<g class=\"transition\" data-what=\"\(SVGText.escape(what))\"><rect x=\"\(n(x0))\" y=\"\(n(top))\""
                + " width=\"\(n(x1 - x0))\" height=\"\(n(bottom - top))\" fill=\"#fdf1c7\" fill-opacity=\"0.7\"/>"
            // labelled under the time axis, clear of the lines
            s += "<text x=\"\(n(x0 + 3))\" y=\"\(n(bottom + 32))\" font-size=\"10\" fill=\"#8a6d00\">"
                + SVGText.escape("\(what) \(screen): \(outcome)") + "</text></g>\n"
        }
        return s
    }

    static func lane(_ events: [TraceEvent], sx: (Double) -> Double, top: Double, bottom: Double) -> String {
        var s = "<g class=\"lane\">\n"
        for (i, row) in laneRows.enumerated() {
            let y = top + rowHeight * Double(i) + 16
            s += "<text x=\"\(n(left - 6))\" y=\"\(n(y))\" font-size=\"11\" text-anchor=\"end\" fill=\"#333\">\(row)</text>\n"
        }
        var lastLabelX: [Int: Double] = [:]
        var moves = 0
        for event in events {
            let x = sx(event.seconds)
            func label(_ row: Int, _ text: String, color: String, mark: String) {
                let baseY = top + rowHeight * Double(row) + 16
                // labels of the same row that would overlap step down a little
                let crowded = (lastLabelX[row].map { x - $0 < 60 } ?? false)
                let y = crowded ? baseY + 9 : baseY
                lastLabelX[row] = crowded ? (lastLabelX[row] ?? x) : x
                s += "<g class=\"mark \(laneRows[row])\" data-t=\"\(n(event.seconds, 9))\">"
                    + "<line x1=\"\(n(x))\" y1=\"\(n(baseY - 12))\" x2=\"\(n(x))\" y2=\"\(n(bottom))\""
                    + " stroke=\"\(color)\" stroke-opacity=\"0.35\" stroke-dasharray=\"2 3\"/>"
                    + "<text x=\"\(n(x + 2))\" y=\"\(n(y))\" font-size=\"9\" fill=\"\(color)\">"
                    + SVGText.escape(mark + " " + text) + "</text></g>\n"
            }
            switch event.kind {
            case .touch:
                let phase = event["phase"].map(TraceEvent.text) ?? ""
                switch phase {
                case "began": label(0, "down", color: "#1f77b4", mark: "▼")
                case "ended": label(0, "up", color: "#1f77b4", mark: "▲")
                case "cancelled", "released": label(0, phase, color: "#d62728", mark: "✕")
                default:
                    moves += 1
                    if moves <= 4000 {
                        s += "<circle class=\"move\" cx=\"\(n(x))\" cy=\"\(n(top + 20))\" r=\"1.3\" fill=\"#1f77b4\"/>\n"
                    }
                }
            case .gesture:
                let state = event["state"].map(TraceEvent.text) ?? ""
                guard state != "changed" else { continue }
                var text = (event["recognizer"].map(TraceEvent.text) ?? "") + " " + state
                if let refused = event["refused_by"] { text += " (" + TraceEvent.text(of: refused) + ")" }
                if case .bool(let finish)? = event["finish"] { text += finish ? " → finish" : " → cancel" }
                label(1, text, color: state == "failed" ? "#d62728" : "#2ca02c", mark: "●")
            case .hook:
                let result = event["result"].map(TraceEvent.text) ?? "nil"
                let color = result == "true" ? "#2ca02c" : result == "false" ? "#d62728" : "#777777"
                let name = event["name"].map(TraceEvent.text) ?? "?"
                label(2, "\(name) = \(result)", color: color, mark: "◆")
            default:
                continue
            }
        }
        s += "</g>\n"
        return s
    }

    static func n(_ d: Double, _ places: Int = 2) -> String { SVGText.num(d, places: places) }
}
