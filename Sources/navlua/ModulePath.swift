#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `require "navlua"` finds the loadable module that
/// scripts/setup.sh builds beside this executable (`lua/navlua.so`), as an
/// entry for LUA_CPATH.
enum ModulePath {
    static var cpathEntry: String { executableDirectory + "/lua/?.so" }

    /// The folder of the running executable, symbolic links resolved.
    static var executableDirectory: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        #if os(Linux)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return "." }
        buffer[n] = 0
        #else
        var size = UInt32(buffer.count)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return "." }
        #endif
        var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard realpath(buffer, &resolved) != nil else { return "." }
        let path = String(decoding: resolved.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}
