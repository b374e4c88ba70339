#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaBridge
import NavLuaVisuals

/// `navlua test [options] [PATH...]`: runs busted spec files, each in its
/// own process forked from a Lua state that has busted loaded, and reports
/// in file order (manual §11.1 rule 2). The options are busted's (its command
/// line and `.busted`) plus navlua's; `navlua test --help` lists them.
///
/// ```
/// $ navlua test --jobs 2 spec
/// ok   spec/navigation_spec.lua  (12 passed)
/// ...
/// 40 passed, 0 failed
/// ```
///
/// Exit status: 0 when nothing failed, 1 on any failure (or no spec files),
/// 2 on usage and configuration errors. The last line of the default
/// output is the summary; `-o NAME` prints what busted's handler NAME prints.
public enum TestCommand {
    /// The command line's bytes as given: paths and patterns need not be
    /// UTF-8 (`ByteString` keeps every byte).
    public static func main(arguments: [[UInt8]]) -> Int32 {
        main(arguments.map { ByteString.decode($0) })
    }

    public static func main(_ args: [String]) -> Int32 {
        let session = LuaSession.driver()
        let options: TestOptions
        switch session.call("parse", [EmbeddedLua.testOptions] + args, status: 2) {
        case .failure(let f): return UsageError(f.message, command: "test").report()
        case .success(let text):
            do throws(TestOptions.Problem) {
                options = try TestOptions(encoded: text)
            } catch {
                return UsageError(error.message, command: "test").report()
            }
        }
        if let preset = options.preset {
            if let problem = NavLuaHost.presetProblem(preset) {
                return UsageError("\(options.origins["preset"] ?? "--preset"): \(problem)", command: "test").report()
            }
            // The template every spec file is forked from, and any process it starts.
            NavLuaHost.usePreset(preset)
            session.host.bridge.defaultPreset = preset
        }
        if let help = options.helpText {
            ReportSink(fd: 1).write(help)
            return 0
        }
        if options.version {
            ReportSink(fd: 1).write(((try? session.call("version", []).get()) ?? "?") + "\n")
            return 0
        }
        // From here Ctrl-C, SIGTERM, SIGHUP and SIGPIPE end the run with a
        // report of what ran.
        guard let interrupt = TestInterrupt.install() else {
            writeError("navlua: cannot make a pipe: \(String(cString: strerror(errno)))\n")
            return 1
        }
        let executable = absolute(CommandLine.arguments.first ?? "navlua")
        if options.directory != "./" && chdir(options.directory) != 0 {
            return UsageError("--directory: cannot change to '\(options.directory)': "
                              + String(cString: strerror(errno)), command: "test").report()
        }
        if let problem = sharedOutputFile(options) { return UsageError(problem, command: "test").report() }
        for (pattern, origin) in options.patterns {
            if let problem = LuaPattern.problem(pattern) { return UsageError("\(origin): \(problem)", command: "test").report() }
        }
        if case .failure(let f) = session.call("prepare", [EmbeddedLua.snapshotStore, EmbeddedLua.coverage,
                                                             executable] + args) {
            if f.status == 2 { return UsageError(f.message, command: "test").report() }
            writeError("navlua: \(f.message)\n")
            return 1
        }
        var files: [String]
        switch session.call("discover", [SpecDiscovery.defaultRoot], status: 2) {
        case .failure(let f): return UsageError(f.message, command: "test").report()
        case .success(let text): files = text.isEmpty ? [] : RecordLine.decode(text.dropLast())   // one record
        }
        if files.isEmpty {
            let roots = options.roots.isEmpty ? [SpecDiscovery.defaultRoot] : options.roots
            writeError("navlua: no spec files (names matching \(options.namePatterns.joined(separator: ", ")),"
                       + " .lua) under \(roots.joined(separator: ", "))\n")
            return 1
        }
        // --html: the folder made now (a bad one is an error before anything
        // runs), the writer installed in the template before any fork; the
        // names come from every file, so that shards never share one
        if let dir = options.htmlDirectory, !options.list {
            if let problem = FailureReplays.makeDirectory(dir) {
                return UsageError("\(options.origins["html"] ?? "--html"): \(problem)", command: "test").report()
            }
            FailureReplays(directory: dir, files: files).install(in: session.host)
        }
        if let shard = options.shard {
            files = SpecDiscovery.shard(files, index: shard.index, count: shard.count)
        }

        var report: RunReport
        do {
            report = try RunReport(options: options, session: session)
        } catch {
            return UsageError(error.message, command: "test").report()
        }
        // Every file compiled up front, as busted does: one that does not
        // load is an error before the suite starts, and is not run.
        var unloadable: [String: SpecFileResult] = [:]
        // The driver's own work: if it fails, the run fails (it must not
        // end as a run of no files that passed).
        func driver(_ name: String, _ arguments: [String]) -> String? {
            switch session.call(name, arguments) {
            case .success(let text): return text
            case .failure(let f):
                writeError("navlua: navlua test's driver failed (\(name)): \(f.message)\n")
                return nil
            }
        }
        guard let compiled = driver("compile", files) else { return 1 }
        for line in compiled.split(separator: "\n") {
            let f = RecordLine.decode(line)
            guard f.count == 2 else { continue }
            let records = ChildRecord.records(in: ArraySlice(ByteString.bytes(of: f[1])))
            guard var r = SpecFileResult.parse(records: records, output: [], files: [f[0]]).results.first else { continue }
            r.finished = true
            r.reportedEarly = true
            unloadable[f[0]] = r
        }
        // Every run's plan, before the worker is forked: the template must
        // not change after that (a new worker may be needed).
        let runs = options.repeatCount
        var plans: [(seed: String, order: [String], files: [String], jobs: [Range<Int>])] = []
        for run in 1...runs {
            guard let plan = driver("plan", [String(run)] + files) else { return 1 }
            var fields = RecordLine.decode(plan.dropLast())   // one record: the seed, the files
            let seed = fields.removeFirst()
            let order = fields.filter { !$0.isEmpty }
            let runnable = order.filter { unloadable[$0] == nil }
            guard let groups = driver("groups", runnable) else { return 1 }
            let sizes = groups.split(separator: " ").compactMap { Int($0) }
            var jobs: [Range<Int>] = []
            var start = 0
            for n in sizes where n > 0 {
                jobs.append(start..<min(start + n, runnable.count))
                start += n
            }
            plans.append((seed, order, runnable, jobs))
        }
        guard let zygote = SpecZygote(slots: max(1, min(options.processes, files.count))),
              case .success = session.call("attach", zygote.slots.map { "/dev/fd/\($0.recordsWrite)" }),
              case .success = session.call("settle", []),
              zygote.start(session: session, options: options) else {
            writeError("navlua: cannot start a worker process: \(String(cString: strerror(errno)))\n")
            return 1
        }
        var stopped = false
        report.loadErrors(plans[0].order.compactMap { unloadable[$0] })
        var interrupted = false
        for (run, plan) in zip(1..., plans) where !stopped {
            report.runStart(run: run, of: runs, seed: plan.seed)
            // the files that did not load take their place in run 1's order
            var pending = run == 1 ? plan.order[...] : []
            func deliver(_ result: SpecFileResult) -> Bool {
                guard !stopped else { return false }
                _ = report.file(result)
                if !options.keepGoing && result.failed > 0 { stopped = true }
                return !stopped
            }
            func deliverUnloadable(before file: String?) -> Bool {
                while let next = pending.first, next != file {
                    pending.removeFirst()
                    if let r = unloadable[next], !deliver(r) { return false }
                }
                if file != nil && !pending.isEmpty { pending.removeFirst() }
                return true
            }
            var notRun: [String] = []
            if !plan.jobs.isEmpty {
                notRun = WorkerPool(session: session, options: options, zygote: zygote, files: plan.files,
                                    jobs: plan.jobs, seed: plan.seed, run: run, interrupt: interrupt).run { result in
                    deliverUnloadable(before: result.file) && deliver(result)
                }
            }
            _ = deliverUnloadable(before: nil)
            if interrupt.count > 0 {
                interrupted = true
                stopped = true
                report.interrupted(by: interrupt.signal, notRun: notRun, run: run, of: runs)
            }
            report.runEnd(run: run, of: runs)
        }
        zygote.stop()
        let status = report.end()
        // SIGTERM, SIGHUP, SIGPIPE: the report is written; end by the signal
        interrupt.exitIfSignalled()
        return interrupted ? 1 : status
    }

    /// `path` made absolute against the current directory, when it names
    /// a file by a relative path (argv[0] run from a shell keeps working
    /// after --directory).
    private static func absolute(_ path: String) -> String {
        guard path.contains("/"), !path.hasPrefix("/") else { return path }
        guard let cwd = getcwd(nil, 0) else { return path }
        defer { free(cwd) }
        return String(cString: cwd) + "/" + path
    }

    /// Two outputs naming one file, however spelled (`r.xml`, `./r.xml`, a
    /// link to it), would overwrite each other: --output, --coverage-output
    /// and junit's own file (its first -Xoutput). Read from the folder the
    /// run writes in (after -C).
    static func sharedOutputFile(_ options: TestOptions) -> String? {
        var outputs: [(String, String)] = []
        if let report = options.reportFile { outputs.append(("--output", report)) }
        if options.coverage { outputs.append(("--coverage-output", options.coverageOutput)) }
        if case .busted("junit") = options.format, let file = options.handlerOptions.first {
            outputs.append(("-Xoutput", file))
        }
        for (i, a) in outputs.enumerated() {
            for b in outputs[(i + 1)...] where FileIdentity.sameFile(ByteString.bytes(of: a.1), ByteString.bytes(of: b.1)) {
                return "\(a.0) and \(b.0) name the same file '\(b.1)'"
            }
        }
        return nil
    }
}
