#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// read(2), by a name that no type's own `read` method hides (inside such a
/// type, plain `read(...)` means the method), the same on Linux and macOS.
func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
