#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the process of a `navlua test` job ended, as the parent saw it
/// (`WorkerPool`), and what that says about the file it was running when
/// the file did not finish.
///
///     ChildEnd(status: 9, killed: false, interrupted: 0)   ->  .signal(9)
///     ChildEnd(status: 3 << 8, killed: false, interrupted: 0).problem(timeout: nil, fileReportedError: false)
///         ->  "the process running this file exited with status 3 before the file finished"
enum ChildEnd: Equatable {
    /// The worker died or could not be reached while the job ran: `reason`.
    case lost(String)
    /// The parent killed it after passing on this stop signal (SIGINT,
    /// SIGTERM, ...), which it did not stop for in time.
    case killedAfterInterrupt(Int32)
    /// The parent killed it past --timeout, which its own hook did not stop.
    case killedAtTimeout
    /// A signal the parent did not send ended it.
    case signal(Int32)
    /// It exited with this status.
    case exited(Int32)

    /// Reads waitpid's `status`, given what the parent did to the process:
    /// whether it sent SIGKILL, which stop signal it had passed on before
    /// (0: none), and why it lost the process, if it did (then the status
    /// means nothing).
    init(status: Int32, killed: Bool, interrupted: Int32, lost reason: String? = nil) {
        let signal = status & 0x7f
        if let reason {
            self = .lost(reason)
        } else if killed {
            self = interrupted != 0 ? .killedAfterInterrupt(interrupted) : .killedAtTimeout
        } else if signal != 0 {
            self = .signal(signal)
        } else {
            self = .exited((status >> 8) & 0xff)
        }
    }

    /// The error to report on the file that was running, when it did not
    /// finish; nil for an exit after the file reported an error of its own
    /// outside a test (a driver that could not go on says why, then exits).
    func problem(timeout: Double?, fileReportedError: Bool) -> String? {
        switch self {
        case .lost(let reason):
            return reason
        case .killedAfterInterrupt(let signal):
            return "interrupted!: the process running this file was stopped after \(StopSignal.name(signal));"
                + " the rest of the file did not run"
        case .killedAtTimeout:
            return "timeout: the file ran past --timeout \(SpecDriver.figure(timeout ?? 0)) s"
                + " and its process was stopped; the rest of the file did not run"
        case .signal(let signal):
            let name = signal == SIGKILL ? " (SIGKILL: out of memory?)" : signal == SIGSEGV ? " (SIGSEGV)" : ""
            return "the process running this file was killed by signal \(signal)\(name)"
        case .exited(let code):
            if fileReportedError { return nil }
            return code == 0 ? "the file ended its process (os.exit?) before its tests finished"
                : code == 127 ? "the worker could not start a process for the file"
                : "the process running this file exited with status \(code) before the file finished"
        }
    }
}
