import NavLuaEngine

/// The data of an HTML replay, as the page's script reads it (Web/replay.js,
/// `decode`): JSON, compact so that a long run stays small.
///
/// - `titles`: every screen title once, with its fill colour; frames refer
///   to titles by index.
/// - `states`: every distinct navigation state once (a navigation's
///   `visual()` at a frame); a frame lists the states of its navigations by
///   index, so a frame in which nothing moves costs a few bytes.
/// - `frames`: `[frame, nanoseconds, [state, ...], touch]`, touch 0 or
///   `[id, x, y, translationX, translationY, velocityX, velocityY]`.
/// - `events`: `[nanoseconds, frame, kind, fields as text, why]`, `why` the
///   check that refused or cancelled a gesture in words (RefusalWords), or 0.
///
/// A state is an object with short keys, defaults left out: `n` nav id, `s`
/// style, `p` presented, `T`/`B` the top and below screens `[title, x,
/// scrolls]`, `d` dim, `m` mask, `b` bar shown, `i` bar items `[title,
/// back, x, alpha, chevron, label]`, `S` snapshot `[title, x, y, w, h]`,
/// `y`, `r` transition kind, `q` its progress, `k` sheet `[detent, scale,
/// behind y, behind dim]`. A scroll is `[x, y, w, h, content w, content h,
/// offset x, offset y]`.
struct ReplayData {
    private var titles: [String] = []
    private var titleIndex: [String: Int] = [:]
    private var states: [String] = []
    private var stateIndex: [String: Int] = [:]

    /// The whole JSON text.
    static func json(samples: [FrameSample], events: [TraceEvent], dropped: Int, title: String) -> String {
        var data = ReplayData()
        var frames = ""
        frames.reserveCapacity(samples.count * 24)
        for (i, sample) in samples.enumerated() {
            if i > 0 { frames += ",\n" }
            frames += "[\(sample.frame),\(sample.nanos),["
            var firstNav = true
            for (j, nav) in sample.navigations.enumerated() where nav.isShown(index: j) {
                if !firstNav { frames += "," }
                firstNav = false
                frames += String(data.state(nav))
            }
            frames += "],"
            frames += sample.touch.map(touch) ?? "0"
            frames += "]"
        }
        var eventText = ""
        for (i, event) in events.enumerated() {
            if i > 0 { eventText += ",\n" }
            eventText += "[\(event.nanos),\(event.frame)," + JSONText.string(event.kind.rawValue) + ","
                + JSONText.string(fieldsText(event)) + "," + (why(event).map(JSONText.string) ?? "0") + "]"
        }
        let first = samples.first
        var out = "{\"v\":1,\"title\":" + JSONText.string(title)
        out += ",\"w\":" + JSONText.number(first?.width ?? 390, places: 3)
        out += ",\"h\":" + JSONText.number(first?.height ?? 844, places: 3)
        out += ",\"dropped\":\(dropped)"
        out += ",\n\"titles\":[" + data.titles.map { "[" + JSONText.string($0) + "," + JSONText.string(SVGText.color(for: $0)) + "]" }
            .joined(separator: ",") + "]"
        out += ",\n\"states\":[\n" + data.states.joined(separator: ",\n") + "]"
        out += ",\n\"frames\":[\n" + frames + "]"
        out += ",\n\"events\":[\n" + eventText + "]}"
        return out
    }

    /// The check behind a refused or cancelled gesture, or a sheet's pull
    /// that did not dismiss, in words.
    static func why(_ event: TraceEvent) -> String? {
        if case .string(let r)? = event["refused_by"] {
            return RefusalWords.words(for: r) ?? r
        }
        guard event.kind == .gesture, case .string(let state)? = event["state"] else { return nil }
        if state == "cancelled" { return "cancelled: the touch was cancelled before the lift (the system took it)" }
        if state == "ended", case .bool(false)? = event["finish"],
           case .point(let t)? = event["translation"], case .point(let v)? = event["velocity"] {
            return RefusalWords.cancelledAtLift(translation: t.x, velocity: v.x)
        }
        return nil
    }

    /// The event's fields as the trace's text prints them.
    static func fieldsText(_ event: TraceEvent) -> String {
        var s = ""
        for (name, value) in event.fields {
            if !s.isEmpty { s += " " }
            s += name + "=" + TraceEvent.text(of: value)
        }
        return s
    }

    private mutating func title(_ t: String) -> Int {
        if let i = titleIndex[t] { return i }
        titleIndex[t] = titles.count
        titles.append(t)
        return titles.count - 1
    }

    /// The index of a navigation's state, added when it is new.
    private mutating func state(_ nav: NavigationSample) -> Int {
        let text = stateText(nav)
        if let i = stateIndex[text] { return i }
        stateIndex[text] = states.count
        states.append(text)
        return states.count - 1
    }

    private mutating func stateText(_ nav: NavigationSample) -> String {
        var s = "{\"n\":\(nav.nav),\"s\":" + JSONText.string(nav.style)
        if nav.presented { s += ",\"p\":1" }
        if let top = nav.top { s += ",\"T\":" + placed(top) }
        if let below = nav.below { s += ",\"B\":" + placed(below) }
        if nav.dim != 0 { s += ",\"d\":" + num(nav.dim, 4) }
        if let m = nav.mask, m != 0 { s += ",\"m\":" + num(m, 4) }
        if nav.bar.shown != 1 { s += ",\"b\":" + num(nav.bar.shown, 4) }
        if !nav.bar.items.isEmpty {
            s += ",\"i\":["
            for (i, item) in nav.bar.items.enumerated() {
                if i > 0 { s += "," }
                s += "[\(title(item.title)),\(item.part == "back" ? 1 : 0)," + num(item.x, 2) + "," + num(item.alpha, 4)
                    + "," + (item.chevron.map { num($0, 4) } ?? "null")
                    + "," + (item.label.map(JSONText.string) ?? "null") + "]"
            }
            s += "]"
        }
        if let snap = nav.snapshot {
            s += ",\"S\":[\(title(snap.title)),\(num(snap.x, 2)),\(num(snap.y, 2)),\(num(snap.width, 2)),\(num(snap.height, 2))]"
        }
        if nav.y != 0 { s += ",\"y\":" + num(nav.y, 2) }
        if let r = nav.transition { s += ",\"r\":" + JSONText.string(r) }
        if let q = nav.progress { s += ",\"q\":" + num(q, 4) }
        if let k = nav.sheet {
            s += ",\"k\":[" + JSONText.string(k.detent) + "," + num(k.behindScale, 4) + "," + num(k.behindY, 2)
                + "," + num(k.behindDim, 4) + "]"
        }
        return s + "}"
    }

    private mutating func placed(_ p: NavigationSample.Placed) -> String {
        var s = "[\(title(p.title)),\(num(p.x, 2))"
        if !p.scrolls.isEmpty {
            s += ",[" + p.scrolls.map {
                "[\(num($0.x, 2)),\(num($0.y, 2)),\(num($0.width, 2)),\(num($0.height, 2)),"
                    + "\(num($0.contentWidth, 2)),\(num($0.contentHeight, 2)),\(num($0.offsetX, 2)),\(num($0.offsetY, 2))]"
            }.joined(separator: ",") + "]"
        }
        return s + "]"
    }

    private static func touch(_ t: TouchSample) -> String {
        "[\(t.id),\(num(t.location.x, 2)),\(num(t.location.y, 2)),\(num(t.translation.x, 2)),"
            + "\(num(t.translation.y, 2)),\(num(t.velocity.x, 1)),\(num(t.velocity.y, 1))]"
    }

    private func num(_ d: Double, _ places: Int) -> String { JSONText.number(d, places: places) }
    private static func num(_ d: Double, _ places: Int) -> String { JSONText.number(d, places: places) }
}
