#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaEngine

/// Writes the pictures and traces to disk without Foundation.
public enum TextFile {
    /// Replaces the file at `path` with `text`.
    public static func write(_ text: String, to path: String) throws {
        guard let file = fopen(path, "wb") else {
            throw NavError("cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
        var text = text
        let written = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) }
        let closed = fclose(file)
        guard written == text.utf8.count, closed == 0 else {
            throw NavError("cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
    }
}
