#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A report written while a run goes on (`navlua test --output`) is kept in
/// an anonymous temporary file (tmpfile: unlinked as soon as made) until the
/// run ends, and only then copied beside its target and renamed over it: a
/// process killed meanwhile (SIGKILL, an OOM kill, a CI hard kill) leaves
/// no `.NAME.navlua-PID.tmp` behind.
extension OutputFile {
    /// A new anonymous file open for reading and writing, or nil (errno set).
    public static func spool() -> Int32? {
        guard let f = tmpfile() else { return nil }
        let fd = dup(fileno(f))
        fclose(f)
        guard fd >= 0 else { return nil }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return fd
    }

    /// Why the file cannot be written, found at the start of a run without
    /// leaving anything behind (the temporary file is made and removed).
    public func problem() -> String? {
        if inPlace {
            return TextFile.cString(target) { access($0, W_OK) } == 0 ? nil : String(cString: strerror(errno))
        }
        let fd = TextFile.cString(writePath) { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        close(fd)
        _ = TextFile.cString(writePath) { unlink($0) }
        return nil
    }

    /// Writes what `spool` holds (from its start) as the file, then puts it
    /// in place; `spool` stays open.
    public func publish(spool: Int32) throws {
        let flags = inPlace ? O_WRONLY | O_CLOEXEC : O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC
        let fd = TextFile.cString(writePath) { open($0, flags, 0o644) }
        guard fd >= 0 else { throw TextFile.WriteError(path: target, reason: String(cString: strerror(errno))) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        var offset: off_t = 0
        var failure: Int32 = 0
        copying: while true {
            let n = buffer.withUnsafeMutableBytes { pread(spool, $0.baseAddress, $0.count, offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                if n < 0 { failure = errno }
                break
            }
            var done = 0
            while done < n {
                let w = buffer.withUnsafeBytes { write(fd, $0.baseAddress! + done, n - done) }
                if w < 0 && errno == EINTR { continue }
                if w <= 0 { failure = errno; break copying }
                done += w
            }
            offset += off_t(n)
        }
        if close(fd) != 0 && failure == 0 { failure = errno }
        guard failure == 0 else {
            abandon()
            throw TextFile.WriteError(path: target, reason: String(cString: strerror(failure)))
        }
        try commit()
    }
}
