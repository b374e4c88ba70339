import NavLuaEngine

/// Android's `adb shell getevent -lt` text to touch records (manual §5.1):
/// the kernel's multi-touch protocol B. `ABS_MT_SLOT` picks a contact,
/// `ABS_MT_TRACKING_ID` starts one (its id names the finger) or ends it
/// (ffffffff), `ABS_MT_POSITION_X`/`_Y` move it in raw axis units, and each
/// `SYN_REPORT` is one sample of every contact it changed, at the time in
/// brackets. Raw units 0..XMAX and 0..YMAX (`getevent -p` prints them) are
/// scaled to the screen's points. Other lines (device headers, other
/// events) are skipped; a line that is an event but cannot be read is an
/// error naming it.
///
/// Source: the Linux kernel's Documentation/input/multi-touch-protocol.rst
/// (protocol B: slots, tracking ids, -1 ends a contact) and getevent's
/// `-l` (labels) and `-t` (times) output.
public struct GeteventTouchLog {
    public let screen: (width: Double, height: Double)
    public let axes: (x: Double, y: Double)

    public init(screen: (width: Double, height: Double), axes: (x: Double, y: Double)) {
        self.screen = screen
        self.axes = axes
    }

    private struct Contact {
        var id: Int?
        var x = 0.0, y = 0.0
        var began = false, moved = false, ended = false
        var endedID: Int?
    }

    public func records(_ text: String, name: String) throws(NavError) -> [TouchRecord] {
        var records: [TouchRecord] = []
        var contacts: [Int: Contact] = [:]
        var slot = 0
        var t0: Double?
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            // "[   12345.678901] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 000001f4"
            guard let open = line.firstIndex(of: "["), let close = line.firstIndex(of: "]"), open < close else { continue }
            let words = line[line.index(after: close)...].split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let type = words.first(where: { $0.hasPrefix("EV_") }) else { continue }
            func bad(_ why: String) -> NavError { .badCall("\(name):\(number): \(why)") }
            guard let time = Double(line[line.index(after: open)..<close].trimmingSpaces), time.isFinite, time >= 0 else {
                throw bad("the time in brackets is not a number")
            }
            guard let at = words.firstIndex(of: type), words.count >= at + 3 else { throw bad("an event without its code and value") }
            let code = words[at + 1], valueText = words[at + 2]
            switch type {
            case "EV_ABS":
                guard let u = UInt32(valueText, radix: 16) else { throw bad("the value '\(valueText)' is not hexadecimal") }
                let value = Int(Int32(bitPattern: u))
                switch code {
                case "ABS_MT_SLOT":
                    guard value >= 0, value < 64 else { throw bad("slot \(value) is out of range") }
                    slot = value
                case "ABS_MT_TRACKING_ID":
                    var c = contacts[slot] ?? Contact()
                    if value < 0 {
                        if c.id != nil { c.ended = true; c.endedID = c.id; c.id = nil }
                    } else if c.id != value {
                        c.id = value
                        c.began = true
                    }
                    contacts[slot] = c
                case "ABS_MT_POSITION_X":
                    contacts[slot, default: Contact()].x = Double(value) / axes.x * screen.width
                    contacts[slot, default: Contact()].moved = true
                case "ABS_MT_POSITION_Y":
                    contacts[slot, default: Contact()].y = Double(value) / axes.y * screen.height
                    contacts[slot, default: Contact()].moved = true
                default: break
                }
            case "EV_SYN" where code == "SYN_REPORT":
                let start = t0 ?? time
                t0 = start
                guard time >= (records.last.map { $0.t + start } ?? start) else {
                    throw bad("out of order: the time goes back")
                }
                for s in contacts.keys.sorted() {
                    guard var c = contacts[s] else { continue }
                    if c.ended, let id = c.endedID {
                        records.append(TouchRecord(t: time - start, id: id, phase: .up, x: c.x, y: c.y))
                    }
                    if c.began, let id = c.id {
                        records.append(TouchRecord(t: time - start, id: id, phase: .down, x: c.x, y: c.y))
                    } else if c.moved, let id = c.id {
                        records.append(TouchRecord(t: time - start, id: id, phase: .move, x: c.x, y: c.y))
                    }
                    c.began = false; c.moved = false; c.ended = false; c.endedID = nil
                    contacts[s] = c
                }
            default: break
            }
        }
        return records
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return s
    }
}
