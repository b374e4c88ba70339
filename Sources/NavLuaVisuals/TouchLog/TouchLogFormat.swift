import NavLuaEngine

/// navlua's touch log: JSON Lines, one sample a line (manual §5.1), the
/// format `navlua.replay_touches` reads and `navlua touches import` writes,
/// for other tools to write too:
///
///     {"t":0,"id":1,"phase":"down","x":100,"y":400}
///
/// `t` seconds (from any origin: the first record is played first), `id`
/// an integer naming the finger, `phase` down, move, up or cancel, `x` and
/// `y` points. Blank lines are skipped; other keys are left alone.
public enum TouchLogFormat {
    /// A record and the line it came from (1-based).
    public struct Line: Equatable, Sendable {
        public let record: TouchRecord
        public let line: Int
    }

    /// The records of `text`; a line that is not one is an error naming it.
    public static func read(_ text: String, name: String) throws(NavError) -> [Line] {
        var lines: [Line] = []
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            let value: JSONValue
            do { value = try JSONValue.parse(String(line)) } catch {
                throw .badCall("\(name):\(number): not a JSON object (\(error))")
            }
            lines.append(Line(record: try record(value, at: "\(name):\(number)"), line: number))
        }
        return lines
    }

    /// One record from a JSON object (`at` names it in an error).
    public static func record(_ v: JSONValue, at: String) throws(NavError) -> TouchRecord {
        guard case .object = v else { throw .badCall("\(at): a record must be a JSON object") }
        func number(_ key: String) throws(NavError) -> Double {
            guard let d = v[key]?.number else { throw .badCall("\(at): '\(key)' must be a number") }
            return d
        }
        guard let name = v["phase"]?.string else { throw .badCall("\(at): 'phase' must be a string") }
        guard let phase = TouchRecord.Phase(rawValue: name) else {
            throw .badCall("\(at): unknown phase '\(name)' (expected down, move, up or cancel)")
        }
        let id = v["id"] == nil ? 1 : try number("id")
        guard id == id.rounded(), abs(id) < 1e15 else { throw .badCall("\(at): 'id' must be an integer") }
        return TouchRecord(t: try number("t"), id: Int(id), phase: phase, x: try number("x"), y: try number("y"))
    }

    /// The records as JSON Lines: whole numbers as integers, others with at
    /// most six decimals (a microsecond, a millionth of a point).
    public static func write(_ records: [TouchRecord]) -> String {
        var out = ""
        for r in records {
            out += "{\"t\":\(text(r.t)),\"id\":\(r.id),\"phase\":\"\(r.phase.rawValue)\",\"x\":\(text(r.x)),\"y\":\(text(r.y))}\n"
        }
        return out
    }

    private static func text(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : formatNumber(d, places: 6)
    }
}
