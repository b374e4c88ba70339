/// Lua strings as Swift strings without losing a byte: file names (a spec
/// file named `b\xFF_spec.lua`, as lua.c and busted take it), messages and
/// output that are not UTF-8 cross `navlua test`'s Swift code unchanged.
///
/// A byte that is not part of valid UTF-8 becomes the private-use
/// character U+F700 + byte; so do the bytes of a character already in
/// U+F700...U+F7FF, so that every string maps back to its bytes (`bytes`).
/// Reports show such a byte as `\xFF` (`readable`).
///
///     decode([0x62, 0xFF])         ->  "b\u{F7FF}"
///     bytes(of: "b\u{F7FF}")       ->  [0x62, 0xFF]
///     readable("b\u{F7FF}")        ->  "b\\xFF"
enum ByteString {
    private static let base: UInt32 = 0xF700

    /// The string that stands for `bytes`.
    static func decode<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        if plain(bytes) { return String(decoding: bytes, as: UTF8.self) }
        var out = String.UnicodeScalarView()
        func keep<S: Sequence>(_ raw: S) where S.Element == UInt8 {
            for b in raw { out.append(Unicode.Scalar(base + UInt32(b))!) }
        }
        var rest = Array(bytes)[...]
        while !rest.isEmpty {
            // a fresh parser at each scalar, so that an error's bytes are known
            var parser = Unicode.UTF8.ForwardParser()
            var it = rest.makeIterator()
            switch parser.parseScalar(from: &it) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if scalar.value & 0xFF00 == base { keep(rest.prefix(encoded.count)) } else { out.append(scalar) }
                rest = rest.dropFirst(encoded.count)
            case .error(let length):
                keep(rest.prefix(length))
                rest = rest.dropFirst(length)
            case .emptyInput:
                rest = []
            }
        }
        return String(out)
    }

    /// The bytes `string` stands for.
    static func bytes(of string: String) -> [UInt8] {
        guard string.utf8.contains(0xEF) else { return Array(string.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(string.utf8.count)
        for scalar in string.unicodeScalars {
            if scalar.value & 0xFF00 == base {
                out.append(UInt8(scalar.value & 0xFF))
            } else {
                out += Array(String(scalar).utf8)
            }
        }
        return out
    }

    /// `string` as a report shows it: each byte that is not UTF-8 as `\xFF`.
    static func readable(_ string: String) -> String {
        guard string.utf8.contains(0xEF), string.unicodeScalars.contains(where: { $0.value & 0xFF00 == base }) else {
            return string
        }
        var out = ""
        for scalar in string.unicodeScalars {
            if scalar.value & 0xFF00 == base {
                let b = scalar.value & 0xFF
                let digits = Array("0123456789ABCDEF")
                out += "\\x" + String(digits[Int(b >> 4)]) + String(digits[Int(b & 0xF)])
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Valid UTF-8 with no character in U+F700...U+F7FF (EF 9C-9F ..): the
    /// bytes are their own string.
    private static func plain<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        var previous: UInt8 = 0
        var ascii = true
        for b in bytes {
            if b >= 0x80 { ascii = false }
            if previous == 0xEF && b >= 0x9C && b <= 0x9F { return false }
            previous = b
        }
        if ascii { return true }
        // (String(validating:) needs macOS 15; the package supports 13)
        return String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes)
    }
}
