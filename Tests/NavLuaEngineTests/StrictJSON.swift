/// RFC 8259's grammar, checked byte by byte: Foundation's parsers on Linux
/// accept trailing commas (`[1,]`), which a JSON writer's test must not.
/// Only says whether the text is JSON; JSONSerialization builds the values.
struct StrictJSON {
    struct Invalid: Error, CustomStringConvertible {
        let offset: Int
        let problem: String
        var description: String { "\(problem) at byte \(offset)" }
    }

    private let bytes: [UInt8]
    private var i = 0

    /// Throws unless `text` is exactly one JSON value, with white space around it.
    static func validate(_ text: String) throws {
        var checker = StrictJSON(bytes: Array(text.utf8))
        try checker.value()
        checker.skipSpace()
        guard checker.i == checker.bytes.count else { throw checker.invalid("text after the value") }
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var next: UInt8? { i < bytes.count ? bytes[i] : nil }

    private func invalid(_ problem: String) -> Invalid { Invalid(offset: i, problem: problem) }

    private mutating func skipSpace() {
        while let b = next, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { i += 1 }
    }

    private mutating func expect(_ c: Character) throws {
        guard next == c.asciiValue else { throw invalid("expected '\(c)'") }
        i += 1
    }

    private mutating func value() throws {
        skipSpace()
        switch next {
        case UInt8(ascii: "{"): try members("}") { try $0.string(); $0.skipSpace(); try $0.expect(":"); try $0.value() }
        case UInt8(ascii: "["): try members("]") { try $0.value() }
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: try number()
        }
        skipSpace()
    }

    /// An object or array: the opening byte, then `member`s separated by
    /// commas (none after the last), then `close`.
    private mutating func members(_ close: Character, _ member: (inout StrictJSON) throws -> Void) throws {
        i += 1
        skipSpace()
        if next == close.asciiValue { i += 1; return }
        while true {
            skipSpace()
            try member(&self)
            skipSpace()
            if next == close.asciiValue { i += 1; return }
            try expect(",")
        }
    }

    private mutating func literal(_ word: String) throws {
        for c in word.utf8 {
            guard next == c else { throw invalid("expected \(word)") }
            i += 1
        }
    }

    private mutating func string() throws {
        try expect("\"")
        while let b = next {
            i += 1
            switch b {
            case UInt8(ascii: "\""): return
            case UInt8(ascii: "\\"):
                guard let e = next else { throw invalid("unfinished escape") }
                i += 1
                if e == UInt8(ascii: "u") {
                    for _ in 0..<4 {
                        guard let h = next, (h >= 0x30 && h <= 0x39) || (h | 0x20 >= 0x61 && h | 0x20 <= 0x66) else {
                            throw invalid("bad \\u escape")
                        }
                        i += 1
                    }
                } else if !"\"\\/bfnrt".utf8.contains(e) {
                    throw invalid("bad escape")
                }
            case 0..<0x20: throw invalid("control character in a string")
            default: break
            }
        }
        throw invalid("unfinished string")
    }

    private mutating func number() throws {
        func digits(_ s: inout StrictJSON) -> Int {
            let start = s.i
            while let d = s.next, d >= 0x30 && d <= 0x39 { s.i += 1 }
            return s.i - start
        }
        if next == UInt8(ascii: "-") { i += 1 }
        if next == UInt8(ascii: "0") {
            i += 1
        } else if digits(&self) == 0 {
            throw invalid("expected a value")
        }
        if next == UInt8(ascii: ".") {
            i += 1
            guard digits(&self) > 0 else { throw invalid("expected digits after '.'") }
        }
        if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            i += 1
            if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw invalid("expected digits in the exponent") }
        }
    }
}
