/// The file names of `navlua test --html DIR`'s replays: the spec file's
/// name and the test's, made safe for any file system and any CI's artifact
/// upload (ASCII letters, digits, `-`, `_` and `.` are kept, every other
/// byte becomes `-`, runs of `-` become one), capped in length, and made
/// unique by `ReplayNameSet`.
///
///     ReplayName.stem(file: "push_spec", test: "push › pops on a swipe")
///         -> "push_spec--push-pops-on-a-swipe"
enum ReplayName {
    /// The most bytes a stem keeps (before a `-N` and ".html"): long test
    /// names stay well under the 255 bytes of a file name.
    static let limit = 120

    /// `bytes` with only the kept bytes, `-` for the others, no run of `-`,
    /// and no `-` or `.` at either end (a leading `.` would hide the file).
    static func part<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
        var out: [UInt8] = []
        for b in bytes {
            let kept = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                || b == UInt8(ascii: "-") || b == UInt8(ascii: "_") || b == UInt8(ascii: ".")
            let c = kept ? b : UInt8(ascii: "-")
            if c == UInt8(ascii: "-") && out.last == UInt8(ascii: "-") { continue }
            out.append(c)
        }
        return String(decoding: trimmed(out[...]), as: UTF8.self)
    }

    /// A spec file's part of the names: its base name without ".lua"
    /// (`scripts/spec/push_spec.lua` -> "push_spec").
    static func filePart(_ path: [UInt8]) -> String {
        var name = path.lastIndex(of: UInt8(ascii: "/")).map { Array(path[path.index(after: $0)...]) } ?? path
        if name.count > 4 && name.suffix(4).elementsEqual(".lua".utf8) { name.removeLast(4) }
        let part = part(name)
        return part.isEmpty ? "spec" : part
    }

    /// "FILE--TEST", cut to `limit` bytes (all ASCII, so any cut is whole).
    static func stem(file: String, test: [UInt8]) -> String {
        let testPart = part(test)
        let whole = Array((file + "--" + (testPart.isEmpty ? "test" : testPart)).utf8)
        return String(decoding: trimmed(whole.prefix(limit)), as: UTF8.self)
    }

    private static func trimmed(_ s: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var s = s
        while let f = s.first, f == UInt8(ascii: "-") || f == UInt8(ascii: ".") { s.removeFirst() }
        while let l = s.last, l == UInt8(ascii: "-") || l == UInt8(ascii: ".") { s.removeLast() }
        return s
    }
}

/// The names given so far: a name already taken gets `-2`, `-3`, ... (the
/// first free one, so that a test whose own name ends in "-2" cannot
/// collide with the second of two tests of another name). The names
/// depend only on the order of the claims, never on which process or job
/// made them.
struct ReplayNameSet {
    private var taken: Set<String> = []

    mutating func claim(_ stem: String) -> String {
        var name = stem
        var n = 1
        while taken.contains(name) {
            n += 1
            name = stem + "-\(n)"
        }
        taken.insert(name)
        return name
    }
}
