#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes bytes (an error message from Lua, a file name: not necessarily
/// UTF-8) to standard error after flushing what standard output holds.
func writeError(bytes: [UInt8]) {
    fflush(nil)
    writeStandardError(bytes)
}

/// Writes bytes to standard error at once, without stdio (whose locks
/// another thread may hold): for the watchdog's thread.
func writeStandardError(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
        let n = bytes[offset...].withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
        if n <= 0 { return }
        offset += n
    }
}
