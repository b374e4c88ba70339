#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaBridge

/// Counts over a whole run and the summary line that ends the output.
struct TestTotals {
    var passed = 0
    var failed = 0
    var skipped = 0

    mutating func add(_ r: SpecFileResult) {
        passed += r.passed
        failed += r.failed
        skipped += r.skipped
    }

    /// "N passed, N failed", with ", N skipped" when tests were pending.
    var summary: String {
        "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
    }
}

/// A report format: told about each file in file order, then the totals.
protocol TestReporter {
    /// Lines about the run (a repetition starts, the files were shuffled).
    mutating func note(_ lines: [String], to sink: ReportSink)
    mutating func file(_ result: SpecFileResult, to sink: ReportSink)
    mutating func end(_ totals: TestTotals, to sink: ReportSink)
}

/// Where a report goes: a file descriptor written in whole pieces.
struct ReportSink {
    let fd: Int32
    /// The first write that failed (its errno), shared by every copy.
    private final class Failure { var errno: Int32? }
    private let failure = Failure()

    /// The errno of the first write that failed, if one did.
    var error: Int32? { failure.errno }

    /// Writes `text`, a byte that is not UTF-8 shown as `\xFF` (`ByteString`).
    func write(_ text: String) {
        var text = ByteString.readable(text)
        text.withUTF8 { buf in
            var offset = 0
            while offset < buf.count {
                let n = systemWrite(fd, buf.baseAddress! + offset, buf.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    if failure.errno == nil { failure.errno = errno }
                    return
                }
                offset += n
            }
        }
    }
}

/// Small text helpers of the reports (kept in a namespace so that they do
/// not collide with other String extensions of the executable).
enum ReportText {
    /// Each line prefixed with `prefix` (a final newline dropped).
    static func indent(_ s: String, _ prefix: String) -> String {
        var lines = s.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines.map { prefix + $0 }.joined(separator: "\n")
    }

    /// Without leading newlines and trailing newlines or spaces.
    static func trim(_ s: String) -> String {
        var t = Substring(s)
        while let f = t.first, f == "\n" || f == "\r\n" { t.removeFirst() }
        while let l = t.last, l == "\n" || l == "\r\n" || l == " " { t.removeLast() }
        return String(t)
    }

    static func firstLine(_ s: String) -> String {
        String(s.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
    }

    static func replace(_ s: String, _ target: String, with replacement: String) -> String {
        s.split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

extension SpecFileResult.Case {
    /// How a report names it: the test's full name, or for a problem
    /// outside a test, the block it came from.
    var displayName: String {
        if isTest { return name }
        return name.isEmpty ? "(file)" : name
    }

    /// "replay: PATH" for a failed test with --html (the reports put it
    /// under the failure), with why the file is missing if it is.
    var replayLine: String? {
        if replay.isEmpty && replayProblem.isEmpty { return nil }
        let problem = replayProblem.isEmpty ? "" : "(not written: \(replayProblem))"
        return "replay: " + (replay.isEmpty ? problem : replay + (problem.isEmpty ? "" : " " + problem))
    }

    /// Message then traceback, trimmed.
    var details: String {
        var parts: [String] = []
        let m = ReportText.trim(message)
        if !m.isEmpty { parts.append(m) }
        let t = ReportText.trim(traceback)
        if !t.isEmpty { parts.append(t) }
        return parts.joined(separator: "\n")
    }
}
