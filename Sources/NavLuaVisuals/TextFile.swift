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
    }

    /// Replaces the file at `path` with `text`.
    public static func write(_ text: String, to path: String) throws {
        try write(text, toPath: Array(path.utf8))
    }

    /// The same for a path given as bytes: a file name from the command
    /// line or a Lua string need not be UTF-8.
    public static func write(_ text: String, toPath path: [UInt8]) throws {
        guard let file = (path + [0]).withUnsafeBufferPointer({ buf in
            buf.withMemoryRebound(to: CChar.self) { fopen($0.baseAddress!, "wb") }
        }) else {
            throw WriteError(path: path, reason: String(cString: strerror(errno)))
        }
        var text = text
        let written = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) }
        let closed = fclose(file)
        guard written == text.utf8.count, closed == 0 else {
            throw WriteError(path: path, reason: String(cString: strerror(errno)))
        }
    }
}
