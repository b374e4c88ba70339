import CLua
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaBridge

/// Runs one spec file in a fresh Lua state: the body of a `navlua test`
/// worker process. The parent reads the records it writes to
/// `resultsPath` (see `SpecDriver`) and owns everything else: discovery,
/// scheduling, the hard timeout and the report.
public enum SpecWorker {
    public struct Options: Sendable {
        public var file: String
        public var resultsPath: String
        public var filter: String?
        public var updateSnapshots = false
        public var timeout: Double?
        public var memoryLimitMB: Double?

        public init(file: String, resultsPath: String) {
            self.file = file
            self.resultsPath = resultsPath
        }
    }

    /// Runs the file; returns the process exit status (0 once the file has
    /// been run, whatever its tests gave; 1 when the driver itself failed).
    public static func run(_ options: Options) -> Int32 {
        let host = NavLuaHost(memoryLimit: options.memoryLimitMB.map { Int(min($0, 1e9) * 1024 * 1024) })
        if let t = options.timeout { host.setTimeout(t) }
        let arguments = [
            options.file, options.resultsPath, options.filter ?? "", options.updateSnapshots ? "1" : "",
            options.timeout.map(figure) ?? "", options.memoryLimitMB.map(figure) ?? "", SnapshotStore.source,
        ]
        let outcome = host.run(code: SpecDriver.source, name: "=navlua test driver", arguments: arguments)
        guard case .failed(let message) = outcome else { return 0 }
        // The driver could not finish (busted missing, a limit hit outside
        // busted's protection): one record says so.
        var line = "error\t\t\(options.file)\t\(escape(message))\t\n"
        let fd = open(options.resultsPath, O_WRONLY | O_APPEND)
        if fd >= 0 {
            line.withUTF8 { _ = write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        return 1
    }

    /// Why `pattern` is not a valid Lua pattern, or nil when it is. Lua
    /// finds a malformed pattern only when matching reaches the bad part,
    /// so this checks the grammar of lstrlib.c up front.
    public static func patternProblem(_ pattern: String) -> String? {
        let p = Array(pattern.utf8)
        var i = 0
        var open: [Bool] = []   // captures so far: closed?
        func escapedClassEnd() -> String? {
            i += 1
            return i < p.count ? nil : "malformed pattern (ends with '%')"
        }
        while i < p.count {
            switch p[i] {
            case UInt8(ascii: "%"):
                if let e = escapedClassEnd() { return e }
                switch p[i] {
                case UInt8(ascii: "b"):
                    if i + 2 >= p.count { return "missing arguments to '%b'" }
                    i += 2
                case UInt8(ascii: "f"):
                    if i + 1 >= p.count || p[i + 1] != UInt8(ascii: "[") { return "missing '[' after '%f' in pattern" }
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let n = Int(p[i] - UInt8(ascii: "0"))
                    if n == 0 || n > open.count || !open[n - 1] { return "invalid capture index %\(n)" }
                default: break
                }
                i += 1
            case UInt8(ascii: "["):
                i += 1
                if i < p.count && p[i] == UInt8(ascii: "^") { i += 1 }
                var first = true
                while true {
                    if i >= p.count { return "malformed pattern (missing ']')" }
                    let c = p[i]
                    if c == UInt8(ascii: "]") && !first { break }
                    if c == UInt8(ascii: "%") {
                        if let e = escapedClassEnd() { return e }
                    }
                    first = false
                    i += 1
                }
                i += 1
            case UInt8(ascii: "("):
                open.append(false)
                i += 1
            case UInt8(ascii: ")"):
                guard let k = open.lastIndex(of: false) else { return "invalid pattern capture" }
                open[k] = true
                i += 1
            default:
                i += 1
            }
        }
        return open.contains(false) ? "unfinished capture" : nil
    }

    /// 2 -> "2", 0.5 -> "0.5".
    public static func figure(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }

    static func escape(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        for c in s.unicodeScalars {
            switch c {
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            default: out.append(c)
            }
        }
        return String(out)
    }
}
