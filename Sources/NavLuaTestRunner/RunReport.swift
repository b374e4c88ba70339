#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaBridge
import NavLuaVisuals

/// Everything a run reports, fed each file's result in file order: the
/// chosen format (navlua's text or TAP, or a busted output handler), the
/// text report on standard output when --output sends the report to a
/// file, the totals, coverage, and the exit status.
struct RunReport {
    let options: TestOptions
    private var totals = TestTotals()
    private var reporter: (any TestReporter)?
    private var busted: BustedReporter?
    private var console: TextReporter?
    private var coverage: CoverageReport?
    private let stdout = ReportSink(fd: 1)
    private var sink: ReportSink
    /// Where --output's text or TAP report goes until it is complete.
    private var reportFile: OutputFile?
    private var problems = 0

    init(options: TestOptions, session: LuaSession) throws(LuaSession.Failure) {
        self.options = options
        sink = stdout
        coverage = options.coverage ? CoverageReport() : nil
        if options.list { return }
        switch options.format {
        case .text, .tap:
            // options for busted's output handlers, which these are not
            for (given, key, flag) in [(!options.handlerOptions.isEmpty, "Xoutput", "-Xoutput"),
                                       (options.enableSound, "enable-sound", "-s, --enable-sound")] where given {
                throw LuaSession.Failure(message: "\(options.origins[key].map { $0 == "default" ? flag : $0 } ?? flag):"
                                         + " \(flag) is for busted's output handlers (-o NAME), not for navlua's -o"
                                         + " \(options.format == .tap ? "tap" : "text")", status: 2)
            }
            if let path = options.reportFile {
                // spooled to an anonymous file, written beside the file and
                // renamed over it at the end (OutputSpool)
                let file = OutputFile(ByteString.bytes(of: path))
                reportFile = file
                if let problem = file.problem() {
                    throw LuaSession.Failure(message: "cannot write '\(path)': \(problem)", status: 2)
                }
                guard let fd = OutputFile.spool() else {
                    throw LuaSession.Failure(message: "cannot write '\(path)': no temporary file: \(String(cString: strerror(errno)))",
                                             status: 2)
                }
                sink = ReportSink(fd: fd)
            }
            reporter = options.format == .tap ? TapReporter() : TextReporter()
        case .busted(let name):
            busted = try BustedReporter(name: name, options: options, session: session)
        }
        // With --output, standard output still gets the text report.
        if options.reportFile != nil { console = TextReporter() }
    }

    /// The files that did not load: busted reports them before the suite
    /// starts; navlua's own formats show each in its place in the order.
    mutating func loadErrors(_ results: [SpecFileResult]) {
        for r in results { busted?.file(r) }
    }

    mutating func runStart(run: Int, of runs: Int, seed: String) {
        if options.list { return }
        let shuffled = options.filesShuffled
        busted?.suiteStart(run: run, of: runs, seed: options.shuffleTests ? seed : nil)
        var lines: [String] = []
        if runs > 1 { lines.append("Repeating all tests (run \(run) of \(runs))") }
        if shuffled { lines.append("files shuffled with seed \(seed) (--seed \(seed) replays the order)") }
        guard !lines.isEmpty else { return }
        reporter?.note(lines, to: sink)
        let out = stdout
        console?.note(lines, to: out)
    }

    /// Reports one file; false once nothing more should run.
    mutating func file(_ result: SpecFileResult) -> Bool {
        var r = result
        if options.suppressPending { r.cases.removeAll { $0.status == .skip } }
        coverage?.add(r)
        totals.add(r)
        if options.list {
            stdout.write(r.output)
            for c in r.cases where c.failed {
                problems += 1
                writeError("navlua: \(c.location): \(ReportText.trim(c.message))\n")
            }
            return true
        }
        reporter?.file(r, to: sink)
        if !r.reportedEarly { busted?.file(r) }
        let out = stdout
        console?.file(r, to: out)
        return true
    }

    /// A stop signal (Ctrl-C, SIGTERM, ...) ended the run: which files did
    /// not run, in the report (on standard error for busted's handlers,
    /// whose output has no place for it).
    mutating func interrupted(by signal: Int32, notRun: [String], run: Int, of runs: Int) {
        let shown = notRun.prefix(10).joined(separator: ", ") + (notRun.count > 10 ? ", ..." : "")
        var line = "interrupted (\(StopSignal.name(signal))): "
            + (notRun.isEmpty ? "every file had started" : "\(notRun.count) file\(notRun.count == 1 ? "" : "s") did not run: \(shown)")
        if run < runs { line += "; runs \(run + 1) to \(runs) did not run" }
        if options.list || (busted != nil && console == nil) {
            writeError("navlua: " + line + "\n")
            return
        }
        reporter?.note([line], to: sink)
        let out = stdout
        console?.note([line], to: out)
    }

    mutating func runEnd(run: Int, of runs: Int) {
        busted?.suiteEnd(run: run, of: runs)
    }

    /// Ends the reports; returns the exit status.
    mutating func end() -> Int32 {
        if options.list { return problems > 0 ? 1 : 0 }
        var status: Int32 = 0
        if let b = busted, !b.finish() { status = 1 }
        if let c = coverage {
            let path = options.coverageOutput
            var note: String? = "coverage: \(path) (\(c.summary))"
            do { try c.write(to: path) } catch {
                // a report that cannot be written fails the run, on stderr
                writeError("navlua: coverage: \(error)\n")
                note = nil
                status = 1
            }
            if let note = note {
                if console != nil {
                    stdout.write("\n" + note + "\n")
                } else if options.format == .text {
                    sink.write("\n" + note + "\n")
                } else if options.format == .tap {
                    sink.write("# " + note + "\n")
                } else {
                    writeError("navlua: " + note + "\n")
                }
            }
        }
        reporter?.end(totals, to: sink)
        if let c = console {
            c.end(totals, to: stdout)
        } else if options.format == .tap {
            stdout.write(totals.summary + "\n")
        }
        if let file = reportFile {
            defer { close(sink.fd) }
            do {
                if let e = sink.error { throw TextFile.WriteError(path: file.target, reason: String(cString: strerror(e))) }
                try file.publish(spool: sink.fd)
            } catch {
                file.abandon()
                writeError("navlua: \(error)\n")
                status = 1
            }
        }
        return totals.failed > 0 ? 1 : status
    }
}
