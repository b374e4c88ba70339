/// A value carried by a trace event field.
public enum TraceValue: Equatable, Sendable {
    case number(Double)
    case int(Int)
    case string(String)
    case bool(Bool)
    case point(Point)
}

/// One field of a trace event: its name and its value, written at the
/// call site as `[.int("nav", id), .string("screen", title)]`.
///
/// A struct, and the call site's array literal becomes the event's list:
/// as `(String, TraceValue)` tuples the fields were destroyed through the
/// runtime's generic tuple witness (~150 instructions a field), and the
/// dictionary literal they were written in was a second array. The name is
/// a literal of the engine's (StaticString): nothing to retain or release.
public struct TraceField: Equatable, Sendable {
    public let staticName: StaticString
    public let value: TraceValue

    public var name: String { staticName.description }

    public init(_ name: StaticString, _ value: TraceValue) {
        staticName = name
        self.value = value
    }

    public static func number(_ name: StaticString, _ v: Double) -> TraceField { TraceField(name, .number(v)) }
    public static func int(_ name: StaticString, _ v: Int) -> TraceField { TraceField(name, .int(v)) }
    public static func string(_ name: StaticString, _ v: String) -> TraceField { TraceField(name, .string(v)) }
    public static func bool(_ name: StaticString, _ v: Bool) -> TraceField { TraceField(name, .bool(v)) }
    public static func point(_ name: StaticString, _ v: Point) -> TraceField { TraceField(name, .point(v)) }

    public static func == (a: TraceField, b: TraceField) -> Bool { a.name == b.name && a.value == b.value }

    /// The name's UTF-8, without making a String of it.
    func appendName(to b: inout [UInt8]) {
        staticName.withUTF8Buffer { b.append(contentsOf: $0) }
    }
}

/// One thing that happened, stamped with the frame and its time.
public struct TraceEvent: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case touch, gesture, hook, lifecycle, push, pop, push_ignored, queued,
             transition, bar, present, dismiss, scroll, arena, error, pitfall, app,
             delegate, coordinator, sheet, control, back, back_to_home
    }

    public let nanos: Int
    public let frame: Int
    public let kind: Kind
    /// Fields in the order they were recorded, so printing is stable.
    public let fields: [TraceField]

    public init(nanos: Int, frame: Int, kind: Kind, fields: [TraceField]) {
        self.nanos = nanos
        self.frame = frame
        self.kind = kind
        self.fields = fields
    }

    public var seconds: Double { Double(nanos) / 1e9 }

    public subscript(name: String) -> TraceValue? {
        fields.first(where: { $0.name == name })?.value
    }

    /// One line, the same bytes for the same event on every run:
    /// `0.016667 #1 push screen=Detail animated=true`.
    public var text: String {
        var b: [UInt8] = []
        b.reserveCapacity(64 + 24 * fields.count)
        DecimalText.appendFixed(seconds, places: 6, to: &b)
        b.append(contentsOf: " #".utf8)
        DecimalText.appendInt(frame, to: &b)
        b.append(UInt8(ascii: " "))
        b.append(contentsOf: kind.rawValue.utf8)
        if !fields.isEmpty {
            b.append(UInt8(ascii: " "))
            appendFields(to: &b)
        }
        return String(decoding: b, as: UTF8.self)
    }

    /// The fields as `text` prints them: `screen=Detail animated=true`.
    public var fieldsText: String {
        var b: [UInt8] = []
        b.reserveCapacity(24 * fields.count)
        appendFields(to: &b)
        return String(decoding: b, as: UTF8.self)
    }

    /// `fieldsText`'s bytes, written into `b`.
    package func appendFields(to b: inout [UInt8]) {
        for (i, field) in fields.enumerated() {
            if i > 0 { b.append(UInt8(ascii: " ")) }
            field.appendName(to: &b)
            b.append(UInt8(ascii: "="))
            TraceEvent.append(field.value, to: &b)
        }
    }

    package static func text(of value: TraceValue) -> String {
        var b: [UInt8] = []
        append(value, to: &b)
        return String(decoding: b, as: UTF8.self)
    }

    /// A value as the trace's text writes it: numbers to 3 places, a string
    /// with a space quoted, a point as `(x,y)`.
    private static func append(_ value: TraceValue, to b: inout [UInt8]) {
        switch value {
        case .number(let d): appendNumber(d, places: 3, to: &b)
        case .int(let i): DecimalText.appendInt(i, to: &b)
        case .string(let s):
            let quoted = s.utf8.contains(UInt8(ascii: " "))
            if quoted { b.append(UInt8(ascii: "\"")) }
            b.append(contentsOf: s.utf8)
            if quoted { b.append(UInt8(ascii: "\"")) }
        case .bool(let v): b.append(contentsOf: (v ? "true" : "false").utf8)
        case .point(let p):
            b.append(UInt8(ascii: "("))
            appendNumber(p.x, places: 3, to: &b)
            b.append(UInt8(ascii: ","))
            appendNumber(p.y, places: 3, to: &b)
            b.append(UInt8(ascii: ")"))
        }
    }
}

/// `formatNumber`'s text, appended to `b`.
func appendNumber(_ d: Double, places: Int, to b: inout [UInt8]) {
    if !DecimalText.appendFixed(d, places: places, to: &b) { b.append(contentsOf: formatNumber(d, places: places).utf8) }
}

/// Fixed-point decimal text without Foundation: `places` digits, trailing
/// zeros trimmed ("0.35", "-12", "1.5"); "nan", "inf" and "-inf"; a number
/// too large for fixed point as Swift describes it.
public func formatNumber(_ d: Double, places: Int) -> String {
    guard d.isFinite else { return d.isNaN ? "nan" : (d < 0 ? "-inf" : "inf") }
    var b: [UInt8] = []
    b.reserveCapacity(24)
    guard DecimalText.appendFixed(d, places: places, to: &b) else { return String(d) }
    return String(decoding: b, as: UTF8.self)
}

extension TraceEvent {
    /// What a dropped slot of the trace's ring holds.
    static let dropped = TraceEvent(nanos: 0, frame: 0, kind: .app, fields: [])

    /// What keeping this event costs, in bytes (an estimate, for
    /// `MemoryAccount`): the event and its fields array, each field, and
    /// the UTF-8 of every string value too long to be stored inline (Swift
    /// keeps up to 15 bytes in the string itself). Field names are the
    /// engine's literals, which cost nothing.
    var retainedBytes: Int {
        var n = 64 + 32 + 40 * fields.count   // the event's slot, the array's header, the fields
        for field in fields {
            if case .string(let s) = field.value {
                let count = s.utf8.count
                if count > 15 { n += 32 + count }
            }
        }
        return n
    }
}

/// The record of a run: a bounded list of events and the subscribers told of
/// each one as it happens. It is bounded twice: by its count of events
/// (`limit`) and by the bytes they keep (`byteLimit`, as `retainedBytes`
/// counts them: a screen title of 100,000 characters is copied into each
/// event that names it); the oldest events are dropped first. What it keeps
/// is counted in the world's `MemoryAccount`.
public final class Trace {
    /// Most events kept; older ones are dropped first (0 keeps none).
    public let limit: Int
    /// Most bytes the kept events may hold (`TraceEvent.retainedBytes`).
    public let byteLimit: Int
    // @exclusivity(unchecked) on `kept` and `subscribers`: every event
    // appended read both with a run-time check each (~65 instructions a
    // check); every write to them is a plain assignment or an in-place
    // change (Ring's methods, append, removeAll) whose closures read only
    // the elements, and nothing they call (MemoryAccount's counter) reaches
    // the trace, so no two accesses can overlap (see World). Subscribers
    // are called by the world after append has returned.
    /// The events kept and their counts, in one value so that an append
    /// is one access to the trace's storage.
    @exclusivity(unchecked) private var kept = Ring()
    public var count: Int { kept.count }
    public var dropped: Int { kept.dropped }
    public var recorded: Int { kept.recorded }
    /// Bytes the kept events hold now.
    public var bytes: Int { kept.bytes }
    private let account: MemoryAccount

    public typealias Subscriber = (TraceEvent) throws -> Void
    @exclusivity(unchecked) private var subscribers: [(id: Int, kind: TraceEvent.Kind?, fn: Subscriber)] = []
    private var nextSubscriberID = 1

    /// What one subscription costs the engine, in bytes (an estimate: the
    /// entry, the closure's context, the embedder's reference to its
    /// function; 1,000,000 subscriptions measured 250 MB of resident
    /// memory beyond the Lua heap).
    public static let subscriberBytes = 256

    public init(limit: Int, byteLimit: Int = WorldConfig.defaultTraceBytes, account: MemoryAccount = MemoryAccount()) {
        self.limit = max(0, limit)
        self.byteLimit = max(0, byteLimit)
        self.account = account
    }

    deinit { account.add(-(kept.bytes + subscribers.count * Trace.subscriberBytes)) }

    public var events: [TraceEvent] { kept.events }

    /// Stores `event` and returns the subscribers to tell; the world calls
    /// them, since they are user code.
    func append(_ event: TraceEvent) -> [Subscriber] {
        let change = kept.append(event, limit: limit, byteLimit: byteLimit)
        if change != 0 { account.add(change) }
        if subscribers.isEmpty { return [] }
        return subscribers.compactMap { $0.kind == nil || $0.kind == event.kind ? $0.fn : nil }
    }

    /// The ring of kept events: `count` of them from `first`, wrapping
    /// around; a dropped slot holds `TraceEvent.dropped` (nothing kept).
    private struct Ring {
        var events_: [TraceEvent] = []
        var sizes: [Int] = []
        var first = 0
        var count = 0
        var dropped = 0
        var recorded = 0
        var bytes = 0

        var events: [TraceEvent] {
            if first == 0 && count == events_.count { return events_ }
            return (0..<count).map { events_[(first + $0) % events_.count] }
        }

        /// Keeps `event`, the oldest going first as the bounds require;
        /// returns the change in bytes kept.
        mutating func append(_ event: TraceEvent, limit: Int, byteLimit: Int) -> Int {
            recorded += 1
            let size = event.retainedBytes
            guard limit > 0 && size <= byteLimit else {
                dropped += 1
                return 0
            }
            let before = bytes
            // room first, the oldest going: then the event takes a free slot
            while count > 0 && (count >= limit || bytes + size > byteLimit) { dropOldest() }
            if count < events_.count {
                let slot = (first + count) % events_.count
                events_[slot] = event
                sizes[slot] = size
            } else {
                if first != 0 {   // a full ring that grows again: unwrap it once
                    events_ = Array(events_[first...] + events_[..<first])
                    sizes = Array(sizes[first...] + sizes[..<first])
                    first = 0
                }
                events_.append(event)
                sizes.append(size)
            }
            count += 1
            bytes += size
            return bytes - before
        }

        private mutating func dropOldest() {
            bytes -= sizes[first]
            events_[first] = TraceEvent.dropped
            first = (first + 1) % events_.count
            count -= 1
            dropped += 1
        }
    }

    public func subscribe(kind: TraceEvent.Kind?, _ fn: @escaping Subscriber) -> Int {
        let id = nextSubscriberID
        nextSubscriberID += 1
        subscribers.append((id, kind, fn))
        account.add(Trace.subscriberBytes)
        return id
    }

    func removeSubscribers() {
        account.add(-subscribers.count * Trace.subscriberBytes)
        subscribers.removeAll()
    }

    public func unsubscribe(_ id: Int) {
        let before = subscribers.count
        subscribers.removeAll { $0.id == id }
        account.add(-(before - subscribers.count) * Trace.subscriberBytes)
    }
}
