/// A value carried by a trace event field.
public enum TraceValue: Equatable, Sendable {
    case number(Double)
    case int(Int)
    case string(String)
    case bool(Bool)
    case point(Point)
}

/// One thing that happened, stamped with the frame and its time.
public struct TraceEvent: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case touch, gesture, hook, lifecycle, push, pop, push_ignored, queued,
             transition, bar, present, dismiss, scroll, arena, error, pitfall, app,
             delegate, coordinator
    }

    public let nanos: Int
    public let frame: Int
    public let kind: Kind
    /// Fields in the order they were recorded, so printing is stable.
    public let fields: [(String, TraceValue)]

    public var seconds: Double { Double(nanos) / 1e9 }

    public subscript(name: String) -> TraceValue? {
        fields.first(where: { $0.0 == name })?.1
    }

    /// One line, the same bytes for the same event on every run:
    /// `0.016667 #1 push screen=Detail animated=true`.
    public var text: String {
        var s = formatNumber(seconds, places: 6) + " #\(frame) " + kind.rawValue
        for (name, value) in fields {
            s += " " + name + "=" + TraceEvent.text(of: value)
        }
        return s
    }

    package static func text(of value: TraceValue) -> String {
        switch value {
        case .number(let d): return formatNumber(d, places: 3)
        case .int(let i): return String(i)
        case .string(let s): return s.contains(" ") ? "\"" + s + "\"" : s
        case .bool(let b): return b ? "true" : "false"
        case .point(let p): return "(" + formatNumber(p.x, places: 3) + "," + formatNumber(p.y, places: 3) + ")"
        }
    }
}

/// Fixed-point decimal text without Foundation: `places` digits, trailing
/// zeros trimmed ("0.35", "-12", "1.5").
public func formatNumber(_ d: Double, places: Int) -> String {
    guard d.isFinite else { return d.isNaN ? "nan" : (d < 0 ? "-inf" : "inf") }
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = (abs(d) * scale).rounded()
    guard scaled < 9e18 else { return String(d) }
    let n = UInt64(scaled)
    let unit = UInt64(scale)
    var whole = String(n / unit)
    var frac = String(n % unit)
    while frac.count < places { frac = "0" + frac }
    while frac.hasSuffix("0") { frac.removeLast() }
    if d < 0 && n != 0 { whole = "-" + whole }
    return frac.isEmpty ? whole : whole + "." + frac
}

extension TraceEvent {
    /// What keeping this event costs, in bytes (an estimate, for
    /// `MemoryAccount`): the event and its fields array, each field's name
    /// and value, and the UTF-8 of every string too long to be stored
    /// inline (Swift keeps up to 15 bytes in the string itself).
    var retainedBytes: Int {
        var n = 64 + 32   // the event in its array slot, the fields array's header
        for (name, value) in fields {
            n += 40   // the field: a name and a value
            if name.utf8.count > 15 { n += 32 + name.utf8.count }
            if case .string(let s) = value, s.utf8.count > 15 { n += 32 + s.utf8.count }
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
    /// The events kept, oldest first from `start` (nil: dropped, not yet
    /// compacted away).
    private var kept: [TraceEvent?] = []
    private var start = 0
    public private(set) var dropped = 0
    public private(set) var recorded = 0
    /// Bytes the kept events hold now.
    public private(set) var bytes = 0
    private let account: MemoryAccount

    public typealias Subscriber = (TraceEvent) throws -> Void
    private var subscribers: [(id: Int, kind: TraceEvent.Kind?, fn: Subscriber)] = []
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

    deinit { account.add(-(bytes + subscribers.count * Trace.subscriberBytes)) }

    public var events: [TraceEvent] { kept[start...].map { $0! } }

    public var count: Int { kept.count - start }

    /// Stores `event` and returns the subscribers to tell; the world calls
    /// them, since they are user code.
    func append(_ event: TraceEvent) -> [Subscriber] {
        recorded += 1
        let size = event.retainedBytes
        if limit > 0 && size <= byteLimit {
            kept.append(event)
            bytes += size
            account.add(size)
            while count > limit || bytes > byteLimit { dropOldest() }
        } else {
            dropped += 1
        }
        if subscribers.isEmpty { return [] }
        return subscribers.compactMap { $0.kind == nil || $0.kind == event.kind ? $0.fn : nil }
    }

    private func dropOldest() {
        let size = kept[start]!.retainedBytes
        kept[start] = nil
        start += 1
        bytes -= size
        account.add(-size)
        dropped += 1
        // compact now and then: each event is moved O(1) times on average
        if start >= 1024 && start * 2 >= kept.count {
            kept.removeFirst(start)
            start = 0
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
