import NavLuaBridge
import NavLuaVisuals

/// `-o junit` (with `--output FILE`): the JUnit XML most CI systems read.
/// One `<testsuite>` per spec file, one `<testcase>` per test (and one per
/// problem outside a test) with `file` and `line` attributes; what a file
/// printed is its `<system-out>`. No `time` attributes: the report is the
/// same under any --jobs. Written at the end, when the totals are known.
struct JUnitReporter: TestReporter {
    private var suites = ""
    private var totalFailures = 0
    private var totalErrors = 0

    mutating func file(_ r: SpecFileResult, to sink: ReportSink) {
        let errors = r.cases.count { $0.status == .error }
        let failures = r.cases.count { $0.status == .fail }
        totalErrors += errors
        totalFailures += failures
        var xml = "  <testsuite name=\"\(attr(r.file))\" tests=\"\(r.cases.count)\" failures=\"\(failures)\""
            + " errors=\"\(errors)\" skipped=\"\(r.skipped)\">\n"
        for c in r.cases {
            let (file, line) = split(c.location)
            xml += "    <testcase name=\"\(attr(c.displayName))\" classname=\"\(attr(r.file))\" file=\"\(attr(file))\""
            xml += line.map { " line=\"\($0)\"" } ?? ""
            switch c.status {
            case .pass:
                xml += "/>\n"
                continue
            case .skip:
                xml += ">\n      <skipped" + (c.message.isEmpty ? "" : " message=\"\(attr(ReportText.trim(c.message)))\"") + "/>\n"
            case .fail, .error:
                let tag = c.status == .fail ? "failure" : "error"
                xml += ">\n      <\(tag) message=\"\(attr(ReportText.firstLine(ReportText.trim(c.message))))\""
                    + " type=\"\(c.status.rawValue)\">\(text(c.details))</\(tag)>\n"
            }
            xml += "    </testcase>\n"
        }
        var out = r.output
        for s in r.snapshots { out += "snapshot \(s.action): \(s.path)\n" }
        if !out.isEmpty { xml += "    <system-out>\(text(out))</system-out>\n" }
        xml += "  </testsuite>\n"
        suites += xml
    }

    func end(_ totals: TestTotals, to sink: ReportSink) {
        let tests = totals.passed + totals.failed + totals.skipped
        sink.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                   + "<testsuites name=\"navlua test\" tests=\"\(tests)\" failures=\"\(totalFailures)\""
                   + " errors=\"\(totalErrors)\" skipped=\"\(totals.skipped)\">\n" + suites + "</testsuites>\n")
    }

    /// "spec/a_spec.lua:12" -> ("spec/a_spec.lua", 12).
    private func split(_ location: String) -> (String, Int?) {
        guard let colon = location.lastIndex(of: ":"),
              let line = Int(location[location.index(after: colon)...]) else { return (location, nil) }
        return (String(location[..<colon]), line)
    }

    private func attr(_ s: String) -> String { XMLText.escape(s, attribute: true) }
    private func text(_ s: String) -> String { XMLText.escape(s, attribute: false) }
}
