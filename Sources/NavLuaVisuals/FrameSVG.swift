import NavLuaEngine

/// The device at one frame as an SVG picture, in points: black glass; for
/// each navigation on screen, the screen below at its x under the dim (or,
/// in the snapshot style, the scaled snapshot under the black mask), the
/// top screen at its x, and the navigation bar as `visual().bar` has it
/// (sliding out as it hides, its titles and back buttons at their alpha). Screens are rectangles with their title in the middle.
///
/// Shapes carry `class` and `data-*` attributes (`data-screen`,
/// `data-nav`) so tests and tools can read them back; their coordinates
/// are `visual()`'s, in points.
public enum FrameSVG {
    /// UIKit's status bar and navigation bar heights on a 390 x 844 iPhone, points.
    static let statusBarHeight = 47.0
    static let navigationBarHeight = 44.0
    /// Where a back chevron is drawn from the leading edge (a drawing
    /// choice, like UIKit's system back button).
    static let chevronInset = 8.0

    /// A whole SVG document of one frame, drawn at `scale` pixels per point.
    public static func document(_ sample: FrameSample, scale: Double = 0.5) -> String {
        let w = sample.width, h = sample.height
        let captionHeight = 20.0 / scale
        var s = SVGText.open(width: w * scale, height: (h + captionHeight) * scale,
                             viewBox: "0 0 \(SVGText.num(w)) \(SVGText.num(h + captionHeight))",
                             extra: " data-frame=\"\(sample.frame)\"")
        s += device(sample)
        s += caption(sample, x: w / 2, y: h + captionHeight * 0.7, size: 13 / scale)
        s += "</svg>\n"
        return s
    }

    /// The picture's shapes, in points from the device's top-left corner.
    static func device(_ sample: FrameSample) -> String {
        let w = sample.width, h = sample.height
        var s = "<rect class=\"glass\" x=\"0\" y=\"0\" width=\"\(n(w))\" height=\"\(n(h))\" fill=\"#111\"/>\n"
        let shown = sample.navigations.enumerated().filter { $0.element.isShown(index: $0.offset) }.map(\.element)
        // what lies behind the last sheet is drawn scaled about its top
        // centre, lowered and dimmed, as the sheet's `behind` says
        let sheetIndex = shown.lastIndex { $0.sheet != nil }
        for (i, nav) in shown.enumerated() {
            if let k = sheetIndex, let sheet = shown[k].sheet, i == 0, k > 0 {
                let dx = w * (1 - sheet.behindScale) / 2
                s += "<g class=\"behind\" transform=\"translate(\(n(dx)),\(n(sheet.behindY))) scale(\(SVGText.num(sheet.behindScale, places: 4)))\">\n"
            }
            s += navigation(nav, w: w, h: h)
            if let k = sheetIndex, let sheet = shown[k].sheet, i == k - 1 {
                s += "</g>\n"
                if sheet.behindDim > 0 { s += shade("behind-dim", sheet.behindDim, w: w, h: h) }
            }
        }
        if let touch = sample.touch { s += finger(touch) }
        return s
    }

    /// The finger that is down: a red dot where it is, as the HTML replay
    /// draws it, and a line back to where it went down (one frame has no
    /// trail; the replay draws the finger's last 12 frames).
    static func finger(_ t: TouchSample) -> String {
        let x = t.location.x, y = t.location.y
        let x0 = x - t.translation.x, y0 = y - t.translation.y
        return "<g class=\"finger\" data-touch=\"\(t.id)\">"
            + "<line x1=\"\(n(x0))\" y1=\"\(n(y0))\" x2=\"\(n(x))\" y2=\"\(n(y))\" stroke=\"#ff3b30\""
            + " stroke-opacity=\"0.5\" stroke-width=\"6\" stroke-linecap=\"round\"/>"
            + "<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"16\" fill=\"#ff3b30\" fill-opacity=\"0.55\""
            + " stroke=\"#fff\" stroke-width=\"2\"/></g>\n"
    }

    static func navigation(_ nav: NavigationSample, w: Double, h: Double) -> String {
        var s = "<g class=\"navigation\" data-nav=\"\(nav.nav)\" data-style=\"\(nav.style)\""
            + " data-bar-hidden=\"\(nav.barHidden)\""
        if let sheet = nav.sheet { s += " data-detent=\"\(SVGText.escape(sheet.detent))\"" }
        if nav.y != 0 { s += " transform=\"translate(0,\(n(nav.y)))\"" }
        s += ">\n"
        if let snap = nav.snapshot {
            s += screen(snap.title, role: "snapshot", x: snap.x, y: snap.y, w: snap.width, h: snap.height,
                        fontSize: 28 * snap.width / w)
        }
        if let mask = nav.mask, mask > 0, nav.snapshot != nil {
            s += shade("mask", mask, w: w, h: h)
        }
        if let below = nav.below {
            s += screen(below.title, role: "below", x: below.x, y: 0, w: w, h: h, fontSize: 28, scrolls: below.scrolls,
                        controls: below.controls)
        }
        if nav.dim > 0 { s += shade("dim", nav.dim, w: w, h: h) }
        if let top = nav.top {
            s += screen(top.title, role: "top", x: top.x, y: 0, w: w, h: h, fontSize: 28, scrolls: top.scrolls,
                        controls: top.controls)
            // the shadow UIKit draws along the moving screen's leading edge
            if top.x != 0 {
                let edge = top.x > 0 ? top.x : top.x + w
                s += "<line class=\"edge\" x1=\"\(n(edge))\" y1=\"0\" x2=\"\(n(edge))\" y2=\"\(n(h))\""
                    + " stroke=\"#000\" stroke-opacity=\"0.35\" stroke-width=\"2\"/>\n"
            }
        }
        if nav.bar.shown > 0 {
            // QD moves the whole navigation view, bar included; UIKit's bar stays put.
            let x = nav.style == "snapshot" ? nav.top?.x ?? 0 : 0
            s += bar(nav.bar, x: x, w: w)
        }
        s += "</g>\n"
        return s
    }

    /// A screen, with its scroll views (ScrollSVG) under its title, as the
    /// HTML replay draws it.
    static func screen(_ title: String, role: String, x: Double, y: Double, w: Double, h: Double,
                       fontSize: Double, scrolls: [ScrollSample] = [],
                       controls: [ControlSample] = []) -> String {
        let t = SVGText.escape(title)
        return "<g class=\"screen \(role)\" data-screen=\"\(t)\">"
            + "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(w))\" height=\"\(n(h))\""
            + " fill=\"\(SVGText.color(for: title))\" stroke=\"#555\" stroke-width=\"1\"/>"
            + scrolls.map { ScrollSVG.view($0, x: x, y: y, deviceHeight: h) }.joined()
            + controls.map { ControlSVG.view($0, x: x, y: y) }.joined()   // issue 35
            + "<text x=\"\(n(x + w / 2))\" y=\"\(n(y + h / 2))\" font-size=\"\(n(fontSize))\""
            + " text-anchor=\"middle\" fill=\"#222\">\(t)</text></g>\n"
    }

    static func shade(_ role: String, _ alpha: Double, w: Double, h: Double) -> String {
        "<rect class=\"\(role)\" x=\"0\" y=\"0\" width=\"\(n(w))\" height=\"\(n(h))\" fill=\"#000\""
            + " fill-opacity=\"\(SVGText.num(alpha, places: 4))\"/>\n"
    }

    /// The bar from `visual().bar`: it slides up out of sight as `shown`
    /// goes to 0 (UIKit's hide animation moves it off the top), and each
    /// item is drawn at its x with its alpha: a title centred on x, a back
    /// button's label from x toward the trailing side, its chevron (with the
    /// chevron's alpha) at the leading edge, where it stays. Long texts are
    /// fitted as UIKit fits them (`BarLayout`): they never overlap.
    static func bar(_ bar: BarSample, x: Double, w: Double) -> String {
        let y = statusBarHeight, bh = navigationBarHeight
        let dy = -(1 - bar.shown) * (statusBarHeight + navigationBarHeight)
        var s = "<g class=\"bar\" data-shown=\"\(SVGText.num(bar.shown, places: 4))\""
        if dy != 0 { s += " transform=\"translate(0,\(n(dy)))\"" }
        s += "><rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(w))\" height=\"\(n(bh))\""
            + " fill=\"#f7f7f7\" fill-opacity=\"0.94\" stroke=\"#bbb\" stroke-width=\"1\"/>"
        let baseline = y + bh / 2 + 6
        // each screen's title as drawn, so that its back label stops short of it (BarLayout)
        var titles: [String: (x: Double, text: String)] = [:]
        for item in bar.items where item.part != "back" {
            titles[item.title] = (item.x, BarLayout.title(item.title, barWidth: w, inset: chevronInset))
        }
        for item in bar.items {
            let data = " data-screen=\"\(SVGText.escape(item.title))\" data-part=\"\(item.part)\""
                + " data-alpha=\"\(SVGText.num(item.alpha, places: 4))\""
            if item.part == "back" {
                // in a right-to-left layout the back button sits at the right and reads leftward
                let leading = item.x <= w / 2
                let chevron = item.chevron ?? item.alpha
                // the chevron stays at the bar's leading edge while the label travels
                let chevronX = leading ? chevronInset : w - chevronInset
                s += "<text class=\"bar-chevron\" data-screen=\"\(SVGText.escape(item.title))\""
                    + " data-alpha=\"\(SVGText.num(chevron, places: 4))\" x=\"\(n(x + chevronX))\""
                    + " y=\"\(n(baseline))\" font-size=\"22\" text-anchor=\"\(leading ? "start" : "end")\""
                    + " fill=\"#007aff\" fill-opacity=\"\(SVGText.num(chevron, places: 4))\">\(leading ? "\u{2039}" : "\u{203A}")</text>"
                let title = titles[item.title]
                let label = BarLayout.backLabel(item.label ?? "", x: item.x, leading: leading, titleX: title?.x,
                                                titleWidth: title.map { BarLayout.width($0.text, title: true) } ?? 0)
                s += "<text class=\"bar-item\"\(data) x=\"\(n(x + item.x))\" y=\"\(n(baseline))\" font-size=\"17\""
                    + " text-anchor=\"\(leading ? "start" : "end")\" fill=\"#007aff\""
                    + " fill-opacity=\"\(SVGText.num(item.alpha, places: 4))\">\(SVGText.escape(label))</text>"
            } else {
                s += "<text class=\"bar-item\"\(data) x=\"\(n(x + item.x))\" y=\"\(n(baseline))\" font-size=\"17\""
                    + " font-weight=\"600\" text-anchor=\"middle\" fill=\"#000\""
                    + " fill-opacity=\"\(SVGText.num(item.alpha, places: 4))\">"
                    + "\(SVGText.escape(titles[item.title]?.text ?? item.title))</text>"
            }
        }
        return s + "</g>\n"
    }

    static func caption(_ sample: FrameSample, x: Double, y: Double, size: Double) -> String {
        var text = "#\(sample.frame)  \(formatNumber(sample.seconds, places: 3)) s"
        if let nav = sample.navigations.first, nav.barHidden { text += "  bar hidden" }
        return "<text class=\"caption\" x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\""
            + " text-anchor=\"middle\" fill=\"#333\">\(SVGText.escape(text))</text>\n"
    }

    /// Coordinates in points keep three decimals.
    static func n(_ d: Double) -> String { SVGText.num(d, places: 3) }
}

/// A run's moments side by side, each one `FrameSVG`'s picture in a
/// nested `<svg data-frame="k">` with its time and what happened under it:
/// the frames where a finger went down, a pan began or was refused, the
/// finger lifted, and each transition finished or was cancelled (manual
/// §8.4), rather than evenly spaced frames that miss them.
public enum FilmstripSVG {
    /// A frame of the filmstrip and what happened at it ("" for a frame
    /// picked only to space the strip).
    struct Moment {
        let sample: FrameSample
        let label: String
    }

    /// At most `count` moments of `events` (evenly spaced frames when the
    /// run has no such events), `perRow` to a row.
    public static func document(_ samples: [FrameSample], events: [TraceEvent] = [], count: Int = 12,
                                perRow: Int = 6, scale: Double = 0.3) -> String {
        let chosen = moments(samples, events: events, count: count)
        guard let first = chosen.first?.sample else {
            return SVGText.open(width: 200, height: 40)
                + "<text x=\"10\" y=\"25\" font-size=\"14\">no frames were recorded</text>\n</svg>\n"
        }
        let w = first.width * scale, h = first.height * scale
        let gap = 12.0, captionHeight = 36.0
        let columns = max(1, min(perRow, chosen.count))
        let rows = (chosen.count + columns - 1) / columns
        let totalW = gap + Double(columns) * (w + gap)
        let totalH = gap + Double(rows) * (h + captionHeight + gap)
        var s = SVGText.open(width: totalW, height: totalH)
        s += "<rect x=\"0\" y=\"0\" width=\"\(SVGText.num(totalW))\" height=\"\(SVGText.num(totalH))\" fill=\"#fff\"/>\n"
        for (i, moment) in chosen.enumerated() {
            let sample = moment.sample
            let ox = gap + Double(i % columns) * (w + gap)
            let oy = gap + Double(i / columns) * (h + captionHeight + gap)
            let sw = sample.width * scale, sh = sample.height * scale
            s += "<g class=\"cell\" data-moment=\"\(SVGText.escape(moment.label))\">\n"
            s += "<svg class=\"frame\" data-frame=\"\(sample.frame)\" x=\"\(SVGText.num(ox))\" y=\"\(SVGText.num(oy))\""
                + " width=\"\(SVGText.num(sw))\" height=\"\(SVGText.num(sh))\""
                + " viewBox=\"0 0 \(FrameSVG.n(sample.width)) \(FrameSVG.n(sample.height))\">\n"
            s += FrameSVG.device(sample)
            s += "</svg>\n"
            s += FrameSVG.caption(sample, x: ox + sw / 2, y: oy + sh + 15, size: 11)
            if !moment.label.isEmpty {
                s += "<text class=\"moment\" x=\"\(SVGText.num(ox + sw / 2))\" y=\"\(SVGText.num(oy + sh + 30))\""
                    + " font-size=\"11\" text-anchor=\"middle\" fill=\"#b35900\">\(SVGText.escape(moment.label))</text>\n"
            }
            s += "</g>\n"
        }
        s += "</svg>\n"
        return s
    }

    /// What an event marks as a moment, if it is one.
    static func label(_ e: TraceEvent) -> String? {
        func text(_ name: String) -> String? { if case .string(let s)? = e[name] { return s } else { return nil } }
        switch e.kind {
        case .touch:
            switch text("phase") {
            case "began": return "touch down"
            case "ended": return "lift"
            case "cancelled": return "touch cancelled"
            default: return nil
            }
        case .gesture:
            switch text("state") {
            case "began": return (text("recognizer") ?? "pan") + " began"
            case "failed": return text("refused_by").map { "refused: " + $0 }
            default: return nil
            }
        case .transition:
            guard let phase = text("phase"), phase != "begin" else { return nil }
            return (text("what") ?? "transition") + (phase == "finish" ? " finished" : " cancelled")
        case .sheet:
            return text("phase") == "ended" ? "sheet released" : nil
        default:
            return nil
        }
    }

    /// The moments of the run: the first frame, each event's frame (several
    /// events in one frame make one moment), the last frame; past `count`,
    /// the first, the last and evenly spaced ones among the rest.
    static func moments(_ samples: [FrameSample], events: [TraceEvent], count: Int) -> [Moment] {
        guard let first = samples.first, let last = samples.last, count > 0 else { return [] }
        var marked: [(frame: Int, label: String)] = []
        for e in events where e.frame >= first.frame {
            guard let l = label(e) else { continue }
            if let i = marked.indices.last, marked[i].frame == e.frame {
                if !marked[i].label.contains(l) { marked[i].label += ", " + l }
            } else {
                marked.append((e.frame, l))
            }
        }
        guard !marked.isEmpty else { return pick(samples, count: count).map { Moment(sample: $0, label: "") } }
        var frames: [(frame: Int, label: String)] = []
        if marked.first?.frame != first.frame { frames.append((first.frame, "start")) }
        frames += marked
        if frames.last?.frame != last.frame { frames.append((last.frame, "end")) }
        if frames.count > count {
            let keep = count == 1 ? [frames.count - 1]
                : (0..<count).map { Int((Double($0) * Double(frames.count - 1) / Double(count - 1)).rounded()) }
            var seen = Set<Int>()
            frames = keep.filter { seen.insert($0).inserted }.map { frames[$0] }
        }
        // each frame's sample: the last one at or before it (a long run keeps every stride-th frame)
        var moments: [Moment] = []
        var j = 0
        for (frame, label) in frames {
            while j + 1 < samples.count, samples[j + 1].frame <= frame { j += 1 }
            if moments.last?.sample.frame == samples[j].frame {
                let previous = moments.removeLast()
                moments.append(Moment(sample: samples[j], label: previous.label + ", " + label))
            } else {
                moments.append(Moment(sample: samples[j], label: label))
            }
        }
        return moments
    }

    /// Samples nearest to `count` evenly spaced times from the first to the
    /// last, each taken once.
    static func pick(_ samples: [FrameSample], count: Int) -> [FrameSample] {
        guard let first = samples.first, let last = samples.last, count > 0 else { return [] }
        if samples.count <= count { return samples }
        if count == 1 { return [last] }
        var chosen: [FrameSample] = []
        var j = 0
        for i in 0..<count {
            let target = first.nanos + Int((Double(last.nanos - first.nanos) * Double(i) / Double(count - 1)).rounded())
            while j + 1 < samples.count,
                  abs(samples[j + 1].nanos - target) <= abs(samples[j].nanos - target) { j += 1 }
            if chosen.last?.frame != samples[j].frame { chosen.append(samples[j]) }
        }
        return chosen
    }
}
