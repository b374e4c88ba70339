import NavLuaEngine

/// The data of an HTML replay, as the page's script reads it (Web/replay.js):
/// JSON, compact so that a long run stays small.
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
/// offset x, offset y]`. A screen with controls (issue 35) has them after
/// its scrolls (`[]` when it has none): `[kind, x, y, w, h, value, open,
/// actions width]`, kind 0 slider, 1 swipe row, 2 canvas, open 0 or 1.
struct ReplayData {
    /// Every title once, by first appearance.
    private struct Titles {
        var list: [String] = []
        var index: [String: Int] = [:]

        mutating func callAsFunction(_ t: String) -> Int {
            if let i = index[t] { return i }
            index[t] = list.count
            list.append(t)
            return list.count - 1
        }
    }
    private var titles = Titles()
    /// The states' JSON, one after another, and where each one lies.
    private var states = JSONBytes()
    private var stateRanges: [Range<Int>] = []
    /// States by their bytes' hash (a collision is told apart by the bytes).
    private var stateIndex: [UInt64: [Int]] = [:]

    /// The whole JSON text, as UTF-8.
    static func json(samples: [FrameSample], events: [TraceEvent], dropped: Int, title: String) -> [UInt8] {
        var all: [UInt8] = []
        write(samples: samples, events: events, dropped: dropped, title: title) { all += $0 }
        return all
    }

    /// The same, handed to `emit` in pieces of about `chunk` bytes: the
    /// frames and events are never whole in memory (the titles and the
    /// distinct states are, since the frames refer to them and come after).
    static func write(samples: [FrameSample], events: [TraceEvent], dropped: Int, title: String,
                      to emit: ([UInt8]) -> Void) {
        var data = ReplayData()
        for sample in samples {   // the states and titles first, which the frames refer to
            for (j, nav) in sample.navigations.enumerated() where nav.isShown(index: j) { _ = data.state(nav) }
        }
        var out = JSONBytes(capacity: chunk + 4096)
        func flush(_ always: Bool = false) {
            guard always || out.bytes.count >= chunk else { return }
            emit(out.bytes)
            out.bytes.removeAll(keepingCapacity: true)
        }
        out.raw("{\"v\":1,\"title\":")
        out.string(title)
        out.raw(",\"w\":")
        out.number(samples.first?.width ?? 390, places: 3)
        out.raw(",\"h\":")
        out.number(samples.first?.height ?? 844, places: 3)
        out.raw(",\"dropped\":")
        out.int(dropped)
        out.raw(",\n\"titles\":[")
        for (i, t) in data.titles.list.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            out.byte(UInt8(ascii: "["))
            out.string(t)
            out.byte(UInt8(ascii: ","))
            out.string(SVGText.color(for: t))
            out.byte(UInt8(ascii: "]"))
            flush()
        }
        out.raw("],\n\"states\":[\n")
        flush(true)
        emit(data.states.bytes)
        out.raw("],\n\"frames\":[\n")
        for (i, sample) in samples.enumerated() {
            if i > 0 { out.raw(",\n") }
            out.byte(UInt8(ascii: "["))
            out.int(sample.frame)
            out.byte(UInt8(ascii: ","))
            out.int(sample.nanos)
            out.raw(",[")
            var firstNav = true
            for (j, nav) in sample.navigations.enumerated() where nav.isShown(index: j) {
                if !firstNav { out.byte(UInt8(ascii: ",")) }
                firstNav = false
                out.int(data.state(nav))
            }
            out.raw("],")
            if let t = sample.touch { touch(t, into: &out) } else { out.byte(UInt8(ascii: "0")) }
            out.byte(UInt8(ascii: "]"))
            flush()
        }
        out.raw("],\n\"events\":[\n")
        var fields: [UInt8] = []
        for (i, event) in events.enumerated() {
            if i > 0 { out.raw(",\n") }
            out.byte(UInt8(ascii: "["))
            out.int(event.nanos)
            out.byte(UInt8(ascii: ","))
            out.int(event.frame)
            out.byte(UInt8(ascii: ","))
            out.string(event.kind.rawValue)
            out.byte(UInt8(ascii: ","))
            fields.removeAll(keepingCapacity: true)
            event.appendFields(to: &fields)
            out.string(utf8: fields)
            out.byte(UInt8(ascii: ","))
            if let why = why(event, arena: arena(after: i, in: events)) { out.string(why) } else { out.byte(UInt8(ascii: "0")) }
            out.byte(UInt8(ascii: "]"))
            flush()
        }
        out.raw("]}")
        flush(true)
    }

    /// The size of the pieces `write` hands over.
    static let chunk = 1 << 16

    /// The check behind a refused or cancelled pop, or a sheet's pull that
    /// a check refused, in words.
    static func why(_ event: TraceEvent, arena: TraceEvent? = nil) -> String? {
        if event.kind == .back { return BackWords.why(event) }
        if event.kind == .sheet {
            // a pull is explained once, at its end (its begin carries the
            // same refused_by)
            guard case .string("ended")? = event["phase"] else { return nil }
            // (a pull that just did not go far enough is not a refusal: it
            // may have been a pull up to a larger detent)
            if case .string(let r)? = event["refused_by"] { return RefusalWords.words(for: r) ?? r }
            return nil
        }
        if case .string(let r)? = event["refused_by"] {
            // on a navigation with several pop recognizers, which one (manual §5.11)
            var which = ""
            if case .string(let name)? = event["pop_recognizer"] { which = name + " refused, " }
            if r == PopRefusal.scrollView.rawValue, let arena = arena, case .string(let winner)? = arena["winner"],
               winner.hasPrefix("scroll:") {
                return which + RefusalWords.scrollViewTookThePan(winner, rule: arena["rule"].flatMap { v in
                    if case .string(let s) = v { return s } else { return nil } })
            }
            if r == PopRefusal.popRecognizer.rawValue, let arena = arena, case .string(let winner)? = arena["winner"] {
                return which + RefusalWords.anotherPopTookThePan(winner)
            }
            // issue 35: name the control that took the pan
            if r == PopRefusal.control.rawValue, case .string(let winner)? = arena?["winner"], winner.hasPrefix("control:") {
                return which + RefusalWords.controlTookThePan(winner)
            }
            return which + (RefusalWords.words(for: r) ?? r)
        }
        guard event.kind == .gesture, case .string(let state)? = event["state"] else { return nil }
        if state == "cancelled" { return RefusalWords.touchCancelled }
        if state == "ended", case .bool(false)? = event["finish"] {
            if case .string(let rule)? = event["rule"] { return RefusalWords.cancelledAtLift(rule: rule) }
            if case .point(let t)? = event["translation"], case .point(let v)? = event["velocity"] {
                return RefusalWords.cancelledAtLift(translation: t.x, velocity: v.x)
            }
        }
        return nil
    }

    /// The `arena` event that decided the pan a pop gesture event of the
    /// same frame and navigation was refused in (recorded after it).
    static func arena(after i: Int, in events: [TraceEvent]) -> TraceEvent? {
        let event = events[i]
        guard event.kind == .gesture, case .string(let r)? = event["refused_by"],
              r == PopRefusal.scrollView.rawValue || r == PopRefusal.popRecognizer.rawValue
                || r == PopRefusal.control.rawValue else { return nil }
        var j = i + 1
        while j < events.count, j <= i + 8, events[j].frame == event.frame {
            if events[j].kind == .arena, events[j]["nav"] == event["nav"] { return events[j] }
            j += 1
        }
        return nil
    }

    /// The index of a navigation's state, added when it is new: it is
    /// written at the end of `states`, and taken back out when an equal one
    /// is already there.
    private mutating func state(_ nav: NavigationSample) -> Int {
        let start = states.bytes.count
        let separator = stateRanges.isEmpty ? 0 : 2
        if separator > 0 { states.raw(",\n") }
        ReplayData.write(nav, into: &states, titles: &titles)
        let range = start + separator..<states.bytes.count
        let key = states.hash(range)
        for i in stateIndex[key] ?? [] where states.same(stateRanges[i], range) {
            states.bytes.removeLast(states.bytes.count - start)
            return i
        }
        stateIndex[key, default: []].append(stateRanges.count)
        stateRanges.append(range)
        return stateRanges.count - 1
    }

    /// `"A":[home, scrim, top, below]`, each screen `[title, scale, x, y,
    /// corner radius, alpha]` (below: null going home).
    private static func backSample(_ b: BackSample, into s: inout JSONBytes, titles title: inout Titles) {
        func layer(_ l: BackSample.Layer) {
            s.byte(UInt8(ascii: "["))
            s.int(title(l.title))
            for v in [l.scale, l.x, l.y, l.cornerRadius, l.alpha] {
                s.byte(UInt8(ascii: ","))
                s.number(v, places: 4)
            }
            s.byte(UInt8(ascii: "]"))
        }
        s.raw(b.home ? ",\"A\":[1," : ",\"A\":[0,")
        s.number(b.scrim, places: 4)
        s.byte(UInt8(ascii: ","))
        layer(b.top)
        s.byte(UInt8(ascii: ","))
        if let below = b.below { layer(below) } else { s.raw("null") }
        s.byte(UInt8(ascii: "]"))
    }

    private static func write(_ nav: NavigationSample, into s: inout JSONBytes, titles title: inout Titles) {
        s.raw("{\"n\":")
        s.int(nav.nav)
        s.raw(",\"s\":")
        s.string(nav.style)
        if nav.presented { s.raw(",\"p\":1") }
        if let top = nav.top { s.raw(",\"T\":"); placed(top, into: &s, titles: &title) }
        if let below = nav.below { s.raw(",\"B\":"); placed(below, into: &s, titles: &title) }
        if nav.dim != 0 { s.raw(",\"d\":"); s.number(nav.dim, places: 4) }
        if let m = nav.mask, m != 0 { s.raw(",\"m\":"); s.number(m, places: 4) }
        if nav.bar.shown != 1 { s.raw(",\"b\":"); s.number(nav.bar.shown, places: 4) }
        if !nav.bar.items.isEmpty {
            s.raw(",\"i\":[")
            for (i, item) in nav.bar.items.enumerated() {
                if i > 0 { s.byte(UInt8(ascii: ",")) }
                s.byte(UInt8(ascii: "["))
                s.int(title(item.title))
                s.raw(item.part == "back" ? ",1," : ",0,")
                s.number(item.x, places: 2)
                s.byte(UInt8(ascii: ","))
                s.number(item.alpha, places: 4)
                s.byte(UInt8(ascii: ","))
                if let c = item.chevron { s.number(c, places: 4) } else { s.raw("null") }
                s.byte(UInt8(ascii: ","))
                if let l = item.label { s.string(l) } else { s.raw("null") }
                s.byte(UInt8(ascii: "]"))
            }
            s.byte(UInt8(ascii: "]"))
        }
        if let snap = nav.snapshot {
            s.raw(",\"S\":[")
            s.int(title(snap.title))
            for v in [snap.x, snap.y, snap.width, snap.height] { s.byte(UInt8(ascii: ",")); s.number(v, places: 2) }
            s.byte(UInt8(ascii: "]"))
        }
        if nav.y != 0 { s.raw(",\"y\":"); s.number(nav.y, places: 2) }
        if let r = nav.transition { s.raw(",\"r\":"); s.string(r) }
        if let q = nav.progress { s.raw(",\"q\":"); s.number(q, places: 4) }
        if let b = nav.back { backSample(b, into: &s, titles: &title) }
        if let k = nav.sheet {
            s.raw(",\"k\":[")
            s.string(k.detent)
            s.byte(UInt8(ascii: ","))
            s.number(k.behindScale, places: 4)
            s.byte(UInt8(ascii: ","))
            s.number(k.behindY, places: 2)
            s.byte(UInt8(ascii: ","))
            s.number(k.behindDim, places: 4)
            s.byte(UInt8(ascii: "]"))
        }
        s.byte(UInt8(ascii: "}"))
    }

    private static func placed(_ p: NavigationSample.Placed, into s: inout JSONBytes, titles title: inout Titles) {
        s.byte(UInt8(ascii: "["))
        s.int(title(p.title))
        s.byte(UInt8(ascii: ","))
        s.number(p.x, places: 2)
        if !p.scrolls.isEmpty || !p.controls.isEmpty {
            s.raw(",[")
            for (i, v) in p.scrolls.enumerated() {
                if i > 0 { s.byte(UInt8(ascii: ",")) }
                s.byte(UInt8(ascii: "["))
                let values = [v.x, v.y, v.width, v.height, v.contentWidth, v.contentHeight, v.offsetX, v.offsetY]
                for (j, d) in values.enumerated() {
                    if j > 0 { s.byte(UInt8(ascii: ",")) }
                    s.number(d, places: 2)
                }
                s.byte(UInt8(ascii: "]"))
            }
            s.byte(UInt8(ascii: "]"))
        }
        if !p.controls.isEmpty {   // issue 35
            s.raw(",[")
            for (i, c) in p.controls.enumerated() {
                if i > 0 { s.byte(UInt8(ascii: ",")) }
                s.byte(UInt8(ascii: "["))
                s.int(["slider": 0, "swipe_row": 1][c.kind] ?? 2)
                for d in [c.x, c.y, c.width, c.height] {
                    s.byte(UInt8(ascii: ","))
                    s.number(d, places: 2)
                }
                s.byte(UInt8(ascii: ","))
                s.number(c.value, places: 4)
                s.raw(c.open ? ",1," : ",0,")
                s.number(c.actionsWidth, places: 2)
                s.byte(UInt8(ascii: "]"))
            }
            s.byte(UInt8(ascii: "]"))
        }
        s.byte(UInt8(ascii: "]"))
    }

    private static func touch(_ t: TouchSample, into s: inout JSONBytes) {
        s.byte(UInt8(ascii: "["))
        s.int(t.id)
        for (d, places) in [(t.location.x, 2), (t.location.y, 2), (t.translation.x, 2), (t.translation.y, 2),
                            (t.velocity.x, 1), (t.velocity.y, 1)] {
            s.byte(UInt8(ascii: ","))
            s.number(d, places: places)
        }
        s.byte(UInt8(ascii: "]"))
    }
}
