#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaEngine

/// Writes the pictures and traces to disk without Foundation.
public enum TextFile {
    /// A file that could not be written: its name as given (bytes, not
    /// necessarily UTF-8) and the system's reason.
    public struct WriteError: Error, CustomStringConvertible {
        public let path: [UInt8]
        public let reason: String
        /// "cannot write 'PATH': REASON", the path's bytes untouched.
        public var messageBytes: [UInt8] { Array("cannot write '".utf8) + path + Array("': \(reason)".utf8) }
        public var description: String { String(decoding: messageBytes, as: UTF8.self) }

        public init(path: [UInt8], reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// Replaces the file at `path` with `text`.
    public static func write(_ text: String, to path: String) throws {
        try write(text, toPath: Array(path.utf8))
    }

    /// The same for a path given as bytes: a file name from the command
    /// line or a Lua string need not be UTF-8. A reader never sees half a
    /// file: it is written beside the target and renamed when complete
    /// (OutputFile); a failed write leaves the target as it was.
    public static func write(_ text: String, toPath path: [UInt8]) throws {
        var text = text
        try text.withUTF8 { try write(buffer: $0, toPath: path) }
    }

    /// The same for bytes (a replay is written as bytes).
    public static func write(bytes: [UInt8], toPath path: [UInt8]) throws {
        try bytes.withUnsafeBufferPointer { try write(buffer: $0, toPath: path) }
    }

    private static func write(buffer: UnsafeBufferPointer<UInt8>, toPath path: [UInt8]) throws {
        try write(toPath: path) { $0.write(buffer) }
    }

    /// Where a streamed file's pieces go (buffered by stdio).
    public struct Sink {
        fileprivate let file: UnsafeMutablePointer<FILE>

        public func write(_ buffer: UnsafeBufferPointer<UInt8>) {
            _ = fwrite(buffer.baseAddress, 1, buffer.count, file)
        }

        public func write(_ text: String) {
            var text = text
            text.withUTF8 { write($0) }
        }

        public func write(bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { write($0) }
        }
    }

    /// Writes the file piece by piece, as `body` hands the pieces to the
    /// sink, so that a long trace or replay is never whole in memory; as
    /// the other writes, beside the target and renamed when complete.
    public static func write(toPath path: [UInt8], streaming body: (Sink) throws -> Void) throws {
        let out = OutputFile(path)
        guard let file = cString(out.writePath, { fopen($0, "wb") }) else {
            throw WriteError(path: path, reason: String(cString: strerror(errno)))
        }
        do {
            try body(Sink(file: file))
        } catch {
            fclose(file)
            out.abandon()
            throw error
        }
        let failed = fflush(file) != 0 || ferror(file) != 0
        let reason = errno
        let closed = fclose(file)
        guard !failed, closed == 0 else {
            let why = String(cString: strerror(failed ? reason : errno))
            out.abandon()
            throw WriteError(path: path, reason: why)
        }
        try out.commit()
    }

    public static func cString<T>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        (bytes + [0]).withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }
}

/// Where a report, trace or picture is written so that a reader never sees
/// half of it: a temporary name beside the target, renamed over it once
/// the whole file is written (`commit`), removed if not (`abandon`). A
/// target that is not a regular file (a device such as /dev/null or
/// /dev/full, a FIFO) is written in place: renaming over it would replace
/// it. A symbolic link is written through, as fopen writes it: the file it
/// points to is replaced and the link stays.
public struct OutputFile {
    /// The file asked for, as given (for messages).
    public let target: [UInt8]
    /// The file replaced: the target, or the file a symbolic link points to.
    public let destination: [UInt8]
    /// Where to write now.
    public let writePath: [UInt8]
    /// The target's permissions, which the new file keeps.
    private let mode: mode_t?

    /// Written in place (a device, a FIFO): nothing is renamed.
    public var inPlace: Bool { writePath == target }

    public init(_ target: [UInt8]) {
        self.target = target
        var st = stat()
        let isLink = TextFile.cString(target) { lstat($0, &st) } == 0 && (st.st_mode & S_IFMT) == S_IFLNK
        let dest = isLink ? FileIdentity.resolved(target) : target
        destination = dest
        let exists = TextFile.cString(dest) { stat($0, &st) } == 0
        if exists && (st.st_mode & S_IFMT) != S_IFREG {
            writePath = target
            mode = nil
            return
        }
        mode = exists ? st.st_mode & 0o7777 : nil
        let slash = dest.lastIndex(of: UInt8(ascii: "/"))
        let folder = slash.map { Array(dest[...$0]) } ?? []
        let name = slash.map { Array(dest[dest.index(after: $0)...]) } ?? dest
        writePath = folder + Array(".".utf8) + name + Array(".navlua-\(getpid()).tmp".utf8)
    }

    /// Puts the written file in place (nothing to do when written in place).
    public func commit() throws {
        guard !inPlace else { return }
        if let mode = mode { _ = TextFile.cString(writePath) { chmod($0, mode) } }
        let moved = TextFile.cString(writePath) { from in TextFile.cString(destination) { rename(from, $0) } }
        guard moved == 0 else {
            let reason = String(cString: strerror(errno))
            abandon()
            throw TextFile.WriteError(path: target, reason: reason)
        }
    }

    /// Removes what was written (the target stays as it was).
    public func abandon() {
        guard !inPlace else { return }
        _ = TextFile.cString(writePath) { unlink($0) }
    }
}
