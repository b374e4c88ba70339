import NavLuaSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaBridge

/// The worker of `navlua test`: a process forked from the parent once its
/// Lua state (the template: busted, luassert and the helper loaded, no
/// spec) is ready, whose only job is to fork one process per spec file on
/// request. Each file so runs in a fresh copy of the template for the price
/// of a fork, and a file that crashes, hangs or exhausts memory ends only
/// its own process; if the worker itself dies, `WorkerPool` starts another.
///
/// The parent never forks while files run: a fork write-protects every page
/// of the forking process, and the parent, which reads and reports, would
/// then take a page fault on nearly every page it touches after each file.
///
/// Protocol, one record a line (`RecordLine`, as the driver's records):
///
///     parent -> worker   run SLOT SEED RUN FILE...  fork a process for these files in SLOT (RUN: of --repeat)
///     worker -> parent   started SLOT PID
///                        exited SLOT STATUS         (waitpid's status)
///
/// A slot is the resources one running file needs, made by the parent and
/// inherited by the worker: a pipe for the child's records (the parent
/// drains it when the child has exited) and a temp file for its stdout and
/// stderr.
final class SpecZygote {
    struct Slot {
        let recordsRead: Int32
        let recordsWrite: Int32
        let output: Int32
    }

    let slots: [Slot]
    private(set) var pid: pid_t = -1
    private var control: Int32 = -1
    /// The parent reads the worker's news here; end of file: the worker died.
    private(set) var status: Int32 = -1
    private var statusBuffer: [UInt8] = []

    /// Makes `count` slots; nil when the system refuses pipes or files.
    init?(slots count: Int) {
        var made: [Slot] = []
        for _ in 0..<count {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return nil }
            // both ends: the runner forks without exec, and a program a spec
            // starts must not hold any slot's records open
            for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
            let output = SpecZygote.temporaryFile()
            guard output >= 0 else { return nil }
            made.append(Slot(recordsRead: ends[0], recordsWrite: ends[1], output: output))
        }
        slots = made
    }

    deinit {
        stop()
        for s in slots { close(s.recordsRead); close(s.recordsWrite); close(s.output) }
    }

    /// Forks the worker. False when it cannot be started.
    func start(session: LuaSession, options: TestOptions) -> Bool {
        var toWorker: [Int32] = [-1, -1], fromWorker: [Int32] = [-1, -1]
        guard pipe(&toWorker) == 0 else { return false }
        guard pipe(&fromWorker) == 0 else { close(toWorker[0]); close(toWorker[1]); return false }
        // forked, never exec'd: no program a spec starts inherits them
        for fd in toWorker + fromWorker { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        fflush(nil)   // nothing buffered may be written twice
        // The worker keeps the stop signals blocked from its first
        // instruction on (see `TestInterrupt`); the parent's are blocked only
        // across the fork.
        navlua_block_stop_signals(1)
        let p = navlua_fork()
        if p != 0 { navlua_block_stop_signals(0) }
        if p == 0 {
            close(toWorker[1])
            close(fromWorker[0])
            serve(control: toWorker[0], status: fromWorker[1], session: session, options: options)
        }
        close(toWorker[0])
        close(fromWorker[1])
        guard p > 0 else { close(toWorker[1]); close(fromWorker[0]); return false }
        _ = fcntl(toWorker[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fromWorker[0], F_SETFD, FD_CLOEXEC)
        pid = p
        control = toWorker[1]
        status = fromWorker[0]
        statusBuffer = []
        return true
    }

    /// Asks the worker to run `files` in `slot`, in run `run` of --repeat;
    /// false when it is gone.
    func run(slot: Int, files: [String], seed: String, run: Int) -> Bool {
        SpecZygote.writeAll(control, ByteString.bytes(of: RecordLine.encode(["run", String(slot), seed, String(run)] + files)))
    }

    /// The worker's news so far: (kind, slot, value) with kind "started"
    /// (value: pid) or "exited" (value: status); nil once it has died.
    func news() -> [(kind: String, slot: Int, value: Int32)]? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n = read(status, &chunk, chunk.count)
        if n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN) { return nil }
        if n > 0 { statusBuffer += chunk[..<n] }
        var out: [(String, Int, Int32)] = []
        while let newline = statusBuffer.firstIndex(of: UInt8(ascii: "\n")) {
            let f = String(decoding: statusBuffer[..<newline], as: UTF8.self).split(separator: "\t")
            statusBuffer.removeSubrange(...newline)
            if f.count == 3, let slot = Int(f[1]), let value = Int32(f[2]) { out.append((String(f[0]), slot, value)) }
        }
        return out
    }

    /// Ends the worker (it kills the process groups of the children it
    /// still has, which would be reported to nobody) and reaps it.
    func stop() {
        guard pid > 0 else { return }
        close(control)
        close(status)
        var st: Int32 = 0
        while waitpid(pid, &st, 0) < 0 && errno == EINTR {}
        pid = -1
    }

    /// Kills a worker that died or must go, without waiting for its children.
    func abandon() {
        guard pid > 0 else { return }
        kill(pid, SIGKILL)
        stop()
    }

    // ---- the worker process -------------------------------------------------

    private struct Running {
        let slot: Int
        let pid: pid_t
        let life: Int32   // end of file when the child has exited
    }

    /// The worker's loop. When the parent is gone (the control pipe at its
    /// end, or the status pipe broken) or stops it, the children still
    /// running are killed with their process groups: nobody would read
    /// their results, and a spinning spec would spin on under PID 1.
    private func serve(control: Int32, status: Int32, session: LuaSession, options: TestOptions) -> Never {
        let devNull = open("/dev/null", O_RDONLY)
        var running: [Running] = []
        var buffer: [UInt8] = []
        var open = true
        var chunk = [UInt8](repeating: 0, count: 65536)
        while open || !running.isEmpty {
            var fds = (open ? [pollfd(fd: control, events: Int16(POLLIN), revents: 0)] : [])
                + running.map { pollfd(fd: $0.life, events: Int16(POLLIN), revents: 0) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                _exit(3)
            }
            let base = open ? 1 : 0
            var ended: [Int] = []
            var parentGone = false
            for (k, r) in running.enumerated() where fds[base + k].revents != 0 {
                var st: Int32 = 0
                while waitpid(r.pid, &st, 0) < 0 && errno == EINTR {}
                close(r.life)
                if !SpecZygote.writeAll(status, Array("exited\t\(r.slot)\t\(st)\n".utf8)) { parentGone = true }
                ended.append(k)
            }
            for k in ended.reversed() { running.remove(at: k) }
            if parentGone && open {
                open = false
                for r in running { WorkerPool.signalGroup(r.pid, SIGKILL) }
            }
            if open && fds[0].revents != 0 {
                let n = read(control, &chunk, chunk.count)
                if n <= 0 && !(n < 0 && errno == EINTR) {
                    open = false
                    for r in running { WorkerPool.signalGroup(r.pid, SIGKILL) }
                } else if n > 0 {
                    buffer += chunk[..<n]
                }
                while open, let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let f = RecordLine.decode(buffer[..<newline])
                    buffer.removeSubrange(...newline)
                    guard f.count >= 5, f[0] == "run", let slot = Int(f[1]), slots.indices.contains(slot),
                          let run = Int(f[3]) else { continue }
                    if let r = fork(slot: slot, seed: f[2], run: run, files: Array(f[4...]), devNull: devNull,
                                    control: control, status: status, session: session, options: options) {
                        running.append(r)
                        if !SpecZygote.writeAll(status, Array("started\t\(slot)\t\(r.pid)\n".utf8)) {
                            open = false
                            for r in running { WorkerPool.signalGroup(r.pid, SIGKILL) }
                        }
                    } else {
                        _ = SpecZygote.writeAll(status, Array("exited\t\(slot)\t\(Int32(127) << 8)\n".utf8))
                    }
                }
            }
        }
        _exit(0)
    }

    private func fork(slot: Int, seed: String, run: Int, files: [String], devNull: Int32, control: Int32, status: Int32,
                      session: LuaSession, options: TestOptions) -> Running? {
        var life: [Int32] = [-1, -1]
        guard pipe(&life) == 0 else { return nil }
        // the worker's end of a running child's pipe must not reach the
        // programs a later child's spec starts (they exec)
        _ = fcntl(life[0], F_SETFD, FD_CLOEXEC)
        fflush(nil)
        let worker = getpid()
        let p = navlua_fork()
        if p == 0 {
            // a group of its own, which the parent stops or kills whole
            navlua_spec_process_group(worker)
            close(life[0])
            // a program the spec starts does not keep the worker waiting
            _ = fcntl(life[1], F_SETFD, FD_CLOEXEC)
            close(control)
            close(status)
            let s = slots[slot]
            dup2(devNull, 0)
            dup2(s.output, 1)
            // With busted's handlers the report is busted's, on stdout: a
            // spec's stderr goes where busted's goes, to stderr, and never
            // into the report (an XML report must stay XML).
            if case .busted = options.format {} else { dup2(s.output, 2) }
            FailureReplays.current?.run = run
            SpecChild.run(session: session, options: options, files: files, slot: slot, resultsFD: s.recordsWrite,
                          seed: seed)
        }
        close(life[1])
        guard p > 0 else { close(life[0]); return nil }
        // also here, so the group exists before the parent hears the pid
        _ = setpgid(p, p)
        return Running(slot: slot, pid: p, life: life[0])
    }

    // ---- helpers ----------------------------------------------------------------

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return false }
            offset += n
        }
        return true
    }

    /// An unlinked temp file for children's stdout and stderr.
    static func temporaryFile() -> Int32 {
        let dir = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((dir + "/navlua-test-XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        if fd >= 0 {
            unlink(template)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        return fd
    }
}
