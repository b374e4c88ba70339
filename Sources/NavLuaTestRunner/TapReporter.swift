import NavLuaBridge

/// `-o tap`: TAP version 13, as Perl's `prove` (TAP::Harness) reads it.
/// Tests are numbered across files in file order; failures carry a YAMLish
/// block (`at`, `severity`, `message`) and, with --html, a `# replay: PATH`
/// line after it; skipped tests a `# SKIP` directive; what a file printed,
/// the snapshots it wrote and random seeds are `#` comments. One version line first; the plan comes last, then the summary
/// line (a line TAP harnesses ignore). (`-o TAP` is busted's own TAP.)
struct TapReporter: TestReporter {
    private var number = 0
    private var started = false

    mutating func note(_ lines: [String], to sink: ReportSink) {
        sink.write((started ? "" : "TAP version 13\n") + lines.map { "# " + $0 + "\n" }.joined())
        started = true
    }

    mutating func file(_ r: SpecFileResult, to sink: ReportSink) {
        var text = started ? "" : "TAP version 13\n"
        started = true
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
                // a literal block: TAP::Parser's YAMLish reads `|` (not `|-`), and
                // a line of the block's indentation only for an empty line
                text += "  message: |\n" + ReportText.indent(c.details, "    ") + "\n"
                text += "  ...\n"
                // --html: a diagnostic line, which harnesses show with the failure
                if let line = c.replayLine { text += "# \(line)\n" }
            }
        }
        for s in r.snapshots { text += "# snapshot \(s.action): \(s.path)\n" }
        for s in r.seeds { text += "# random order\(s.block.isEmpty ? "" : " in " + s.block): seed \(s.seed)\n" }
        sink.write(text)
    }

    mutating func end(_ totals: TestTotals, to sink: ReportSink) {
        sink.write((started ? "" : "TAP version 13\n") + "1..\(number)\n")
        started = true
    }

    private func yamlScalar(_ s: String) -> String {
        "'" + ReportText.replace(s, "'", with: "''") + "'"
    }
}
