import NavLuaBridge

/// `-o text`: one line per file, then under it what a reader needs: each
/// failure with its place, message and traceback, each skipped test, what
/// the file printed, the snapshots it wrote and the seed of each block
/// `randomize()` (or --shuffle-tests) shuffled. No timings, so that the
/// output is the same under any --jobs.
///
///     ok   spec/push_spec.lua  (4 passed)
///     FAIL spec/pop_spec.lua  (1 passed, 1 failed)
///       FAIL pop finishes on a fast swipe  spec/pop_spec.lua:12
///         spec/pop_spec.lua:15: Expected objects to be equal.
///         ...
///         replay: replays/pop_spec--pop-finishes-on-a-fast-swipe.html   (--html DIR)
///
///     5 passed, 1 failed
struct TextReporter: TestReporter {
    private var notes = 0

    mutating func note(_ lines: [String], to sink: ReportSink) {
        sink.write((notes > 0 ? "\n" : "") + lines.map { $0 + "\n" }.joined())
        notes += 1
    }

    func file(_ r: SpecFileResult, to sink: ReportSink) {
        var counts = ["\(r.passed) passed"]
        if r.failed > 0 { counts.append("\(r.failed) failed") }
        if r.skipped > 0 { counts.append("\(r.skipped) skipped") }
        var text = (r.failed > 0 ? "FAIL " : "ok   ") + r.file + "  (" + counts.joined(separator: ", ") + ")\n"
        if !r.output.isEmpty {
            text += "  output:\n" + ReportText.indent(r.output, "  | ") + "\n"
        }
        for c in r.cases where c.status != .pass {
            switch c.status {
            case .skip:
                text += "  SKIP \(c.displayName)  \(c.location)"
                text += c.message.isEmpty ? "\n" : ": \(ReportText.trim(c.message))\n"
            case .fail, .error:
                text += "  \(c.isTest ? "FAIL" : "ERROR") \(c.displayName)  \(c.location)\n"
                text += ReportText.indent(c.details, "    ") + "\n"
                if let line = c.replayLine { text += "    " + line + "\n" }
            case .pass:
                break
            }
        }
        for s in r.snapshots { text += "  snapshot \(s.action): \(s.path)\n" }
        for s in r.seeds {
            text += "  random order\(s.block.isEmpty ? "" : " in " + s.block): seed \(s.seed)"
                + " (--seed \(s.seed) replays it)\n"
        }
        sink.write(text)
    }

    func end(_ totals: TestTotals, to sink: ReportSink) {
        sink.write("\n" + totals.summary + "\n")
    }
}
