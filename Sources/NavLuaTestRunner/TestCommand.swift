#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaBridge

/// `navlua test [options] [PATH...]`: runs `*_spec.lua` files, each in its
/// own worker process, and reports in file order (SPEC section 8).
///
/// ```
/// $ navlua test --jobs 2 -o junit --output report.xml spec
/// ok   spec/navigation_spec.lua  (12 passed)
/// ...
/// 40 passed, 0 failed
/// ```
///
/// Exit status: 0 when nothing failed, 1 on any failure (or no spec files),
/// 2 on usage errors. The last line on standard output is the summary.
public enum TestCommand {
    public static func main(_ args: [String]) -> Int32 {
        let options: TestOptions
        do {
            options = try TestOptions(args)
        } catch let e as UsageError {
            return e.report()
        } catch {
            return 2
        }
        if let fd = options.workerResultsFD { return worker(options, resultsFD: fd) }
        if let pattern = options.filter, let problem = SpecWorker.patternProblem(pattern) {
            return UsageError("--filter: \(problem)").report()
        }

        let roots = options.paths.isEmpty ? [SpecDiscovery.defaultRoot] : options.paths
        var files: [String]
        do {
            files = try SpecDiscovery.files(under: roots)
        } catch let missing as SpecDiscovery.Missing {
            return UsageError("no such file or folder: '\(missing.path)'").report()
        } catch {
            return 2
        }
        if files.isEmpty {
            writeError("navlua: no *_spec.lua files under \(roots.joined(separator: ", "))\n")
            return 1
        }
        if let shard = options.shard {
            files = SpecDiscovery.shard(files, index: shard.index, count: shard.count)
        }

        let stdout = ReportSink(fd: 1)
        var sink = stdout
        if let path = options.outputFile {
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                return UsageError("cannot write '\(path)': \(String(cString: strerror(errno)))").report()
            }
            sink = ReportSink(fd: fd)
        }
        var reporter: any TestReporter = switch options.format {
        case .text: TextReporter()
        case .tap: TapReporter()
        case .junit: JUnitReporter()
        }
        // With --output, standard output still gets the text report.
        let console: TextReporter? = options.outputFile == nil ? nil : TextReporter()

        var totals = TestTotals()
        fflush(nil)
        WorkerPool(files: files, options: options).run { result in
            totals.add(result)
            reporter.file(result, to: sink)
            console?.file(result, to: stdout)
        }
        reporter.end(totals, to: sink)
        if let c = console {
            c.end(totals, to: stdout)
            close(sink.fd)
        } else if options.format != .text {
            stdout.write(totals.summary + "\n")
        }
        return totals.failed > 0 ? 1 : 0
    }

    /// The hidden worker mode: runs one file, records to `resultsFD`.
    private static func worker(_ options: TestOptions, resultsFD: Int32) -> Int32 {
        _ = fcntl(resultsFD, F_SETFD, FD_CLOEXEC)
        var o = SpecWorker.Options(file: options.paths[0], resultsPath: "/dev/fd/\(resultsFD)")
        o.filter = options.filter
        o.updateSnapshots = options.updateSnapshots
        o.timeout = options.timeout
        o.memoryLimitMB = options.memoryLimitMB
        let status = SpecWorker.run(o)
        fflush(nil)
        return status
    }
}
