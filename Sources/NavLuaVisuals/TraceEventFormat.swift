import NavLuaEngine

/// The trace in Chrome's Trace Event format, which Perfetto
/// (ui.perfetto.dev) and chrome://tracing open, and as JSON Lines.
///
/// Chrome format: one process "navlua"; tracks (threads) for touches,
/// hooks and the world, and per navigation one for its calls and
/// lifecycle, one for transitions and one for gestures.
/// - a transition is a complete span ("X") from its `begin` event to its
///   `finish` or `cancel`; a pop gesture from `began` to `ended` or
///   `cancelled`; a scroll gesture likewise. A span still open when the run
///   ended is a "B" event without its "E".
/// - every other trace event (touch, hook, lifecycle, push, pop, a failed
///   gesture, ...) is an instant ("i") whose args are its fields.
/// - with frame samples, counters ("C") per navigation: `x` (top, below),
///   `dim` (or `mask` in the snapshot style), `progress`, and the finger's
///   `pan` (translation and velocity along x). A counter is written when
///   its value changes.
/// Timestamps are microseconds of the virtual clock.
public enum TraceEventFormat {
    static let pid = 1

    /// Tracks, as thread ids.
    package enum Track {
        static let touches = 1
        static let hooks = 2
        static let world = 3
        static func calls(_ nav: Int) -> Int { 10 * nav }
        static func transitions(_ nav: Int) -> Int { 10 * nav + 1 }
        static func gestures(_ nav: Int) -> Int { 10 * nav + 2 }
        static let scroll = 4
    }

    /// The whole trace as a Chrome Trace Event JSON object.
    public static func chromeJSON(events: [TraceEvent], samples: [FrameSample] = [],
                                  dropped: Int = 0) -> String {
        var text = ""
        writeChromeJSON(events: events, samples: samples, dropped: dropped) { text += $0 }
        return text
    }

    /// The same, handed to `emit` a line at a time: the file is never
    /// whole in memory, nor a list of its lines (a 32 MiB trace is written
    /// with no more memory than its largest event takes).
    public static func writeChromeJSON(events: [TraceEvent], samples: [FrameSample] = [],
                                       dropped: Int = 0, to emit: (String) -> Void) {
        let (ends, closing) = spans(events)
        var tids = Set<Int>()
        for (i, event) in events.enumerated() where !closing.contains(i) { tids.insert(trackAndName(event).0) }
        for sample in samples {
            for nav in sample.navigations { tids.insert(Track.calls(nav.nav)) }
        }
        if !samples.isEmpty { tids.insert(Track.touches) }

        var first = true
        func add(_ line: String) {
            emit(first ? "{\"traceEvents\":[\n" + line : ",\n" + line)
            first = false
        }
        add(meta("process_name", tid: 0, ["name": JSONText.string("navlua")]))
        for tid in tids.sorted() {
            add(meta("thread_name", tid: tid, ["name": JSONText.string(trackName(tid))]))
            add(meta("thread_sort_index", tid: tid, ["sort_index": String(tid)]))
        }
        // events and counters merged by time, events first on equal times
        var counters = CounterStream(samples)
        for (i, event) in events.enumerated() where !closing.contains(i) {
            while let c = counters.peek(), c.nanos < event.nanos {
                add(c.json)
                counters.next()
            }
            let (tid, name) = trackAndName(event)
            let end: SpanEnd = ends[i].map { $0 < 0 ? .open : .closed(events[$0]) } ?? .instant
            add(json(event, tid: tid, name: name, end: end))
        }
        while let c = counters.peek() {
            add(c.json)
            counters.next()
        }
        emit("\n],\"displayTimeUnit\":\"ms\",\"otherData\":"
             + JSONText.object([("generator", JSONText.string("navlua")), ("dropped_events", String(dropped))])
             + "}\n")
    }

    /// One JSON object per trace event per line:
    /// `{"t":0.35,"frame":21,"kind":"transition","nav":1,"phase":"finish",...}`.
    public static func jsonLines(events: [TraceEvent]) -> String {
        var text = ""
        writeJSONLines(events: events) { text += $0 }
        return text
    }

    /// The same, handed to `emit` a line at a time.
    public static func writeJSONLines(events: [TraceEvent], to emit: (String) -> Void) {
        for event in events {
            var pairs: [(String, String)] = [("t", JSONText.seconds(event.nanos)), ("frame", String(event.frame)),
                                             ("kind", JSONText.string(event.kind.rawValue))]
            for field in event.fields where !["t", "frame", "kind"].contains(field.name) {
                pairs.append((field.name, JSONText.value(field.value)))
            }
            emit(JSONText.object(pairs) + "\n")
        }
    }

    // MARK: spans

    /// The end of a span: the event that closed it, or nil while open.
    package enum SpanEnd { case instant, open, closed(TraceEvent) }

    /// Each event that is written, with how it ends: span starts are
    /// paired with the event that closes them; closing events are folded
    /// into their span and not written again.
    static func paired(_ events: [TraceEvent]) -> [(TraceEvent, SpanEnd)] {
        let (ends, closing) = spans(events)
        return events.indices.filter { !closing.contains($0) }.map { i in
            (events[i], ends[i].map { $0 < 0 ? SpanEnd.open : .closed(events[$0]) } ?? .instant)
        }
    }

    /// The spans by index: each start's closing event (-1 while open), and
    /// the closing events, which are folded into their span. Only spans
    /// take room, not every event.
    static func spans(_ events: [TraceEvent]) -> (ends: [Int: Int], closing: Set<Int>) {
        var ends: [Int: Int] = [:]
        var closing = Set<Int>()
        var open: [String: Int] = [:]   // span key -> index of its start
        for (i, event) in events.enumerated() {
            guard let (key, starts) = spanRole(event) else { continue }
            if starts {
                open[key] = i
                ends[i] = -1
            } else if let start = open.removeValue(forKey: key) {
                ends[start] = i
                closing.insert(i)
            }
            // else an instant: its start was dropped from the trace
        }
        return (ends, closing)
    }

    /// The span an event starts or ends, if it does.
    static func spanRole(_ e: TraceEvent) -> (key: String, starts: Bool)? {
        switch e.kind {
        case .transition:
            let key = "transition \(e["nav"].map(TraceEvent.text) ?? "")"
            return (key, e["phase"] == .string("begin"))
        case .gesture:
            let recognizer = e["recognizer"].map(TraceEvent.text) ?? ""
            let owner = recognizer == "scroll" ? e["view"] : e["nav"]
            let key = "gesture \(recognizer) \(owner.map(TraceEvent.text) ?? "")"
            switch e["state"] {
            case .string("began"): return (key, true)
            case .string("ended"), .string("cancelled"): return (key, false)
            default: return nil
            }
        default:
            return nil
        }
    }

    static func trackAndName(_ e: TraceEvent) -> (Int, String) {
        let nav: Int? = if case .int(let n)? = e["nav"] { n } else { nil }
        func text(_ name: String) -> String { e[name].map(TraceEvent.text) ?? "?" }
        switch e.kind {
        case .touch:
            return (Track.touches, "touch \(text("id")) \(text("phase"))")
        case .hook:
            // a gesture delegate's method is the navigation's, not a screen's
            let owner = e["screen"] == nil ? "gesture_delegate of nav \(text("nav"))" : text("screen")
            return (Track.hooks, "\(owner).\(text("name")) -> \(text("result"))")
        case .lifecycle:
            return (nav.map(Track.calls) ?? Track.world, "\(text("screen")).\(text("name"))")
        case .transition:
            return (nav.map(Track.transitions) ?? Track.world, "\(text("what")) \(text("screen"))")
        case .gesture:
            if e["recognizer"] == .string("scroll") {
                return (Track.scroll, "scroll view \(text("view")) \(text("state"))")
            }
            let name = e["state"] == .string("failed")
                ? "pop gesture failed (\(text("refused_by")))" : "pop gesture"
            return (nav.map(Track.gestures) ?? Track.world, name)
        case .scroll:
            return (Track.scroll, "scroll view \(text("view")) page \(text("page"))")
        case .arena:
            return (nav.map(Track.gestures) ?? Track.world, "arena: \(text("winner")) wins")
        case .error:
            return (Track.world, "error")
        case .app:
            return (Track.world, "app \(text("phase"))")
        case .pitfall:
            return (nav.map(Track.calls) ?? Track.world, "pitfall \(text("name"))")
        case .queued:
            return (nav.map(Track.calls) ?? Track.world, "queued \(text("call"))")
        case .bar:
            return (nav.map(Track.calls) ?? Track.world, "bar hidden=\(text("hidden"))")
        case .push, .pop, .push_ignored:
            return (nav.map(Track.calls) ?? Track.world, "\(e.kind.rawValue) \(text("screen"))")
        case .present, .dismiss:
            return (nav.map(Track.calls) ?? Track.world, e.kind.rawValue)
        case .delegate:
            return (Track.hooks, "delegate of nav \(text("nav")).\(text("name")) \(text("screen"))")
        case .coordinator:
            return (Track.hooks, "coordinator of nav \(text("nav")) \(text("callback"))")
        case .sheet:
            return (nav.map(Track.gestures) ?? Track.world, "sheet pull \(text("phase"))")
        case .control:   // issue 35
            return (Track.scroll, "control \(text("id")) \(text("phase"))")
        case .back:
            let why = e["reason"].map { " (" + TraceEvent.text(of: $0) + ")" } ?? ""
            return (nav.map(Track.gestures) ?? Track.world, "back \(text("phase"))\(why)")
        case .back_to_home:
            return (nav.map(Track.calls) ?? Track.world, "back to home")
        }
    }

    static func trackName(_ tid: Int) -> String {
        switch tid {
        case Track.touches: return "touches"
        case Track.hooks: return "hooks"
        case Track.world: return "world"
        case Track.scroll: return "scroll views"
        default:
            let nav = tid / 10
            switch tid % 10 {
            case 0: return "nav \(nav)"
            case 1: return "nav \(nav) transitions"
            case 2: return "nav \(nav) gestures"
            default: return "nav \(nav) counters"
            }
        }
    }

    static func args(_ e: TraceEvent) -> [(String, String)] {
        [("frame", String(e.frame))] + e.fields.map { ($0.name, JSONText.value($0.value)) }
    }

    static func json(_ e: TraceEvent, tid: Int, name: String, end: SpanEnd) -> String {
        var pairs: [(String, String)] = [
            ("name", JSONText.string(name)), ("cat", JSONText.string(e.kind.rawValue)),
        ]
        var args = self.args(e)
        switch end {
        case .instant:
            pairs += [("ph", "\"i\""), ("s", "\"t\"")]
        case .open:
            pairs.append(("ph", "\"B\""))
        case .closed(let last):
            pairs += [("ph", "\"X\""), ("dur", JSONText.microseconds(last.nanos - e.nanos))]
            args.append(("end", JSONText.object(self.args(last))))
        }
        pairs += [("ts", JSONText.microseconds(e.nanos)), ("pid", String(pid)), ("tid", String(tid)),
                  ("args", JSONText.object(args))]
        return JSONText.object(pairs)
    }

    static func meta(_ name: String, tid: Int, _ args: KeyValuePairs<String, String>) -> String {
        JSONText.object([("name", JSONText.string(name)), ("ph", "\"M\""), ("pid", String(pid)),
                         ("tid", String(tid)), ("args", JSONText.object(args.map { ($0.key, $0.value) }))])
    }

    // MARK: counters

    package struct Counter { let nanos: Int; let tid: Int; let json: String }

    /// Counter events from the frame samples, each written only when its
    /// values changed since it was last written.
    static func counters(_ samples: [FrameSample]) -> [Counter] {
        var last: [String: String] = [:]
        return samples.flatMap { counters($0, last: &last) }
    }

    /// One sample's counters whose values differ from `last` (updated).
    static func counters(_ sample: FrameSample, last: inout [String: String]) -> [Counter] {
        var result: [Counter] = []
        func counter(_ name: String, tid: Int, _ sample: FrameSample, _ values: [(String, Double)]) {
            let args = JSONText.object(values.map { ($0.0, JSONText.number($0.1, places: 3)) })
            guard last[name] != args else { return }
            last[name] = args
            result.append(Counter(nanos: sample.nanos, tid: tid, json: JSONText.object([
                ("name", JSONText.string(name)), ("ph", "\"C\""), ("ts", JSONText.microseconds(sample.nanos)),
                ("pid", String(pid)), ("tid", String(tid)), ("args", args),
            ])))
        }
        for nav in sample.navigations {
            let tid = Track.calls(nav.nav)
            var x: [(String, Double)] = []
            if let top = nav.top { x.append(("top", top.x)) }
            if let below = nav.below { x.append(("below", below.x)) }
            counter("nav \(nav.nav) x", tid: tid, sample, x)
            if let mask = nav.mask {
                counter("nav \(nav.nav) mask", tid: tid, sample, [("mask", mask)])
            } else {
                counter("nav \(nav.nav) dim", tid: tid, sample, [("dim", nav.dim)])
            }
            counter("nav \(nav.nav) progress", tid: tid, sample, [("progress", nav.progress ?? 0)])
        }
        let t = sample.touch
        counter("pan", tid: Track.touches, sample, [("translation_x", t?.translation.x ?? 0),
                                                   ("velocity_x", t?.velocity.x ?? 0)])
        return result
    }

    /// The counters of `samples` one at a time, as `counters` lists them,
    /// made a sample at a time.
    struct CounterStream {
        private let samples: [FrameSample]
        private var nextSample = 0
        private var pending: [Counter] = []
        private var index = 0
        private var last: [String: String] = [:]

        init(_ samples: [FrameSample]) { self.samples = samples }

        mutating func peek() -> Counter? {
            while index == pending.count {
                guard nextSample < samples.count else { return nil }
                pending = TraceEventFormat.counters(samples[nextSample], last: &last)
                index = 0
                nextSample += 1
            }
            return pending[index]
        }

        mutating func next() { index += 1 }
    }
}
