#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaBridge
import NavLuaVisuals

/// Runs spec files, at most `jobs` at once, each in a process the worker
/// (`SpecZygote`) forks from the template, and hands their results back in
/// file order, whatever order they start or finish in.
///
/// A child writes records to its slot's pipe, which the parent reads as
/// they come, and its stdout and stderr to the slot's file; the worker
/// tells when it has exited. With `--timeout`, a child still running a
/// second after its own Lua hook should have stopped it is killed. A job is
/// one file, or a group of files that must share one Lua state (`expose`,
/// `--no-auto-insulate`: see `session.groups`), run in order by one child.
///
/// On Ctrl-C, SIGTERM, SIGHUP or SIGPIPE (`TestInterrupt`) no job starts,
/// each running child's process group gets the signal (a terminal sends
/// SIGINT to the whole process group, a `kill` from a script or a CI runner
/// often to the parent only, and the children lead groups of their own),
/// and a child still running a second later, or at a second signal, is
/// killed with everything it started.
struct WorkerPool {
    let session: LuaSession
    let options: TestOptions
    let zygote: SpecZygote
    let files: [String]
    /// Consecutive ranges of `files`, one per child.
    let jobs: [Range<Int>]
    let seed: String
    /// Which run of --repeat this is (1 for the first).
    var run = 1
    let interrupt: TestInterrupt

    /// How long past `--timeout`, or after SIGINT, the parent waits for a
    /// child's own hook.
    static let killGrace = 1.0   // seconds

    /// One read buffer for every pipe and file, zeroed once.
    private let buffer = ReadBuffer()

    private final class ReadBuffer {
        var bytes = [UInt8](repeating: 0, count: 65536)
    }

    private final class Running {
        let job: Int
        var pid: pid_t = 0
        var deadline: Double?
        var killed = false
        /// The stop signal sent to it (0: none): its deadline is the interrupt's.
        var interrupted: Int32 = 0
        var records = ChildRecordStream()

        init(job: Int, deadline: Double?) {
            self.job = job
            self.deadline = deadline
        }
    }

    /// Runs every job; calls `deliver` once per file, in file order, until
    /// it returns false (--no-keep-going): then the children still running
    /// are stopped and nothing more is delivered. After an interrupt, what
    /// the children running then report is delivered, in file order, and
    /// the files that never started are returned.
    @discardableResult
    func run(_ deliver: (SpecFileResult) -> Bool) -> [String] {
        var results = [[SpecFileResult]?](repeating: nil, count: jobs.count)
        var nextToDeliver = 0
        var started = 0
        var slots = [Running?](repeating: nil, count: zygote.slots.count)
        let parallel = max(1, min(options.processes, jobs.count, zygote.slots.count))
        let order = parallel > 1 ? largestFirst() : Array(jobs.indices)
        var interrupts = 0

        while nextToDeliver < jobs.count {
            if case let n = interrupt.count, n > interrupts {
                interrupts = n
                stopForInterrupt(&slots, now: interrupts >= 2)
            }
            if interrupts > 0 && !slots.contains(where: { $0 != nil }) { break }
            while interrupts == 0 && slots.count(where: { $0 != nil }) < parallel && started < jobs.count {
                let job = order[started]
                started += 1
                let slot = slots.firstIndex(where: { $0 == nil })!
                let deadline = options.timeout.map { monotonic() + $0 + WorkerPool.killGrace }
                slots[slot] = Running(job: job, deadline: deadline)
                if !zygote.run(slot: slot, files: jobs[job].map { files[$0] }, seed: seed, run: run) {
                    restart(&slots, &results, because: "could not reach the worker")
                }
            }
            wait(&slots, &results)
            while nextToDeliver < jobs.count, let rs = results[nextToDeliver] {
                results[nextToDeliver] = nil
                nextToDeliver += 1
                for r in rs where !deliver(r) {
                    stopAll(&slots)
                    return []
                }
            }
        }
        // interrupted: what ran, in file order, then what did not
        var notRun: [String] = []
        for job in nextToDeliver..<jobs.count {
            guard let rs = results[job] else {
                notRun += jobs[job].map { files[$0] }
                continue
            }
            for r in rs where !deliver(r) { return [] }
        }
        return notRun
    }

    /// A stop signal: each running child's group gets it, and a deadline a
    /// second away (or now, at the second signal) after which it is killed.
    /// A child whose pid is not known yet gets it when it is (see `wait`).
    private func stopForInterrupt(_ slots: inout [Running?], now hard: Bool) {
        let now = monotonic()
        let sent = interrupt.forwarded
        for case let r? in slots where !r.killed {
            if r.interrupted == 0 && r.pid > 0 { WorkerPool.signalGroup(r.pid, sent) }
            if r.interrupted == 0 { r.interrupted = sent }
            r.deadline = hard ? now : now + WorkerPool.killGrace
        }
    }

    /// Sends `signal` to the process group a spec file's process leads (it
    /// and whatever it started: `os.execute`, `io.popen`), or to the process
    /// alone if it has no group yet.
    static func signalGroup(_ pid: pid_t, _ signal: Int32) {
        if kill(-pid, signal) != 0 { kill(pid, signal) }
    }

    /// Job indices, biggest first: a long file started last would leave the
    /// other processes idle at the end. Ties keep file order.
    private func largestFirst() -> [Int] {
        let sizes = jobs.map { range -> Int in
            range.reduce(0) { total, k in
                var st = stat()
                let found = TextFile.cString(ByteString.bytes(of: files[k])) { stat($0, &st) } == 0
                return total + (found ? Int(st.st_size) : 0)
            }
        }
        return jobs.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
    }

    /// Waits until there is news: records, a child's end, a deadline.
    private func wait(_ slots: inout [Running?], _ results: inout [[SpecFileResult]?]) {
        let busy = slots.indices.filter { slots[$0] != nil }
        var fds = [pollfd(fd: zygote.status, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: interrupt.wake, events: Int16(POLLIN), revents: 0)]
            + busy.map { pollfd(fd: zygote.slots[$0].recordsRead, events: Int16(POLLIN), revents: 0) }
        var timeout: Int32 = -1
        if let soonest = busy.compactMap({ slots[$0]!.killed ? nil : slots[$0]!.deadline }).min() {
            timeout = Int32(max(0, min(Double(Int32.max / 2), ((soonest - monotonic()) * 1000).rounded(.up))))
        }
        if poll(&fds, nfds_t(fds.count), timeout) < 0 && errno != EINTR {
            fatal("poll failed: \(String(cString: strerror(errno)))")
        }
        for (k, slot) in busy.enumerated() where fds[k + 2].revents != 0 {
            drain(slot, slots[slot]!)
        }
        if fds[0].revents != 0 {
            guard let news = zygote.news() else {
                restart(&slots, &results, because: "the worker process ended")
                return
            }
            for (kind, slot, value) in news {
                guard slots.indices.contains(slot), let r = slots[slot] else { continue }
                if kind == "started" {
                    r.pid = value
                    if r.interrupted != 0 { WorkerPool.signalGroup(value, r.interrupted) }
                } else if kind == "exited" {
                    drain(slot, r)
                    results[r.job] = finish(slot, r, status: value)
                    slots[slot] = nil
                }
            }
        }
        let now = monotonic()
        for slot in busy {
            guard let r = slots[slot], !r.killed, r.pid > 0, let d = r.deadline, now >= d else { continue }
            WorkerPool.signalGroup(r.pid, SIGKILL)
            r.killed = true
        }
    }

    /// Reads what the slot's pipe holds now; a `file` record (a group's
    /// child starting its next file) gives the child a new deadline.
    private func drain(_ slot: Int, _ r: Running) {
        while true {
            let n = read(zygote.slots[slot].recordsRead, &buffer.bytes, buffer.bytes.count)
            if n > 0 {
                let new = r.records.append(buffer.bytes[..<n])
                if let t = options.timeout, !r.killed, r.interrupted == 0, new.contains(where: startsAFile) {
                    r.deadline = monotonic() + t + WorkerPool.killGrace
                }
                continue
            }
            if n < 0 && errno == EINTR { continue }
            return
        }
    }

    private func startsAFile(_ record: Result<ChildRecord, RecordError>) -> Bool {
        if case .success(.file) = record { return true }
        return false
    }

    private func finish(_ slot: Int, _ r: Running, status: Int32, lost reason: String? = nil) -> [SpecFileResult] {
        let output = zygote.slots[slot].output
        let names = jobs[r.job].map { files[$0] }
        var (results, started) = SpecFileResult.parse(records: r.records.records, output: readAll(output),
                                                      files: names)
        _ = ftruncate(output, 0)
        _ = lseek(output, 0, SEEK_SET)
        let culprit = started.lastIndex(of: true) ?? 0
        guard !results[culprit].finished else { return results }
        let end = ChildEnd(status: status, killed: r.killed, interrupted: r.interrupted, lost: reason)
        let reported = results[culprit].cases.last { !$0.isTest && $0.status == .error }
        if let problem = end.problem(timeout: options.timeout, fileReportedError: reported != nil) {
            results[culprit].addFileError(problem)
        } else if let reported {
            // the driver's own last word (it could not go on: out of
            // memory, say), which busted's handlers must hear too, as an
            // error of the test open then, or a report counts it as passed
            results[culprit].endedEarly.append(reported.message)
        }
        for k in results.indices where k > culprit {
            results[k].addFileError("did not run: it shares one Lua state with \(names[culprit]) (expose or"
                                    + " --no-auto-insulate), whose process ended early")
        }
        return results
    }

    /// The worker died (or cannot be reached): the files it was running
    /// fail, and a new worker takes over.
    private func restart(_ slots: inout [Running?], _ results: inout [[SpecFileResult]?], because reason: String) {
        for slot in slots.indices {
            guard let r = slots[slot] else { continue }
            if r.pid > 0 { WorkerPool.signalGroup(r.pid, SIGKILL) }
            drain(slot, r)
            results[r.job] = finish(slot, r, status: 0, lost: "\(reason) while this file ran")
            slots[slot] = nil
        }
        zygote.abandon()
        if !zygote.start(session: session, options: options) { fatal("cannot start a worker process: \(String(cString: strerror(errno)))") }
    }

    private func stopAll(_ slots: inout [Running?]) {
        for slot in slots.indices {
            if let r = slots[slot], r.pid > 0 { WorkerPool.signalGroup(r.pid, SIGKILL) }
            slots[slot] = nil
        }
        // the worker would report those ends to nobody
        zygote.abandon()
    }

    private func readAll(_ fd: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var offset: off_t = 0
        while true {
            let n = pread(fd, &buffer.bytes, buffer.bytes.count, offset)
            if n <= 0 { break }
            bytes += buffer.bytes[..<n]
            offset += off_t(n)
        }
        return bytes
    }
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
