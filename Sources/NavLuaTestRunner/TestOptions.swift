#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The options of `navlua test` that the Swift side acts on, read from what
/// `test_options.lua` made of the command line and `.busted` (the Lua side
/// keeps the whole table for busted's own settings). Reading them does
/// nothing else: `TestCommand` applies what needs applying (`--preset`,
/// `--directory`) afterwards.
///
///     TestOptions(encoded: "jobs\t2\noutput\ttap\n")   // .jobs == 2, .format == .tap
struct TestOptions: Equatable {
    /// navlua's own formats; anything else is a busted output handler.
    enum Format: Equatable {
        case text, tap
        case busted(String)
    }

    /// A value the Lua side let through that the Swift side cannot hold.
    struct Problem: Error, Equatable {
        let message: String
    }

    /// --shard K/N: the K-th (1-based) of N shares.
    struct Shard: Equatable {
        var index: Int
        var count: Int
    }

    /// -o
    var format = Format.text
    /// --output FILE
    var reportFile: String?
    /// --jobs; nil: one per core (`processes`).
    var jobs: Int?
    var shard: Shard?
    /// --timeout, in seconds.
    var timeout: Double?
    /// --memory-limit, in MB.
    var memoryLimitMB: Double?
    var preset: String?
    var coverage = false
    /// --strict-hooks: a misspelled hook is an error in the test.
    var strictHooks = false
    var coverageOutput = "lcov.info"
    /// --html DIR: where the replays of failing tests go.
    var htmlDirectory: String?
    /// --list: print the tests, run none.
    var list = false
    var keepGoing = true
    /// --repeat
    var repeatCount = 1
    var suppressPending = false
    var sortFiles = false
    var shuffleFiles = false
    var shuffleTests = false
    /// -C, --directory: where to change to first.
    var directory = "./"
    var version = false
    // for busted's output handlers
    var verbose = false
    var lang = "en"
    var deferPrint = false
    var enableSound = false
    /// -Xoutput
    var handlerOptions: [String] = []
    /// The paths given (ROOT); none: the default root.
    var roots: [String] = []
    /// --pattern: what a spec file's name matches.
    var namePatterns: [String] = []
    var excludedNamePatterns: [String] = []
    /// --filter, --filter-out: what a test's full name matches.
    var filters: [String] = []
    var filtersOut: [String] = []
    /// Where each value came from ("--filter", ".busted: task 'default', key 'filter'", "default").
    var origins: [String: String] = [:]
    /// --help: the text to print.
    var helpText: String?

    static var cores: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// How many files run at once.
    var processes: Int { jobs ?? TestOptions.cores }

    /// Whether the files run in a shuffled order (--sort-files wins).
    var filesShuffled: Bool { shuffleFiles && !sortFiles }

    init() {}

    /// Reads the session's encoding (`M.encode` of test_options.lua): a line
    /// "key<TAB>value" per value (a list: one per item, or "key" alone when
    /// empty), "origin<TAB>key<TAB>where", or "help-text<TAB>text". Keys the
    /// Swift side does not act on are left to the Lua side, which has
    /// checked every value; a --repeat too large for an Int is the one
    /// problem left.
    init(encoded: String) throws(Problem) {
        var values: [String: [String]] = [:]
        for line in encoded.split(separator: "\n", omittingEmptySubsequences: true) {
            let f = RecordLine.decode(line)
            guard let key = f.first else { continue }
            if key == "origin" && f.count == 3 {
                origins[f[1]] = f[2]
            } else if key == "help-text" && f.count == 2 {
                helpText = f[1]
            } else {
                values[key, default: []] += f.count > 1 ? [f[1]] : []
            }
        }
        func string(_ key: String) -> String? { values[key]?.first }
        func list(_ key: String) -> [String] { values[key] ?? [] }
        func flag(_ key: String) -> Bool { string(key) == "true" }

        switch string("output") ?? "text" {
        case "text": format = .text
        case "tap": format = .tap
        case let name: format = .busted(name)
        }
        reportFile = string("report-file")
        jobs = string("jobs").flatMap { Int($0) }
        if let parts = string("shard")?.split(separator: "/").compactMap({ Int($0) }), parts.count == 2 {
            shard = Shard(index: parts[0], count: parts[1])
        }
        timeout = string("timeout").flatMap(Double.init)
        memoryLimitMB = string("memory-limit").flatMap(Double.init)
        preset = string("preset")
        coverage = flag("coverage")
        strictHooks = flag("strict-hooks")
        coverageOutput = string("coverage-output") ?? coverageOutput
        htmlDirectory = string("html")
        self.list = flag("list")
        keepGoing = string("keep-going") != "false"
        if let text = string("repeat"), let runs = Double(text) {
            guard let count = Int(exactly: runs.rounded(.towardZero)) else {
                throw Problem(message: "\(origins["repeat"] ?? "--repeat"): --repeat \(text) is more runs than navlua"
                              + " can count")
            }
            repeatCount = count
        }
        suppressPending = flag("suppress-pending")
        sortFiles = flag("sort-files")
        shuffleFiles = flag("shuffle-files")
        shuffleTests = flag("shuffle-tests")
        directory = string("directory") ?? directory
        version = flag("version")
        verbose = flag("verbose")
        lang = string("lang") ?? lang
        deferPrint = flag("defer-print")
        enableSound = flag("enable-sound")
        handlerOptions = list("Xoutput")
        roots = list("ROOT")
        namePatterns = list("pattern")
        excludedNamePatterns = list("exclude-pattern")
        filters = list("filter")
        filtersOut = list("filter-out")
    }

    /// Every Lua pattern the run will match with, and where it came from:
    /// Lua finds a malformed pattern only when matching reaches the bad
    /// part, so they are checked before anything runs.
    var patterns: [(pattern: String, origin: String)] {
        [("filter", filters), ("filter-out", filtersOut), ("pattern", namePatterns),
         ("exclude-pattern", excludedNamePatterns)].flatMap { key, list in
            list.map { ($0, origins[key] ?? "--" + key) }
        }
    }
}
