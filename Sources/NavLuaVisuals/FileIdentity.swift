#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path names, whatever its spelling (`r.xml`, `./r.xml`, a
/// symbolic link to it): its device and inode when it exists, else where
/// it would be made (its folder resolved, symbolic links followed). Two
/// outputs with one identity would overwrite each other.
public enum FileIdentity: Equatable {
    case file(device: UInt64, inode: UInt64)
    case path([UInt8])
    /// A device, FIFO or socket: written in place, nothing replaces it, so
    /// outputs may share it (/dev/null, /dev/stdout).
    case special

    public init(_ path: [UInt8]) {
        var st = stat()
        guard TextFile.cString(path, { stat($0, &st) }) == 0 else {
            self = .path(FileIdentity.resolved(path))
            return
        }
        switch st.st_mode & S_IFMT {
        case S_IFCHR, S_IFBLK, S_IFIFO, S_IFSOCK: self = .special
        default: self = .file(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
        }
    }

    /// Whether writing both paths would write one file twice.
    public static func sameFile(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let x = FileIdentity(a)
        return x != .special && x == FileIdentity(b)
    }

    /// The path of the file that writing `path` writes: an existing file's
    /// real path; through a symbolic link that points nowhere yet, where it
    /// points; else the folder's real path and the name.
    public static func resolved(_ path: [UInt8]) -> [UInt8] {
        var p = path
        for _ in 0..<40 {   // SYMLOOP_MAX's usual value
            if let real = realPath(p) { return real }
            guard let target = linkTarget(p) else { break }
            p = target.first == UInt8(ascii: "/") ? target : folder(of: p) + target
        }
        let name = p.lastIndex(of: UInt8(ascii: "/")).map { Array(p[p.index(after: $0)...]) } ?? p
        let dir = folder(of: p)
        guard let real = realPath(dir.isEmpty ? Array(".".utf8) : dir) else { return p }
        return real + (real.last == UInt8(ascii: "/") ? [] : [UInt8(ascii: "/")]) + name
    }

    /// Everything up to and with the last slash ("" for a bare name).
    private static func folder(of p: [UInt8]) -> [UInt8] {
        p.lastIndex(of: UInt8(ascii: "/")).map { Array(p[...$0]) } ?? []
    }

    private static func realPath(_ p: [UInt8]) -> [UInt8]? {
        TextFile.cString(p) { c -> [UInt8]? in
            guard let r = realpath(c, nil) else { return nil }
            defer { free(r) }
            return Array(UnsafeRawBufferPointer(start: r, count: strlen(r)))
        }
    }

    /// A symbolic link's target; nil when `p` is not one.
    static func linkTarget(_ p: [UInt8]) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = TextFile.cString(p) { c in
            buffer.withUnsafeMutableBytes { readlink(c, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count) }
        }
        return n > 0 ? Array(buffer[..<n]) : nil
    }
}
