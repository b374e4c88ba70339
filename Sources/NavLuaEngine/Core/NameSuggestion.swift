/// The name a mistyped one was probably meant to be, for "did you mean"
/// messages: hooks, delegate methods, commands, options and methods.
public enum NameSuggestion {
    /// The name among `names` one or two edits from `name` (a letter left
    /// out, added, changed or two swapped: the optimal string alignment
    /// distance), or the same once case and underscores are set aside
    /// (`willGoBack`). Nil for one of `names` itself and for names nothing
    /// like any; the first of equally near names.
    public static func nearest(_ name: String, among names: [String]) -> String? {
        // two edits or the underscores away from the longest name at most
        // (a user's key can be any length: nothing quadratic on it)
        let longest = names.map(\.utf8.count).max() ?? 0
        guard !names.contains(name), name.utf8.count <= longest + 2 else { return nil }
        let folded = fold(name)
        if let same = names.first(where: { fold($0) == folded }) { return same }
        let scored = names.map { ($0, distance(Array(name.utf8), Array($0.utf8))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2,
              name.utf8.count > 2 * best.1 else { return nil }
        return best.0
    }

    private static func fold(_ s: String) -> String {
        String(s.lowercased().filter { $0 != "_" && $0 != "-" })
    }

    /// Optimal string alignment distance between two byte strings.
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = Swift.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = Swift.min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
