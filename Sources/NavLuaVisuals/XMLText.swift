import NavLuaEngine

/// XML escaping shared by the SVG pictures and the JUnit report.
public enum XMLText {
    /// `s` made safe for element content or, with `attribute`, for a
    /// double-quoted attribute value (where newlines and tabs are kept as
    /// character references). Characters XML 1.0 forbids become U+FFFD.
    public static func escape(_ s: String, attribute: Bool = true) -> String {
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            switch u {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"" where attribute: out.append(contentsOf: "&quot;".unicodeScalars)
            case "'" where attribute: out.append(contentsOf: "&apos;".unicodeScalars)
            case "\n" where attribute: out.append(contentsOf: "&#10;".unicodeScalars)
            case "\t" where attribute: out.append(contentsOf: "&#9;".unicodeScalars)
            case "\r": out.append(contentsOf: "&#13;".unicodeScalars)
            case "\t", "\n": out.append(u)
            default:
                let v = u.value
                out.append(v < 0x20 || v == 0xFFFE || v == 0xFFFF ? "\u{FFFD}" : u)
            }
        }
        return String(out)
    }
}
