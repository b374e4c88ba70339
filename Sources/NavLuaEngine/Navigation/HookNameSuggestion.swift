extension Hook {
    /// The hook a field named `name` was probably meant to be: one whose
    /// name is one or two edits away (a letter left out, added, changed or
    /// two swapped: the optimal string alignment distance), or the same
    /// once case and underscores are set aside (`willGoBack`). Nil for a
    /// hook's own name and for names nothing like one. Screens are the
    /// user's tables, so this only warns (manual §3.2).
    public static func likelyMeant(_ name: String) -> Hook? {
        // two edits or the underscores away from the longest name at most
        // (a screen's key can be any length: nothing quadratic on it)
        let longest = allCases.map(\.rawValue.utf8.count).max() ?? 0
        guard Hook(rawValue: name) == nil, name.utf8.count <= longest + 2 else { return nil }
        let folded = fold(name)
        if let same = allCases.first(where: { fold($0.rawValue) == folded }) { return same }
        let scored = allCases.map { ($0, distance(Array(name.utf8), Array($0.rawValue.utf8))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2,
              name.utf8.count > 2 * best.1 else { return nil }
        return best.0
    }

    private static func fold(_ s: String) -> String {
        String(s.lowercased().filter { $0 != "_" })
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
