#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// write(2), by a name that no type's own `write` method hides (inside such
/// a type, plain `write(...)` means the method), the same on Linux and macOS.
func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}
