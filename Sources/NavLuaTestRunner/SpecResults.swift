import NavLuaBridge

/// What one spec file gave: its tests in the order they ran, the problems
/// outside any test, and the snapshots it wrote. The parent process builds
/// it from the records a worker wrote (see `SpecDriver`).
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

    public var file: String
    public var cases: [Case] = []
    /// ("written" or "updated", path), in the order they happened.
    public var snapshots: [(action: String, path: String)] = []
    /// True when the worker reported the end of the file.
    public var finished = false
    /// What the file printed on stdout and stderr.
    public var output = ""

    public init(file: String) { self.file = file }

    public var passed: Int { cases.count { $0.status == .pass } }
    public var failed: Int { cases.count { $0.failed } }
    public var skipped: Int { cases.count { $0.status == .skip } }

    /// Adds a problem of the whole file (nothing to do with one test).
    public mutating func addFileError(_ message: String) {
        cases.append(Case(status: .error, name: "", location: file, message: message, isTest: false))
    }

    /// Reads the records a worker wrote; unknown or partial lines are ignored.
    public static func parse(records: String, file: String) -> SpecFileResult {
        var result = SpecFileResult(file: file)
        for line in records.split(separator: "\n", omittingEmptySubsequences: true) {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(unescape)
            switch (f[0], f.count) {
            case ("test", 6):
                guard let status = Case.Status(rawValue: f[1]) else { continue }
                result.cases.append(Case(status: status, name: f[2], location: f[3], message: f[4], traceback: f[5]))
            case ("error", 5):
                result.cases.append(Case(status: .error, name: f[1], location: f[2], message: f[3],
                                         traceback: f[4], isTest: false))
            case ("snapshot", 3):
                result.snapshots.append((f[1], f[2]))
            case ("done", 1):
                result.finished = true
            default:
                continue
            }
        }
        return result
    }

    static func unescape(_ field: Substring) -> String {
        guard field.contains("\\") else { return String(field) }
        var out = ""
        var escaped = false
        for c in field {
            if escaped {
                switch c {
                case "t": out.append("\t")
                case "n": out.append("\n")
                case "r": out.append("\r")
                default: out.append(c)
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return out
    }
}
