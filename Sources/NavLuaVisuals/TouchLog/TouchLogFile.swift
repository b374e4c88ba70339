#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaEngine

/// Reads a touch log from disk, without Foundation.
public enum TouchLogFile {
    /// The most a touch log may hold: 64 MiB, about a million records.
    public static let mostBytes = 64 << 20

    /// The file's bytes; an error says which file and why.
    public static func read(path: [UInt8]) throws(NavError) -> [UInt8] {
        let name = String(decoding: path, as: UTF8.self)
        guard let f = TextFile.cString(path, { fopen($0, "rb") }) else {
            throw .badCall("cannot open '\(name)': \(String(cString: strerror(errno)))")
        }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, f)
            if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
            guard bytes.count <= mostBytes else {
                throw .badCall("'\(name)' is larger than \(mostBytes >> 20) MiB")
            }
            if n < chunk.count {
                if ferror(f) != 0 { throw .badCall("cannot read '\(name)': \(String(cString: strerror(errno)))") }
                return bytes
            }
        }
    }
}
