/// One record a child of `navlua test` writes about its run, and the one
/// reader of them (the one Lua writer is `spec_wire.lua`'s `record`; the
/// kinds and their fields are listed in `SpecDriver`). A line that is not
/// one of these records is an error (`RecordError`), which the parent
/// reports on the file it belongs to.
///
///     ChildRecord(line: "file\t2\t120")   ->  .file(2, offset: 120)
///     ChildRecord.done(offset: nil).line  ->  "done\t\n"
enum ChildRecord: Equatable, Sendable {
    /// The K-th (1-based) file of a group's job is being loaded.
    case load(Int, offset: Int?)
    /// The K-th file starts running: the records after this one are about it.
    case file(Int, offset: Int?)
    case test(SpecFileResult.Case.Status, name: String, location: String, message: String, traceback: String)
    /// A problem outside any test: loading, a setup, a hook.
    case error(name: String, location: String, message: String, traceback: String)
    case snapshot(action: String, path: String)
    /// With --html: the replay of the test just reported, and why it could
    /// not be written ("" when it was).
    case replay(path: String, problem: String)
    /// A block ("" for the file) ran its tests shuffled with `seed`.
    case seed(block: String, seed: String)
    /// An event for busted's output handlers, as Lua constructor text.
    case event(offset: Int?, text: String)
    /// With --coverage: the hits of one file under test ("line=hits,...").
    case coverage(path: String, hits: String)
    /// The job ran to its end.
    case done(offset: Int?)

    // OFFSET fields: how far the child's output had got, "" (nil) when the
    // parent does not need it.

    /// The record's fields, its kind first.
    var fields: [String] {
        func offset(_ o: Int?) -> String { o.map(String.init) ?? "" }
        switch self {
        case .load(let k, let o): return ["load", String(k), offset(o)]
        case .file(let k, let o): return ["file", String(k), offset(o)]
        case .test(let status, let name, let location, let message, let traceback):
            return ["test", status.rawValue, name, location, message, traceback]
        case .error(let name, let location, let message, let traceback):
            return ["error", name, location, message, traceback]
        case .snapshot(let action, let path): return ["snapshot", action, path]
        case .replay(let path, let problem): return ["replay", path, problem]
        case .seed(let block, let seed): return ["seed", block, seed]
        case .event(let o, let text): return ["event", offset(o), text]
        case .coverage(let path, let hits): return ["coverage", path, hits]
        case .done(let o): return ["done", offset(o)]
        }
    }

    /// The record as a line, newline included.
    var line: String { RecordLine.encode(fields) }

    /// Reads one line (without its newline).
    init(line: ArraySlice<UInt8>) throws(RecordError) {
        try self.init(fields: RecordLine.decode(line))
    }

    init(line: Substring) throws(RecordError) {
        try self.init(line: ArraySlice(ByteString.bytes(of: String(line))))
    }

    init(fields f: [String]) throws(RecordError) {
        let kind = f.first ?? ""
        let counts = ["load": 3, "file": 3, "test": 6, "error": 5, "snapshot": 3, "replay": 3, "seed": 3, "event": 3,
                      "coverage": 3, "done": 2]
        guard let expected = counts[kind] else { throw .unknown(kind: kind) }
        guard f.count == expected else { throw .fieldCount(kind: kind, expected: expected, got: f.count) }
        func number(_ i: Int) throws(RecordError) -> Int {
            guard let n = Int(f[i]) else { throw .notANumber(kind: kind, field: f[i]) }
            return n
        }
        func offset(_ i: Int) throws(RecordError) -> Int? { f[i].isEmpty ? nil : try number(i) }
        switch kind {
        case "load": self = .load(try number(1), offset: try offset(2))
        case "file": self = .file(try number(1), offset: try offset(2))
        case "test":
            guard let status = SpecFileResult.Case.Status(rawValue: f[1]) else { throw .unknownStatus(f[1]) }
            self = .test(status, name: f[2], location: f[3], message: f[4], traceback: f[5])
        case "error": self = .error(name: f[1], location: f[2], message: f[3], traceback: f[4])
        case "snapshot": self = .snapshot(action: f[1], path: f[2])
        case "replay": self = .replay(path: f[1], problem: f[2])
        case "seed": self = .seed(block: f[1], seed: f[2])
        case "event": self = .event(offset: try offset(1), text: f[2])
        case "coverage": self = .coverage(path: f[1], hits: f[2])
        default: self = .done(offset: try offset(1))
        }
    }

    /// Every whole line of `bytes` read as a record, in order; what follows
    /// the last newline is not a record (yet): a child that died while
    /// writing leaves the start of one.
    static func records(in bytes: ArraySlice<UInt8>) -> [Result<ChildRecord, RecordError>] {
        RecordLine.lines(bytes).lines.map(decode)
    }

    /// One line read as a record, or why it is not one.
    static func decode(_ line: ArraySlice<UInt8>) -> Result<ChildRecord, RecordError> {
        Result { () throws(RecordError) in try ChildRecord(line: line) }
    }
}

/// A child's records as they arrive on its pipe, in chunks that need not
/// end on a line.
struct ChildRecordStream {
    private var pending: [UInt8] = []
    private(set) var records: [Result<ChildRecord, RecordError>] = []

    /// Adds a chunk; returns the records it completed.
    @discardableResult
    mutating func append(_ bytes: ArraySlice<UInt8>) -> ArraySlice<Result<ChildRecord, RecordError>> {
        let before = records.count
        let hasNewline = bytes.contains(0x0A)
        pending += bytes
        guard hasNewline else { return records[before...] }
        let (lines, rest) = RecordLine.lines(pending[...])
        records += lines.map(ChildRecord.decode)
        pending = Array(rest)
        return records[before...]
    }
}

/// A line of a child's records that is not a record navlua knows.
enum RecordError: Error, Equatable, CustomStringConvertible {
    case unknown(kind: String)
    /// Too few fields (a record cut short) or too many.
    case fieldCount(kind: String, expected: Int, got: Int)
    case notANumber(kind: String, field: String)
    case unknownStatus(String)
    /// A `file` or `load` record that names a file the job does not have.
    case noSuchFile(Int, of: Int)

    var description: String {
        switch self {
        case .unknown(let kind): "an unknown record '\(kind)'"
        case .fieldCount(let kind, let expected, let got): "a record '\(kind)' of \(got) fields, not \(expected)"
        case .notANumber(let kind, let field): "a record '\(kind)' with '\(field)' for a number"
        case .unknownStatus(let status): "a record 'test' with the unknown status '\(status)'"
        case .noSuchFile(let k, let count): "a record of file \(k) of a job of \(count)"
        }
    }
}
