#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaBridge

/// Where spec files are looked for when neither the command line nor
/// `.busted` names a root, and how a run is split into shards. (Which files
/// are specs is busted's own test file loader's answer: `session.discover`.)
enum SpecDiscovery {
    /// The default root: `./spec` when it is a folder (busted's default),
    /// else `.`.
    static var defaultRoot: String { isDirectory("spec") ? "spec" : "." }

    /// The K-th (1-based) of N stable shares: files whose index in the
    /// list is K-1 modulo N.
    static func shard(_ files: [String], index: Int, count: Int) -> [String] {
        files.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }
}
