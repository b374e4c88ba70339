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
        /// With --html: the replay of a failed test ("" when none), and why
        /// it could not be written ("" when it was).
        public var replay = ""
        public var replayProblem = ""

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
    /// (or `load K`) belong to the K-th file; a line that is not a record
    /// is an error of the file it belongs to. `started` tells which files
    /// began to run (for a child that died: the last of them is the
    /// culprit, the ones after never ran).
    static func parse(records: [Result<ChildRecord, RecordError>], output: [UInt8], files: [String])
        -> (results: [SpecFileResult], started: [Bool]) {
        var results = files.map { SpecFileResult(file: $0) }
        var started = [Bool](repeating: false, count: files.count)
        var outputs = [[UInt8]](repeating: [], count: files.count)
        var current = 0
        var consumed = 0   // bytes of output given to a file so far
        func take(upTo offset: Int?) {
            let end = min(max(offset ?? consumed, consumed), output.count)
            if end > consumed { outputs[current] += output[consumed..<end] }
            consumed = max(consumed, end)
        }
        func unreadable(_ problem: RecordError) {
            results[current].addFileError("navlua test cannot read what the file's process wrote: \(problem)")
        }
        for decoded in records {
            let record: ChildRecord
            switch decoded {
            case .success(let r): record = r
            case .failure(let problem):
                unreadable(problem)
                continue
            }
            switch record {
            case .file(let k, let offset), .load(let k, let offset):
                guard k >= 1, k <= files.count else {
                    unreadable(.noSuchFile(k, of: files.count))
                    continue
                }
                take(upTo: offset)
                current = k - 1
                if case .file = record { started[current] = true }
            case .test(let status, let name, let location, let message, let traceback):
                results[current].cases.append(Case(status: status, name: name, location: location,
                                                   message: message, traceback: traceback))
            case .error(let name, let location, let message, let traceback):
                results[current].cases.append(Case(status: .error, name: name, location: location,
                                                   message: message, traceback: traceback, isTest: false))
            case .snapshot(let action, let path):
                results[current].snapshots.append((action, path))
            case .replay(let path, let problem):
                // it follows the record of its test
                guard let last = results[current].cases.indices.last else { continue }
                results[current].cases[last].replay = path
                results[current].cases[last].replayProblem = problem
            case .seed(let block, let seed):
                results[current].seeds.append((block, seed))
            case .event(let offset, let text):
                take(upTo: offset)
                results[current].events.append(Event(offset: outputs[current].count, text: text))
            case .coverage(let path, let hits):
                results[current].coverage.append((path, hits))
            case .done(let offset):
                take(upTo: offset)
                for k in results.indices { results[k].finished = true }
            }
        }
        take(upTo: output.count)
        for k in results.indices { results[k].output = ByteString.decode(outputs[k]) }
        return (results, started)
    }
}
