#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
import MachO   // _NSGetExecutablePath
#endif
import NavLuaBridge

/// Runs spec files in worker processes, at most `jobs` at once, and hands
/// their results back in file order, whatever order they start or finish in.
///
/// Each worker is this same executable (`/proc/self/exe`; on macOS
/// `_NSGetExecutablePath`) started with
/// posix_spawn as `navlua test --worker 3 ... -- FILE`. It writes records
/// to a pipe on its fd 3 and its stdout and stderr go to an unlinked temp
/// file. The parent polls the pipes; end of file on a pipe means the worker
/// is done. With `--timeout`, a worker still running a second after its
/// own Lua hook should have stopped it is killed.
struct WorkerPool {
    let files: [String]
    let options: TestOptions
    var executable = WorkerPool.selfExecutable

    /// How long past `--timeout` the parent waits for a worker's own hook.
    static let killGrace = 1.0   // seconds

    static var selfExecutable: String {
        var buf = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        #if canImport(Darwin)
        var size = UInt32(buf.count)
        let n = _NSGetExecutablePath(&buf, &size) == 0 ? strlen(buf) : 0
        #else
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        #endif
        return n > 0 ? String(decoding: buf[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                     : CommandLine.arguments[0]
    }

    private final class Worker {
        let index: Int
        let pid: pid_t
        let pipe: Int32
        let outputFile: Int32
        let deadline: Double?
        var records: [UInt8] = []

        init(index: Int, pid: pid_t, pipe: Int32, outputFile: Int32, deadline: Double?) {
            self.index = index
            self.pid = pid
            self.pipe = pipe
            self.outputFile = outputFile
            self.deadline = deadline
        }
    }

    /// Runs every file; calls `deliver` once per file, in file order.
    func run(_ deliver: (SpecFileResult) -> Void) {
        var results = [SpecFileResult?](repeating: nil, count: files.count)
        var nextToDeliver = 0
        var started = 0
        var running: [Worker] = []
        let jobs = max(1, min(options.jobs, files.count))
        let order = jobs > 1 ? largestFirst() : Array(files.indices)

        while nextToDeliver < files.count {
            while running.count < jobs && started < files.count {
                let index = order[started]
                switch spawn(index: index) {
                case .success(let w): running.append(w)
                case .failure(let message):
                    var r = SpecFileResult(file: files[index])
                    r.addFileError(message)
                    results[index] = r
                }
                started += 1
            }
            if !running.isEmpty {
                wait(&running) { results[$0.index] = $1 }
            }
            while nextToDeliver < files.count, let r = results[nextToDeliver] {
                deliver(r)
                results[nextToDeliver] = nil
                nextToDeliver += 1
            }
        }
    }

    /// File indices, biggest file first: a long file started last would
    /// leave the other workers idle at the end. Ties keep file order.
    private func largestFirst() -> [Int] {
        let sizes = files.map { path -> Int in
            var st = stat()
            return stat(path, &st) == 0 ? Int(st.st_size) : 0
        }
        return files.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
    }

    /// Waits until some worker has news; finishes the ones that are done.
    private func wait(_ running: inout [Worker], _ done: (Worker, SpecFileResult) -> Void) {
        var fds = running.map { pollfd(fd: $0.pipe, events: Int16(POLLIN), revents: 0) }
        var timeout: Int32 = -1
        let now = monotonic()
        if let soonest = running.compactMap(\.deadline).min() {
            timeout = Int32(max(0, min(Double(Int32.max / 2), ((soonest - now) * 1000).rounded(.up))))
        }
        let n = poll(&fds, nfds_t(fds.count), timeout)
        if n < 0 && errno != EINTR { fatal("poll failed: \(String(cString: strerror(errno)))") }
        var finished: [Int] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        for (k, w) in running.enumerated() {
            if fds[k].revents != 0 {
                let got = read(w.pipe, &chunk, chunk.count)
                if got > 0 {
                    w.records += chunk[..<got]
                } else if got == 0 || (errno != EINTR && errno != EAGAIN) {
                    done(w, finish(w, killedForTimeout: false))
                    finished.append(k)
                }
            } else if let d = w.deadline, monotonic() >= d {
                kill(w.pid, SIGKILL)
                done(w, finish(w, killedForTimeout: true))
                finished.append(k)
            }
        }
        for k in finished.reversed() { running.remove(at: k) }
    }

    private func finish(_ w: Worker, killedForTimeout: Bool) -> SpecFileResult {
        var status: Int32 = 0
        while waitpid(w.pid, &status, 0) < 0 && errno == EINTR {}
        close(w.pipe)
        var result = SpecFileResult.parse(records: String(decoding: w.records, as: UTF8.self), file: files[w.index])
        result.output = readAll(w.outputFile)
        close(w.outputFile)
        let signal = status & 0x7f
        let exitCode = (status >> 8) & 0xff
        if killedForTimeout {
            result.addFileError("timeout: the file ran past --timeout \(SpecWorker.figure(options.timeout ?? 0)) s"
                                + " and its worker was stopped; the rest of the file did not run")
        } else if signal != 0 {
            let name = signal == SIGKILL ? " (SIGKILL: out of memory?)" : signal == SIGSEGV ? " (SIGSEGV)" : ""
            result.addFileError("the worker running this file was killed by signal \(signal)\(name)")
        } else if !result.finished && !result.cases.contains(where: { !$0.isTest && $0.status == .error }) {
            result.addFileError(exitCode == 0
                ? "the file ended its process (os.exit?) before its tests finished"
                : "the worker running this file exited with status \(exitCode) before the file finished")
        }
        return result
    }

    private enum Spawned { case success(Worker), failure(String) }

    private func spawn(index: Int) -> Spawned {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return .failure("cannot make a pipe: \(errorText())") }
        // single-threaded: nothing can spawn between pipe and fcntl
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        let output = temporaryFile()
        guard output >= 0 else {
            close(ends[0]); close(ends[1])
            return .failure("cannot make a temporary file: \(errorText())")
        }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?   // an opaque pointer there
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, output, 2)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 3)   // ends[1] > 3: ends[0] came first

        let args = options.workerArguments(file: files[index], resultsFD: 3)
        var argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, executable, &actions, nil, &argv, environ)
        close(ends[1])
        guard rc == 0 else {
            close(ends[0]); close(output)
            return .failure("cannot start a worker (\(executable)): \(String(cString: strerror(rc)))")
        }
        let deadline = options.timeout.map { monotonic() + $0 + WorkerPool.killGrace }
        return .success(Worker(index: index, pid: pid, pipe: ends[0], outputFile: output, deadline: deadline))
    }

    /// An unlinked temp file (close-on-exec) for a worker's stdout and stderr.
    private func temporaryFile() -> Int32 {
        let dir = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((dir + "/navlua-test-XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        if fd >= 0 {
            unlink(template)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        return fd
    }

    private func readAll(_ fd: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var offset: off_t = 0
        while true {
            let n = pread(fd, &chunk, chunk.count, offset)
            if n <= 0 { break }
            bytes += chunk[..<n]
            offset += off_t(n)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func errorText() -> String { String(cString: strerror(errno)) }
}

func monotonic() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

func fatal(_ message: String) -> Never {
    writeError("navlua: \(message)\n")
    exit(2)
}
