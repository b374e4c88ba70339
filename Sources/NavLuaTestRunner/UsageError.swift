#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Problems with the command line itself: exit 2 with a hint.
struct UsageError: Error {
    let message: String
    /// The command whose --help to suggest ("test": `navlua test --help`).
    let command: String?
    init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    func report() -> Int32 {
        writeError("navlua: \(message)\nTry 'navlua \(command.map { $0 + " " } ?? "")--help'.\n")
        return 2
    }
}

/// Writes to standard error after flushing what standard output holds.
func writeError(_ s: String) {
    var s = s
    fflush(nil)
    s.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
