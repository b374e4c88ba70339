#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaEngine

/// JSON written straight into bytes, for the replay's data, which is large
/// (a frame of a long run is written in a few hundred instructions; String
/// interpolation and `formatNumber` cost a hundred times that). Numbers
/// print as `JSONText.number` prints them: fixed point, trailing zeros
/// trimmed. Strings are escaped as RFC 8259 asks, and `<` is written
/// `\u003c` so that no text can end the `<script>` element holding it.
struct JSONBytes {
    var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// A literal, a byte at a time: the literals are a few bytes long, and
    /// a generic append(contentsOf:) costs more than the bytes.
    mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { for b in $0 { bytes.append(b) } }
    }

    mutating func byte(_ b: UInt8) { bytes.append(b) }

    mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }

    mutating func int(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        digits(value.magnitude)
    }

    /// `n` in decimal: its digits counted first, then written from the
    /// last, in place.
    private mutating func digits(_ n: UInt) {
        if n < 10 { bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: n)); return }
        var count = 1, probe = n
        while probe >= 10 { probe /= 10; count += 1 }
        let end = bytes.count + count
        for _ in 0..<count { bytes.append(0) }
        bytes.withUnsafeMutableBufferPointer { b in
            var n = n, i = end
            while n > 0 {
                i -= 1
                b[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: n % 10)
                n /= 10
            }
        }
    }

    private static let powers: [UInt] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000,
                                         100_000_000, 1_000_000_000]

    /// A number with at most `places` decimals (0 to 9); `null` for NaN
    /// and infinities.
    mutating func number(_ d: Double, places: Int) {
        guard d.isFinite else { raw("null"); return }
        let places = min(max(places, 0), 9)
        let unit = JSONBytes.powers[places]
        let scaled = (d.magnitude * Double(unit)).rounded()
        guard scaled < 9e18 else { bytes.append(contentsOf: JSONText.number(d, places: places).utf8); return }
        let n = UInt(scaled)
        if d < 0 && n != 0 { bytes.append(UInt8(ascii: "-")) }
        digits(n / unit)
        var frac = n % unit
        guard frac != 0 else { return }
        var shown = places
        while frac % 10 == 0 { frac /= 10; shown -= 1 }
        bytes.append(UInt8(ascii: "."))
        // leading zeros of the fraction
        var width = 1
        while width < shown && frac >= JSONBytes.powers[width] { width += 1 }
        for _ in width..<shown { bytes.append(UInt8(ascii: "0")) }
        digits(frac)
    }

    mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { string(utf8: $0) }
    }

    /// A JSON string of these UTF-8 bytes.
    mutating func string<Bytes: Sequence<UInt8>>(utf8 text: Bytes) {
        bytes.append(UInt8(ascii: "\""))
        for b in text {
            switch b {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case UInt8(ascii: "<"): raw("\\u003c")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0..<0x20, 0x7F:
                raw("\\u00")
                let hex: StaticString = "0123456789abcdef"
                hex.withUTF8Buffer { h in
                    bytes.append(h[Int(b >> 4)])
                    bytes.append(h[Int(b & 15)])
                }
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether two ranges of the bytes hold the same bytes.
    func same(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        guard a.count == b.count else { return false }
        return bytes.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress else { return a.isEmpty }
            return memcmp(base + a.lowerBound, base + b.lowerBound, a.count) == 0
        }
    }

    /// FNV-1a over `bytes[range]`: the replay's states are looked up by it.
    func hash(_ range: Range<Int>) -> UInt64 {
        bytes.withUnsafeBufferPointer { b in
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for i in range {
                h ^= UInt64(b[i])
                h = h &* 0x100_0000_01b3
            }
            return h
        }
    }
}
