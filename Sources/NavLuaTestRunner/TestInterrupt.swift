import NavLuaSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C (SIGINT) in the parent of `navlua test`. The handler (C, in
/// NavLuaSystem/signals.c) writes a byte to a pipe whose read end `WorkerPool`
/// polls with the children's pipes, so that an interrupt wakes it whenever
/// it comes; the bytes read are the count. The first asks the files running
/// to stop: each ends its current test with "interrupted!" and its
/// traceback, no file starts, and the report is written with what ran; the
/// second kills the files still running; the third has SIGINT's default
/// action.
///
/// The worker keeps SIGINT blocked, so a terminal's Ctrl-C (sent to the
/// whole process group) reaches only the parent and the files' processes.
final class TestInterrupt {
    /// The pipe's read end, in the parent's poll set.
    let wake: Int32
    private var seen = 0

    private init(wake: Int32) { self.wake = wake }

    /// Installs the handler, whatever SIGINT's disposition was (as lua.c
    /// does); nil when the system refuses a pipe.
    static func install() -> TestInterrupt? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for fd in ends {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        navlua_test_catch_sigint(ends[1])
        return TestInterrupt(wake: ends[0])
    }

    /// SIGINTs so far.
    var count: Int {
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(wake, &bytes, bytes.count)
            if n > 0 { seen += n; continue }
            if n < 0 && errno == EINTR { continue }
            return seen
        }
    }
}
