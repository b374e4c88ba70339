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
             delegate, coordinator, sheet
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

/// The record of a run: a bounded list of events and the subscribers told of
/// each one as it happens.
public final class Trace {
    /// Most events kept; older ones are dropped first (0 keeps none).
    public let limit: Int
    private var ring: [TraceEvent] = []
    private var head = 0
    public private(set) var dropped = 0
    public private(set) var recorded = 0

    public typealias Subscriber = (TraceEvent) throws -> Void
    private var subscribers: [(id: Int, kind: TraceEvent.Kind?, fn: Subscriber)] = []
    private var nextSubscriberID = 1

    public init(limit: Int) { self.limit = max(0, limit) }

    public var events: [TraceEvent] {
        if ring.count < limit || head == 0 { return ring }
        return Array(ring[head...] + ring[..<head])
    }

    public var count: Int { ring.count }

    /// Stores `event` and returns the subscribers to tell; the world calls
    /// them, since they are user code.
    func append(_ event: TraceEvent) -> [Subscriber] {
        recorded += 1
        if limit > 0 {
            if ring.count < limit {
                ring.append(event)
            } else {
                ring[head] = event
                head = (head + 1) % limit
                dropped += 1
            }
        } else {
            dropped += 1
        }
        if subscribers.isEmpty { return [] }
        return subscribers.compactMap { $0.kind == nil || $0.kind == event.kind ? $0.fn : nil }
    }

    public func subscribe(kind: TraceEvent.Kind?, _ fn: @escaping Subscriber) -> Int {
        let id = nextSubscriberID
        nextSubscriberID += 1
        subscribers.append((id, kind, fn))
        return id
    }

    func removeSubscribers() { subscribers.removeAll() }

    public func unsubscribe(_ id: Int) {
        subscribers.removeAll { $0.id == id }
    }
}
