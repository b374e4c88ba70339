/// The line format of every text that `navlua test`'s processes and Lua
/// states pass each other: a child's records (`ChildRecord`), the worker's
/// protocol (`SpecZygote`), the options (`TestOptions`) and the events
/// handed to busted's output handlers (`BustedReporter`).
///
/// A line is its fields joined by tabs and ended by a newline, each field
/// escaped (`\\` `\t` `\n` `\r`) so that no field holds a tab or a line
/// break. The Lua side writes the same with `spec_wire.lua`'s `record`.
///
///     encode(["test", "pass", "a\tb"])   ->  "test\tpass\ta\\tb\n"
enum RecordLine {
    /// `fields`, escaped, joined by tabs, with the newline.
    static func encode(_ fields: [String]) -> String {
        fields.map(escape).joined(separator: "\t") + "\n"
    }

    /// `field` with backslashes, tabs, newlines and carriage returns escaped.
    static func escape(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
            return field
        }
        var out: [UInt8] = []
        out.reserveCapacity(field.utf8.count + 8)
        for b in field.utf8 {
            switch b {
            case 0x5C: out += [0x5C, 0x5C]
            case 0x09: out += [0x5C, UInt8(ascii: "t")]
            case 0x0A: out += [0x5C, UInt8(ascii: "n")]
            case 0x0D: out += [0x5C, UInt8(ascii: "r")]
            default: out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The fields of one line (without its newline), unescaped.
    static func decode(_ line: ArraySlice<UInt8>) -> [String] {
        line.split(separator: 0x09, omittingEmptySubsequences: false).map(unescape)
    }

    static func decode(_ line: Substring) -> [String] {
        decode(ArraySlice(ByteString.bytes(of: String(line))))
    }

    /// A field with its escapes undone (a backslash before any other byte
    /// stands for that byte).
    static func unescape(_ field: ArraySlice<UInt8>) -> String {
        guard field.contains(0x5C) else { return ByteString.decode(field) }
        var out: [UInt8] = []
        out.reserveCapacity(field.count)
        var escaped = false
        for b in field {
            if escaped {
                switch b {
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                default: out.append(b)
                }
                escaped = false
            } else if b == 0x5C {
                escaped = true
            } else {
                out.append(b)
            }
        }
        return ByteString.decode(out)
    }

    /// The whole lines of `bytes` (each without its newline), and what
    /// follows the last newline: the start of a line still to come.
    static func lines(_ bytes: ArraySlice<UInt8>) -> (lines: [ArraySlice<UInt8>], rest: ArraySlice<UInt8>) {
        var lines: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        while let newline = bytes[start...].firstIndex(of: 0x0A) {
            lines.append(bytes[start..<newline])
            start = newline + 1
        }
        return (lines, bytes[start...])
    }
}
