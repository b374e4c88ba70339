import NavLuaEngine

/// A run as one self-contained HTML page (SPEC v2 §13): the recorded
/// frames and the trace as data (ReplayData), and the page's own markup,
/// style and script (the files in Web/, embedded at build time) inline, so
/// that it opens from disk with no network.
public enum ReplayHTML {
    /// The replay of `samples` (frame by frame) and `events` (the trace;
    /// `dropped` of its oldest events were not kept).
    public static func document(samples: [FrameSample], events: [TraceEvent], dropped: Int = 0,
                                title: String = "navlua replay") -> String {
        String(decoding: bytes(samples: samples, events: events, dropped: dropped, title: title), as: UTF8.self)
    }

    /// The same page as UTF-8 bytes.
    public static func bytes(samples: [FrameSample], events: [TraceEvent], dropped: Int = 0,
                             title: String = "navlua replay") -> [UInt8] {
        var all: [UInt8] = []
        write(samples: samples, events: events, dropped: dropped, title: title) { all += $0 }
        return all
    }

    /// The same page handed to `emit` in pieces: the data is written as it
    /// is made (ReplayData.write), never whole in memory.
    public static func write(samples: [FrameSample], events: [TraceEvent], dropped: Int = 0,
                             title: String = "navlua replay", to emit: ([UInt8]) -> Void) {
        let template = Array(EmbeddedWeb.replayHtml.utf8)
        let slot = Array("{{data}}".utf8)
        let at = (0...(template.count - slot.count)).first { template[$0..<$0 + slot.count].elementsEqual(slot) }!
        let values = [
            "{{title}}": Array(XMLText.escape(title).utf8),
            "/*{{style}}*/": Array(EmbeddedWeb.replayCss.utf8),
            "/*{{script}}*/": Array(EmbeddedWeb.replayJs.utf8),
        ]
        emit(fill(Array(template[..<at]), values))
        // the data writes "<" as \u003c: no title or field can end its <script>
        ReplayData.write(samples: samples, events: events, dropped: dropped, title: title, to: emit)
        emit(fill(Array(template[(at + slot.count)...]), values))
    }

    /// `template` with each slot (`{{name}}`, or `/*{{name}}*/` inside a
    /// style or script) replaced by its value, in one pass over the
    /// template, so a value (a title, the data) is never searched itself.
    static func fill(_ template: [UInt8], _ values: [String: [UInt8]]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(template.count + values.values.reduce(0) { $0 + $1.count })
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        var i = 0, copied = 0
        while i + 1 < template.count {
            guard template[i] == open, template[i + 1] == open, i + 2 < template.count - 1,
                  let end = (i + 2..<template.count - 1).first(where: { template[$0] == close && template[$0 + 1] == close })
            else { i += 1; continue }
            var start = i, stop = end + 2
            let commented = start >= 2 && template[start - 2] == UInt8(ascii: "/") && template[start - 1] == UInt8(ascii: "*")
                && stop + 1 < template.count && template[stop] == UInt8(ascii: "*") && template[stop + 1] == UInt8(ascii: "/")
            if commented { start -= 2; stop += 2 }
            guard let value = values[String(decoding: template[start..<stop], as: UTF8.self)] else { i = end + 2; continue }
            out.append(contentsOf: template[copied..<start])
            out.append(contentsOf: value)
            copied = stop
            i = stop
        }
        out.append(contentsOf: template[copied...])
        return out
    }
}
