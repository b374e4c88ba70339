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
        // "<" only occurs inside JSON strings, where \u003c means the same:
        // no title or field can end the data's <script> element.
        let data = ReplayData.json(samples: samples, events: events, dropped: dropped, title: title)
            .replacing("<", with: "\\u003c")
        return fill(EmbeddedWeb.replayHtml, [
            "{{title}}": XMLText.escape(title),
            "/*{{style}}*/": EmbeddedWeb.replayCss,
            "/*{{script}}*/": EmbeddedWeb.replayJs,
            "{{data}}": data,
        ])
    }

    /// `template` with each slot replaced by its value, in one pass over
    /// the template, so a value (a title, the data) is never searched for
    /// slots itself.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var out = ""
        var rest = template[...]
        while let open = rest.firstRange(of: "{{") {
            // a slot may be written inside a comment, /*{{style}}*/
            let start = rest[..<open.lowerBound].hasSuffix("/*") ? rest.index(open.lowerBound, offsetBy: -2) : open.lowerBound
            guard let close = rest[open.upperBound...].firstRange(of: "}}") else { break }
            var end = close.upperBound
            if rest[end...].hasPrefix("*/") { end = rest.index(end, offsetBy: 2) }
            let slot = String(rest[start..<end])
            guard let value = values[slot] else {
                out += rest[..<close.upperBound]
                rest = rest[close.upperBound...]
                continue
            }
            out += rest[..<start]
            out += value
            rest = rest[end...]
        }
        return out + rest
    }
}
