#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaEngine

/// JSON written straight into bytes, for the replay's data, which is large
/// (a frame of a long run is written in a few hundred instructions; String
/// interpolation cost a hundred times that). Numbers print as the trace's
/// text and `JSONText.number` print them, through the engine's
/// `DecimalText`: fixed point, trailing zeros trimmed. Strings are escaped as RFC 8259 asks, and `<` is written
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

    mutating func int(_ value: Int) { DecimalText.appendInt(value, to: &bytes) }

    /// A number with at most `places` decimals, as the trace writes it
    /// (DecimalText); `null` for NaN and infinities.
    mutating func number(_ d: Double, places: Int) {
        guard d.isFinite else { raw("null"); return }
        if !DecimalText.appendFixed(d, places: places, to: &bytes) {
            bytes.append(contentsOf: JSONText.number(d, places: places).utf8)
        }
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
