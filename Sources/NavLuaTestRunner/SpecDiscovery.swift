#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaBridge

/// Finds the spec files to run: `*_spec.lua` under the given paths (files
/// named on the command line are taken whatever their name), skipping
/// hidden entries and not following symlinked folders, sorted by bytes so
/// that every machine sees the same order.
enum SpecDiscovery {
    struct Missing: Error { let path: String }

    /// The default root: `./spec` when it is a folder, else `.`.
    static var defaultRoot: String { isDirectory("spec") ? "spec" : "." }

    static func files(under paths: [String]) throws -> [String] {
        var found: [String] = []
        for path in paths {
            var st = stat()
            guard stat(path, &st) == 0 else { throw Missing(path: path) }
            if (st.st_mode & S_IFMT) == S_IFDIR {
                walk(path, into: &found)
            } else {
                found.append(path)
            }
        }
        var seen = Set<String>()
        return found.filter { seen.insert($0).inserted }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The K-th (1-based) of N stable shares: files whose index in the
    /// sorted list is K-1 modulo N.
    static func shard(_ files: [String], index: Int, count: Int) -> [String] {
        files.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    private static func walk(_ dir: String, into found: inout [String]) {
        guard let d = opendir(dir) else { return }
        defer { closedir(d) }
        while let entry = readdir(d) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            let path = join(dir, name)
            var st = stat()
            guard lstat(path, &st) == 0 else { continue }
            switch st.st_mode & S_IFMT {
            case S_IFDIR: walk(path, into: &found)
            case S_IFREG, S_IFLNK:
                if name.hasSuffix("_spec.lua") { found.append(path) }
            default: break
            }
        }
    }

    private static func join(_ dir: String, _ name: String) -> String {
        if dir == "." { return name }
        return dir.hasSuffix("/") ? dir + name : dir + "/" + name
    }

    private static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }
}
