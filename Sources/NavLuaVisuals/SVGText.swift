import NavLuaEngine

/// Pieces of SVG text shared by the pictures: escaping, numbers, colours.
package enum SVGText {
    /// Text for an attribute value or an element's content.
    static func escape(_ s: String) -> String { XMLText.escape(s) }

    /// A coordinate: up to `places` decimals, "0" for non-finite values.
    static func num(_ d: Double, places: Int = 2) -> String {
        d.isFinite ? formatNumber(d, places: places) : "0"
    }

    static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"

    static func open(width: Double, height: Double, viewBox: String? = nil, extra: String = "") -> String {
        header + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(num(width))\" height=\"\(num(height))\""
            + " viewBox=\"\(viewBox ?? "0 0 \(num(width)) \(num(height))")\""
            + " font-family=\"-apple-system, Helvetica, Arial, sans-serif\"\(extra)>\n"
    }

    /// A pastel fill chosen from the title, the same in every run
    /// (FNV-1a over its UTF-8 bytes).
    static func color(for title: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in title.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return palette[Int(hash % UInt32(palette.count))]
    }

    static let palette = [
        "#cfe3ff", "#ffd9c2", "#d4f2d2", "#f3d1f4", "#fff1b8",
        "#c9f0f0", "#e3d9ff", "#ffd1d9", "#e2ecc6", "#d9e4ec",
    ]
}
