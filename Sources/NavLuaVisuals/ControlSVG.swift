import NavLuaEngine

/// A screen's control at one frame (issue 35), copied out of the engine:
/// its kind, frame and state.
public struct ControlSample: Sendable {
    public let kind: String
    public let x, y, width, height: Double
    /// A slider's value (0 for other kinds).
    public let value: Double
    /// A swipe row's actions show, and how wide they are.
    public let open: Bool
    public let actionsWidth: Double

    init(_ control: Control) {
        kind = control.kind.rawValue
        x = control.frame.x; y = control.frame.y
        width = control.frame.width; height = control.frame.height
        value = control.value
        open = control.open
        actionsWidth = control.actionsWidth
    }
}

/// A control in the pictures (`navlua.render`, the filmstrip), over the
/// screen's scroll views: a slider's track, filled to its value, and its
/// knob; a swipe row, moved by its actions' width when open, with the
/// actions behind it; a canvas's dashed frame. `class` and `data-*`
/// attributes carry the kind and the state, for tests and tools.
enum ControlSVG {
    static let knobRadius = 12.0

    static func view(_ c: ControlSample, x ox: Double, y oy: Double) -> String {
        let values = [c.x, c.y, c.width, c.height, c.value, c.actionsWidth]
        guard c.width > 0, c.height > 0, values.allSatisfy(\.isFinite) else { return "" }
        let x = ox + c.x, y = oy + c.y, mid = y + c.height / 2
        switch c.kind {
        case Control.Kind.slider.rawValue:
            let knob = x + c.value * c.width
            return "<g class=\"control slider\" data-value=\"\(n(c.value))\">"
                + "<line x1=\"\(n(x))\" y1=\"\(n(mid))\" x2=\"\(n(x + c.width))\" y2=\"\(n(mid))\" stroke=\"#bbb\" stroke-width=\"4\"/>"
                + "<line x1=\"\(n(x))\" y1=\"\(n(mid))\" x2=\"\(n(knob))\" y2=\"\(n(mid))\" stroke=\"#0a84ff\" stroke-width=\"4\"/>"
                + "<circle class=\"knob\" cx=\"\(n(knob))\" cy=\"\(n(mid))\" r=\"\(n(min(knobRadius, c.height / 2)))\""
                + " fill=\"#fff\" stroke=\"#888\"/></g>"
        case Control.Kind.swipeRow.rawValue:
            let shift = c.open ? min(c.actionsWidth, c.width) : 0
            var s = "<g class=\"control swipe_row\" data-open=\"\(c.open)\">"
                + "<svg x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(c.width))\" height=\"\(n(c.height))\" overflow=\"hidden\">"
            if c.open {
                s += "<rect class=\"actions\" x=\"\(n(c.width - shift))\" y=\"0\" width=\"\(n(shift))\" height=\"\(n(c.height))\" fill=\"#ff3b30\"/>"
            }
            s += "<rect class=\"row\" x=\"\(n(-shift))\" y=\"0\" width=\"\(n(c.width))\" height=\"\(n(c.height))\""
                + " fill=\"#fff\" stroke=\"#000\" stroke-opacity=\"0.25\"/>"
                + "<text x=\"\(n(8 - shift))\" y=\"\(n(c.height / 2 + 4))\" font-size=\"11\" fill=\"#000\" fill-opacity=\"0.45\">row</text>"
            return s + "</svg></g>"
        default:
            return "<g class=\"control canvas\"><rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(c.width))\" height=\"\(n(c.height))\""
                + " fill=\"#fff\" fill-opacity=\"0.4\" stroke=\"#000\" stroke-opacity=\"0.35\" stroke-dasharray=\"6 4\"/>"
                + "<text x=\"\(n(x + 8))\" y=\"\(n(y + 18))\" font-size=\"11\" fill=\"#000\" fill-opacity=\"0.45\">canvas</text></g>"
        }
    }

    static func n(_ d: Double) -> String { SVGText.num(d, places: 3) }
}
