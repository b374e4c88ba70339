import NavLuaRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The copy of a child of `navlua test --html` that runs its files again
/// with a frame recorder when a test failed (FailureReplays): forked before
/// the child runs anything, it waits for the child's notes; with none it
/// ends, with some it replays them. The child hands over its notes once its
/// files have run and waits for the standby, at most twice as long as its
/// own run took (plus a second): a second run that goes another way (a
/// test that depends on what the first run left behind) is ended with all
/// it started (the standby leads a process group of its own), and its
/// replays keep the first run's trace and last frame. A child that was
/// interrupted or ran past --timeout hands over no notes: a second run
/// would only do the same.
///
/// The notes go through a pipe that no program a spec starts inherits
/// (close-on-exec), prefixed by their length, so that neither end waits on
/// a process that is not navlua's.
enum ReplayStandby {
    /// Who a process is once `fork` has run.
    enum Role {
        /// No --html, or the fork failed: the child runs alone.
        case alone
        /// The child, with its standby's pid and the pipe for the notes.
        case child(standby: pid_t, notes: Int32)
        /// The standby, with notes to replay (its output now /dev/null).
        case standby
    }

    /// Forks the standby of a child about to run its files; in the
    /// standby, returns only once there are notes to replay.
    static func fork() -> Role {
        guard let replays = FailureReplays.current else { return .alone }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return .alone }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        fflush(nil)
        let pid = navlua_fork()
        if pid < 0 {
            close(ends[0]); close(ends[1])
            return .alone
        }
        if pid > 0 {
            close(ends[0])
            return .child(standby: pid, notes: ends[1])
        }
        // its own group, which the child can end whole
        _ = setpgid(0, 0)
        // The worker leaves the stop signals blocked for the child to
        // catch; the standby, until it runs, is ended by them.
        var none = sigset_t()
        sigemptyset(&none)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&none, signal) }
        sigprocmask(SIG_UNBLOCK, &none, nil)
        close(ends[1])
        let notes = decode(readMessage(ends[0]))
        close(ends[0])
        if notes.isEmpty { _exit(0) }
        replays.replay(notes)
        let devNull = open("/dev/null", O_RDWR)
        if devNull >= 0 {
            dup2(devNull, 0); dup2(devNull, 1); dup2(devNull, 2)
            close(devNull)
        }
        return .standby
    }

    /// In the child, once its files have run (for `ran` seconds): hands the
    /// notes to the standby and waits for it to write the replays; none
    /// once `stopped` says the child was interrupted or ran past --timeout,
    /// before or while it waits.
    static func finish(standby: pid_t, notes fd: Int32, ran: Double, stopped: () -> Bool) {
        let noted = stopped() ? [] : FailureReplays.current?.noted ?? []
        // a standby that has gone must not end the child with SIGPIPE
        signal(SIGPIPE, SIG_IGN)
        let body = encode(noted)
        var message = withUnsafeBytes(of: UInt64(body.count).littleEndian) { Array($0) }
        message += body
        var offset = 0
        while offset < message.count {
            let n = message[offset...].withUnsafeBytes { b -> Int in
                guard let base = b.baseAddress else { return 0 }
                return systemWrite(fd, base, b.count)
            }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            offset += n
        }
        close(fd)
        let limit = monotonic() + 2 * ran + 1
        var status: Int32 = 0
        while true {
            let r = waitpid(standby, &status, noted.isEmpty ? 0 : WNOHANG)
            if r == standby || (r < 0 && errno != EINTR) { return }
            if monotonic() > limit || stopped() {
                kill(-standby, SIGKILL)
                while waitpid(standby, &status, 0) < 0 && errno == EINTR {}
                return
            }
            var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
            nanosleep(&pause, nil)
        }
    }

    /// The notes as bytes: each field's length (8 bytes) and bytes.
    static func encode(_ notes: [FailureReplays.Noted]) -> [UInt8] {
        var out: [UInt8] = []
        for n in notes {
            for field in [n.file, n.test, n.path, n.written] {
                withUnsafeBytes(of: UInt64(field.count).littleEndian) { out.append(contentsOf: $0) }
                out += field
            }
        }
        return out
    }

    static func decode(_ bytes: [UInt8]) -> [FailureReplays.Noted] {
        var notes: [FailureReplays.Noted] = []
        var i = 0
        func field() -> [UInt8]? {
            guard let n = length(bytes, at: i) else { return nil }
            i += 8
            guard n <= bytes.count - i else { return nil }
            defer { i += n }
            return Array(bytes[i..<i + n])
        }
        while let file = field(), let test = field(), let path = field(), let written = field() {
            notes.append(FailureReplays.Noted(file: file, test: test, path: path, written: written))
        }
        return notes
    }

    /// The 8-byte little-endian length at `i`, if it is there and fits.
    private static func length(_ bytes: [UInt8], at i: Int) -> Int? {
        guard i + 8 <= bytes.count else { return nil }
        var n: UInt64 = 0
        for k in 0..<8 { n |= UInt64(bytes[i + k]) << (8 * UInt64(k)) }
        return n <= UInt64(Int.max) ? Int(n) : nil
    }

    /// A message of the pipe: its length, then that many bytes; nothing
    /// when the child ended before it sent one whole.
    private static func readMessage(_ fd: Int32) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let n = length(out, at: 0), out.count >= 8 + n { return Array(out[8..<8 + n]) }
            let r = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if r < 0 && errno == EINTR { continue }
            if r <= 0 { return [] }
            out += chunk[0..<r]
        }
    }
}
