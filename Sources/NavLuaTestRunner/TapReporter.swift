import NavLuaBridge

/// `-o tap`: TAP version 13. Tests are numbered across files in file order;
/// failures carry a YAML block (`at`, `message`), skipped tests a `# SKIP`
/// directive, what a file printed and the snapshots it wrote are `#`
/// comments. The plan comes last, then the summary line (a line TAP
/// harnesses ignore).
struct TapReporter: TestReporter {
    private var number = 0

    mutating func file(_ r: SpecFileResult, to sink: ReportSink) {
        var text = number == 0 ? "TAP version 13\n" : ""
        text += "# \(r.file)\n"
        if !r.output.isEmpty { text += ReportText.indent(r.output, "# | ") + "\n" }
        for c in r.cases {
            number += 1
            let description = ReportText.replace("\(r.file): \(c.displayName)", "#", with: "\\#")
            switch c.status {
            case .pass:
                text += "ok \(number) - \(description)\n"
            case .skip:
                text += "ok \(number) - \(description) # SKIP\(c.message.isEmpty ? "" : " " + ReportText.firstLine(c.message))\n"
            case .fail, .error:
                text += "not ok \(number) - \(description)\n"
                text += "  ---\n"
                text += "  at: \(yamlScalar(c.location))\n"
                text += "  severity: \(c.status == .fail ? "fail" : "error")\n"
                text += "  message: |-\n" + ReportText.indent(c.details, "    ") + "\n"
                text += "  ...\n"
            }
        }
        for s in r.snapshots { text += "# snapshot \(s.action): \(s.path)\n" }
        sink.write(text)
    }

    func end(_ totals: TestTotals, to sink: ReportSink) {
        sink.write((number == 0 ? "TAP version 13\n" : "") + "1..\(number)\n")
    }

    private func yamlScalar(_ s: String) -> String {
        "'" + ReportText.replace(s, "'", with: "''") + "'"
    }
}
