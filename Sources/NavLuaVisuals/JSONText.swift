import NavLuaEngine

/// JSON text written by hand, without Foundation (navlua starts fast):
/// strings escaped as RFC 8259 asks, numbers in fixed-point decimal.
package enum JSONText {
    /// `s` as a quoted JSON string.
    static func string(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u00" + hexByte(UInt8(scalar.value))
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
        return out
    }

    private static func hexByte(_ b: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String(digits[Int(b >> 4)]) + String(digits[Int(b & 15)])
    }

    /// A JSON number with up to `places` decimals; `null` for NaN and
    /// infinities, which JSON cannot hold.
    static func number(_ d: Double, places: Int = 6) -> String {
        d.isFinite ? formatNumber(d, places: places) : "null"
    }

    /// Nanoseconds as exact microseconds, the Trace Event format's unit:
    /// 16666666 ns is "16666.666".
    static func microseconds(_ nanos: Int) -> String { exactDecimal(nanos, digits: 3) }

    /// Nanoseconds as exact seconds: 16666666 ns is "0.016666666".
    static func seconds(_ nanos: Int) -> String { exactDecimal(nanos, digits: 9) }

    /// `nanos` divided by 10^digits, written exactly, trailing zeros trimmed.
    private static func exactDecimal(_ nanos: Int, digits: Int) -> String {
        var unit: UInt = 1
        for _ in 0..<digits { unit *= 10 }
        let sign = nanos < 0 ? "-" : ""
        let n = nanos.magnitude
        let frac = n % unit
        if frac == 0 { return sign + String(n / unit) }
        var text = String(frac)
        while text.count < digits { text = "0" + text }
        while text.hasSuffix("0") { text.removeLast() }
        return sign + String(n / unit) + "." + text
    }

    /// A trace field's value as JSON; a point is `{"x":..,"y":..}`.
    static func value(_ v: TraceValue) -> String {
        switch v {
        case .number(let d): return number(d)
        case .int(let i): return String(i)
        case .string(let s): return string(s)
        case .bool(let b): return b ? "true" : "false"
        case .point(let p): return "{\"x\":" + number(p.x) + ",\"y\":" + number(p.y) + "}"
        }
    }

    /// `{"name":value,...}` from pairs whose values are already JSON text.
    static func object(_ pairs: [(String, String)]) -> String {
        var out = "{"
        for (i, (name, value)) in pairs.enumerated() {
            if i > 0 { out += "," }
            out += string(name) + ":" + value
        }
        return out + "}"
    }
}
