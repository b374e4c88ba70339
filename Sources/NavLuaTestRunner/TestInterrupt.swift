import NavLuaSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The stop signals in the parent of `navlua test`: Ctrl-C (SIGINT), and
/// SIGTERM and SIGHUP (what CI runners and `timeout` send) and SIGPIPE (a
/// reader of standard output gone, `| head -1`) the same way. The handler
/// (C, in NavLuaSystem/signals.c) writes the signal's number to a pipe whose
/// read end `WorkerPool` polls with the children's pipes, so that a signal
/// wakes it whenever it comes. The first asks the files running to stop
/// (each file's process group gets that signal, SIGTERM for SIGPIPE): each
/// ends its current test with "interrupted!" and its traceback, no file
/// starts, and the report is written with what ran; the second kills the
/// files still running; the third has the signal's default action.
///
/// The run then ends as lua.c and busted end on that signal: exit 1 after
/// SIGINT (their "interrupted!" error), and by the signal itself after the
/// others (`exitIfSignalled`), so that a shell reads 128+N. An inherited
/// ignored SIGTERM, SIGHUP or SIGPIPE stays ignored (`nohup`).
///
/// The worker keeps the stop signals blocked, so a terminal's Ctrl-C (sent
/// to the whole process group) reaches only the parent; the files' own
/// process groups get what the parent passes on.
final class TestInterrupt {
    /// The pipe's read end, in the parent's poll set.
    let wake: Int32
    private var seen = 0
    /// The first stop signal read (0: none).
    private(set) var signal: Int32 = 0

    private init(wake: Int32) { self.wake = wake }

    /// Installs the handlers; nil when the system refuses a pipe.
    static func install() -> TestInterrupt? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for fd in ends {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        navlua_test_catch_signals(ends[1])
        return TestInterrupt(wake: ends[0])
    }

    /// Stop signals so far.
    var count: Int {
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(wake, &bytes, bytes.count)
            if n > 0 {
                if signal == 0 { signal = Int32(bytes[0]) }
                seen += n
                continue
            }
            if n < 0 && errno == EINTR { continue }
            return seen
        }
    }

    /// What the files running are sent: the signal itself, but SIGTERM
    /// for SIGPIPE (theirs keeps its default, as under busted).
    var forwarded: Int32 { signal == SIGPIPE ? SIGTERM : signal }

    /// After a stop signal other than SIGINT, ends the process by it (with
    /// standard output flushed); else returns.
    func exitIfSignalled() {
        _ = count
        guard signal != 0, signal != SIGINT else { return }
        fflush(nil)
        navlua_exit_by_signal(signal)
    }
}

/// A stop signal's name, as the reports say it.
enum StopSignal {
    static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        case SIGHUP: return "SIGHUP"
        case SIGPIPE: return "SIGPIPE"
        default: return "signal \(signal)"
        }
    }
}
