import NavLuaEngine

/// A screen's scroll view in the pictures (`navlua.render`, the filmstrip),
/// drawn as the HTML replay draws it (issue 39 item 8): its frame, and its
/// content's rows (vertical) or pages (horizontal) moved by its offset,
/// clipped to the frame by a nested <svg>. Only what lies in the frame and
/// on the device is drawn: a frame may be far taller than the screen.
enum ScrollSVG {
    static let rowHeight = 44.0

    static func view(_ v: ScrollSample, x ox: Double, y oy: Double, deviceHeight: Double) -> String {
        let values = [v.x, v.y, v.width, v.height, v.contentWidth, v.contentHeight, v.offsetX, v.offsetY]
        guard v.width > 0, v.height > 0, values.allSatisfy(\.isFinite) else { return "" }
        let x = ox + v.x, y = oy + v.y
        var s = "<g class=\"scroll\" data-offset=\"\(n(v.offsetX))\" data-offset-y=\"\(n(v.offsetY))\">"
            + "<svg x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(v.width))\" height=\"\(n(v.height))\" overflow=\"hidden\">"
            + "<rect width=\"\(n(v.width))\" height=\"\(n(v.height))\" fill=\"#fff\" fill-opacity=\"0.55\"/>"
        let label = " font-size=\"11\" fill=\"#000\" fill-opacity=\"0.35\""
        let outline = " fill=\"none\" stroke=\"#000\" stroke-opacity=\"0.18\""
        if v.contentHeight > v.height {
            let top = max(0, v.offsetY, -y + v.offsetY)
            let bottom = min(v.contentHeight, v.offsetY + min(v.height, deviceHeight - y))
            var r = max(0, (top / rowHeight).rounded(.down))
            // bounded by the rows a device can show, not by `r += 1` (which
            // stops counting past 2^53)
            for _ in 0..<(Int(min(v.height, deviceHeight) / rowHeight) + 2) where r * rowHeight < bottom {
                let ry = r * rowHeight - v.offsetY
                s += "<rect class=\"row\" x=\"0.5\" y=\"\(n(ry + 0.5))\" width=\"\(n(v.width - 1))\" height=\"\(n(rowHeight))\"\(outline)/>"
                    + "<text x=\"8\" y=\"\(n(ry + rowHeight / 2 + 4))\"\(label)>row \(Int(r))</text>"
                r += 1
            }
        }
        if v.contentWidth > v.width {
            var p = max(0, (v.offsetX / v.width).rounded(.down))
            for _ in 0..<2 where p * v.width - v.offsetX < v.width && p * v.width < v.contentWidth {
                let px = p * v.width - v.offsetX
                s += "<rect class=\"page\" x=\"\(n(px + 0.5))\" y=\"0.5\" width=\"\(n(v.width - 1))\" height=\"\(n(v.height - 1))\"\(outline)/>"
                    + "<text x=\"\(n(px + 8))\" y=\"18\"\(label)>page \(Int(p))</text>"
                p += 1
            }
        }
        return s + "</svg><rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(v.width))\" height=\"\(n(v.height))\""
            + " fill=\"none\" stroke=\"#000\" stroke-opacity=\"0.4\"/></g>"
    }

    static func n(_ d: Double) -> String { SVGText.num(d, places: 3) }
}
