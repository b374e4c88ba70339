import NavLuaEngine

/// Chrome DevTools Protocol `Input.dispatchTouchEvent` to touch records
/// (manual §5.1): one command a line (JSON Lines) or a JSON array of them,
/// each the command (`{"method": "Input.dispatchTouchEvent", "params":
/// {...}}`) or its params alone (`{"type": ..., "touchPoints": [...],
/// "timestamp": ...}`). Source: the protocol's Input domain:
/// `touchStart` and `touchMove` list the active points, `touchEnd` and
/// `touchCancel` "must not contain any touch points" (they end every
/// active one; navlua also takes a list of the points that end). A point's
/// `id` tracks it between events (default: its place in the list); x and y
/// are CSS pixels, taken as points. `timestamp` is seconds; an event without
/// one comes 1/60 s after the one before (navlua's choice).
public enum CDPTouchLog {
    public static func records(_ text: String, name: String) throws(NavError) -> [TouchRecord] {
        var events: [(JSONValue, String)] = []
        let trimmed = Substring(text).trimmingSpaces.drop(while: { $0 == "\n" || $0 == "\r" })
        if trimmed.first == "[" {
            let all: JSONValue
            do { all = try JSONValue.parse(text) } catch { throw .badCall("\(name): not a JSON array (\(error))") }
            guard case .array(let items) = all else { throw .badCall("\(name): not a JSON array") }
            for (i, item) in items.enumerated() { events.append((item, "\(name): event \(i + 1)")) }
        } else {
            var number = 0
            for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
                number += 1
                let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
                if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
                do { events.append((try JSONValue.parse(String(line)), "\(name):\(number)")) } catch {
                    throw .badCall("\(name):\(number): not a JSON object (\(error))")
                }
            }
        }
        var records: [TouchRecord] = []
        var active: [Int: (x: Double, y: Double)] = [:]
        var t0: Double?
        var last = 0.0
        for (event, at) in events {
            let params = event["params"] ?? event
            if let method = event["method"]?.string, method != "Input.dispatchTouchEvent" { continue }
            guard let type = params["type"]?.string else { throw .badCall("\(at): 'type' must be a string") }
            var t: Double
            if let stamp = params["timestamp"] {
                guard let s = stamp.number else { throw .badCall("\(at): 'timestamp' must be a number") }
                let start = t0 ?? s
                t0 = start
                t = s - start
            } else {
                t = records.isEmpty ? 0 : last + 1.0 / 60
            }
            guard t >= last else { throw .badCall("\(at): out of order: the timestamp goes back") }
            last = t
            var points: [(id: Int, x: Double, y: Double)] = []
            if let list = params["touchPoints"] {
                guard case .array(let items) = list else { throw .badCall("\(at): 'touchPoints' must be an array") }
                for (i, p) in items.enumerated() {
                    guard let x = p["x"]?.number, let y = p["y"]?.number else {
                        throw .badCall("\(at): touchPoints[\(i + 1)] needs numbers x and y")
                    }
                    let id = p["id"].map { $0.number } ?? Double(i)
                    guard let n = id, n == n.rounded(), abs(n) < 1e15 else {
                        throw .badCall("\(at): touchPoints[\(i + 1)].id must be an integer")
                    }
                    points.append((Int(n), x, y))
                }
            }
            switch type {
            case "touchStart", "touchMove":
                guard !points.isEmpty else { throw .badCall("\(at): \(type) needs at least one touch point") }
                for p in points {
                    let phase: TouchRecord.Phase = active[p.id] == nil ? .down : .move
                    if phase == .down && type == "touchMove" {
                        throw .badCall("\(at): a touchMove of touch \(p.id), which is not down (no touchStart)")
                    }
                    // a touchStart lists the points already down too: unmoved, no record
                    if type == "touchStart", let at = active[p.id], at == (p.x, p.y) { continue }
                    active[p.id] = (p.x, p.y)
                    records.append(TouchRecord(t: t, id: p.id, phase: phase, x: p.x, y: p.y))
                }
            case "touchEnd", "touchCancel":
                let phase: TouchRecord.Phase = type == "touchEnd" ? .up : .cancel
                let ending = points.isEmpty ? active.keys.sorted() : points.map(\.id)
                for id in ending {
                    guard let at0 = active.removeValue(forKey: id) else {
                        throw .badCall("\(at): \(type) of touch \(id), which is not down")
                    }
                    let p = points.first(where: { $0.id == id }).map { ($0.x, $0.y) } ?? at0
                    records.append(TouchRecord(t: t, id: id, phase: phase, x: p.0, y: p.1))
                }
            default:
                throw .badCall("\(at): unknown type '\(type)' (expected touchStart, touchMove, touchEnd or touchCancel)")
            }
        }
        return records
    }
}
