#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaBridge

/// The options of `navlua test` that the Swift side acts on, read from what
/// `test_options.lua` made of the command line and `.busted` (the Lua side
/// keeps the whole table for busted's own settings).
struct TestOptions {
    /// navlua's own formats; anything else is a busted output handler.
    enum Format: Equatable {
        case text, tap
        case busted(String)
    }

    var values: [String: [String]] = [:]
    /// Where each value came from ("--filter", ".busted: task 'default', key 'filter'", "default").
    var origins: [String: String] = [:]
    var helpText: String?

    static var cores: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// Reads the session's encoding (`M.encode` of test_options.lua).
    init(encoded: String) {
        for line in encoded.split(separator: "\n", omittingEmptySubsequences: true) {
            let f = RecordLine.decode(line)
            if f[0] == "origin" && f.count == 3 {
                origins[f[1]] = f[2]
            } else if f[0] == "help-text" && f.count == 2 {
                helpText = f[1]
            } else {
                values[f[0], default: []] += f.count > 1 ? [f[1]] : []
            }
        }
    }

    func string(_ key: String) -> String? { values[key]?.first }
    func list(_ key: String) -> [String] { values[key] ?? [] }
    func flag(_ key: String) -> Bool { string(key) == "true" }
    func number(_ key: String) -> Double? { string(key).flatMap(Double.init) }

    var format: Format {
        switch string("output") ?? "text" {
        case "text": .text
        case "tap": .tap
        case let name: .busted(name)
        }
    }
    var reportFile: String? { string("report-file") }
    var jobs: Int { string("jobs").flatMap { Int($0) } ?? TestOptions.cores }
    var shard: (index: Int, count: Int)? {
        guard let s = string("shard") else { return nil }
        let parts = s.split(separator: "/").compactMap { Int($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }
    var timeout: Double? { number("timeout") }
    var memoryLimitMB: Double? { number("memory-limit") }
    var updateSnapshots: Bool { flag("update-snapshots") }
    var preset: String? { string("preset") }
    var coverage: Bool { flag("coverage") }
    var coverageOutput: String { string("coverage-output") ?? "lcov.info" }
    var list: Bool { flag("list") }
    var keepGoing: Bool { string("keep-going") != "false" }
    var repeatCount: Int { string("repeat").flatMap { Double($0) }.map { Int($0) } ?? 1 }
    var suppressPending: Bool { flag("suppress-pending") }
    var shuffleFiles: Bool { flag("shuffle-files") && !flag("sort-files") }
    var directory: String { string("directory") ?? "./" }
    var version: Bool { flag("version") }

    /// Every Lua pattern the run will match with, and where it came from:
    /// Lua finds a malformed pattern only when matching reaches the bad
    /// part, so they are checked before anything runs.
    var patterns: [(pattern: String, origin: String)] {
        ["filter", "filter-out", "pattern", "exclude-pattern"].flatMap { key in
            list(key).map { ($0, origins[key] ?? "--" + key) }
        }
    }
}
