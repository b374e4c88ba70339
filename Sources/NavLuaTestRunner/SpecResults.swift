import NavLuaBridge

/// What one spec file gave: its tests in the order they ran, the problems
/// outside any test, and the snapshots it wrote. The parent process builds
/// it from the records a child wrote (see `SpecDriver`).
public struct SpecFileResult: Sendable {
    /// One test, or one problem outside a test (`isTest` false: a load
    /// error, a failing setup or hook, a timeout, a crash).
    public struct Case: Sendable, Equatable {
        public enum Status: String, Sendable { case pass, fail, error, skip }
        public var status: Status
        /// "describe it"; for a problem outside a test, the block's name or "".
        public var name: String
        /// `file:line` where the test (or block) was defined.
        public var location: String
        public var message: String
        public var traceback: String
        public var isTest: Bool

        public init(status: Status, name: String, location: String, message: String = "",
                    traceback: String = "", isTest: Bool = true) {
            self.status = status
            self.name = name
            self.location = location
            self.message = message
            self.traceback = traceback
            self.isTest = isTest
        }

        public var failed: Bool { status == .fail || status == .error }
    }

    /// An event for busted's output handlers: where the file's output had
    /// got to when it happened, and the event as Lua constructor text.
    public struct Event: Sendable {
        public var offset: Int
        public var text: String
    }

    public var file: String
    public var cases: [Case] = []
    /// ("written" or "updated", path), in the order they happened.
    public var snapshots: [(action: String, path: String)] = []
    /// (block, seed) of each block whose tests were shuffled; "" for the file.
    public var seeds: [(block: String, seed: String)] = []
    public var events: [Event] = []
    /// (path, "line=hits,...") of the files under test, with --coverage.
    public var coverage: [(path: String, hits: String)] = []
    /// True when the child reported the end of the file.
    public var finished = false
    /// What the file printed on stdout and stderr.
    public var output = ""
    /// Its events went to busted's output handler before the run began (a
    /// file that did not load, as busted reports it).
    public var reportedEarly = false
    /// What the parent saw go wrong that the file's own events do not show
    /// (its process was killed, crashed, exited early or never ran it):
    /// busted's handlers are told as an error of the test or block open then.
    public var endedEarly: [String] = []

    public init(file: String) { self.file = file }

    public var passed: Int { cases.count { $0.status == .pass } }
    public var failed: Int { cases.count { $0.failed } }
    public var skipped: Int { cases.count { $0.status == .skip } }

    /// Adds a problem of the whole file (nothing to do with one test).
    public mutating func addFileError(_ message: String) {
        endedEarly.append(message)
        cases.append(Case(status: .error, name: "", location: file, message: message, isTest: false))
    }

    /// What a child that ran `files` (one, or a group sharing one Lua
    /// state) wrote: its records and its output. Records after `file K`
    /// (or `load K`) belong to the K-th file; unknown or partial lines are
    /// ignored. `started` tells which files began to run (for a child that
    /// died: the last of them is the culprit, the ones after never ran).
    public static func parse(records: String, output: [UInt8], files: [String])
        -> (results: [SpecFileResult], started: [Bool]) {
        var results = files.map { SpecFileResult(file: $0) }
        var started = [Bool](repeating: false, count: files.count)
        var outputs = [[UInt8]](repeating: [], count: files.count)
        var current = 0
        var consumed = 0   // bytes of output given to a file so far
        func take(upTo offset: Int) {
            let end = min(max(offset, consumed), output.count)
            if end > consumed { outputs[current] += output[consumed..<end] }
            consumed = max(consumed, end)
        }
        let bytes = Array(records.utf8)
        var lineStart = 0
        while let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
            let line = bytes[lineStart..<newline]
            lineStart = newline + 1
            let raw = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            func field(_ i: Int) -> String { unescape(raw[i]) }
            switch (String(decoding: raw[0], as: UTF8.self), raw.count) {
            case ("file", 3), ("load", 3):
                guard let k = Int(field(1)), k >= 1, k <= files.count else { continue }
                take(upTo: Int(field(2)) ?? consumed)
                current = k - 1
                if raw[0].first == UInt8(ascii: "f") { started[current] = true }
            case ("test", 6):
                guard let status = Case.Status(rawValue: field(1)) else { continue }
                results[current].cases.append(Case(status: status, name: field(2), location: field(3),
                                                   message: field(4), traceback: field(5)))
            case ("error", 5):
                results[current].cases.append(Case(status: .error, name: field(1), location: field(2),
                                                   message: field(3), traceback: field(4), isTest: false))
            case ("snapshot", 3):
                results[current].snapshots.append((field(1), field(2)))
            case ("seed", 3):
                results[current].seeds.append((field(1), field(2)))
            case ("event", 3):
                // kept escaped: only busted_report.lua reads it
                take(upTo: Int(field(1)) ?? consumed)
                results[current].events.append(Event(offset: outputs[current].count,
                                                     text: String(decoding: raw[2], as: UTF8.self)))
            case ("coverage", 3):
                results[current].coverage.append((field(1), field(2)))
            case ("done", 2):
                take(upTo: Int(field(1)) ?? consumed)
                for k in results.indices { results[k].finished = true }
            default:
                continue
            }
        }
        take(upTo: output.count)
        for k in results.indices { results[k].output = String(decoding: outputs[k], as: UTF8.self) }
        return (results, started)
    }

    /// A record's field with its escapes (`\\ \t \n \r`) undone.
    static func unescape(_ field: ArraySlice<UInt8>) -> String {
        guard field.contains(UInt8(ascii: "\\")) else { return String(decoding: field, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(field.count)
        var escaped = false
        for b in field {
            if escaped {
                switch b {
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "r"): out.append(13)
                default: out.append(b)
                }
                escaped = false
            } else if b == UInt8(ascii: "\\") {
                escaped = true
            } else {
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func unescape(_ field: Substring) -> String {
        unescape(ArraySlice(field.utf8))
    }
}
