#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaBridge
import NavLuaVisuals

/// `--coverage`: the line hits every spec file's process recorded
/// (`coverage.lua`), added up and written as LCOV, which genhtml and the
/// common CI services (Codecov, Coveralls, GitLab) read.
///
///     TN:
///     SF:src/stack.lua
///     DA:3,12
///     DA:4,0
///     LF:2
///     LH:1
///     end_of_record
struct CoverageReport {
    private var hits: [String: [Int: Int]] = [:]

    mutating func add(_ r: SpecFileResult) {
        for (path, list) in r.coverage {
            var lines = hits[path] ?? [:]
            for item in list.split(separator: ",") {
                let parts = item.split(separator: "=")
                guard parts.count == 2, let line = Int(parts[0]), let n = Int(parts[1]) else { continue }
                lines[line, default: 0] += n
            }
            hits[path] = lines
        }
    }

    /// The report, files sorted by path.
    var lcov: String {
        var text = ""
        for path in hits.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let lines = hits[path]!
            text += "TN:\nSF:\(path)\n"
            for line in lines.keys.sorted() { text += "DA:\(line),\(lines[line]!)\n" }
            text += "LF:\(lines.count)\nLH:\(lines.values.count { $0 > 0 })\nend_of_record\n"
        }
        return text
    }

    /// "coverage: FILE (N files, P% of L lines)".
    var summary: String {
        let lines = hits.values.reduce(0) { $0 + $1.count }
        let hit = hits.values.reduce(0) { $0 + $1.values.count { $0 > 0 } }
        let percent = lines == 0 ? 0 : Double(hit) * 100 / Double(lines)
        let rounded = (percent * 10).rounded() / 10
        return "\(hits.count) file\(hits.count == 1 ? "" : "s"), \(rounded)% of \(lines) lines"
    }

    /// Writes the report (whole, or not at all: TextFile.write); throws
    /// TextFile.WriteError when the file cannot be written.
    func write(to path: String) throws {
        try TextFile.write(lcov, to: path)
    }
}
