#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaBridge

/// The options of `navlua test`, parsed from its command line.
struct TestOptions {
    enum Format: String { case text, tap, junit }

    var paths: [String] = []
    var format = Format.text
    var outputFile: String?
    var jobs = TestOptions.cores
    var shard: (index: Int, count: Int)?
    var filter: String?
    var updateSnapshots = false
    var timeout: Double?
    var memoryLimitMB: Double?
    /// Hidden: run one file as a worker of a parent `navlua test`, writing
    /// its records to this file descriptor.
    var workerResultsFD: Int32?

    static var cores: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    init(_ args: [String]) throws {
        var i = 0
        func value() throws -> String {
            guard i + 1 < args.count else { throw UsageError("\(args[i]) needs a value") }
            i += 1
            return args[i]
        }
        func positive(_ name: String) throws -> Double {
            let s = try value()
            guard let d = Double(s), d.isFinite, d > 0 else {
                throw UsageError("\(name) must be a positive number (got '\(s)')")
            }
            return d
        }
        var onlyPaths = false
        while i < args.count {
            let a = args[i]
            if onlyPaths || !a.hasPrefix("-") || a == "-" {
                paths.append(a)
                i += 1
                continue
            }
            switch a {
            case "-o", "--format":
                let s = try value()
                guard let f = Format(rawValue: s) else {
                    throw UsageError("-o must be text, tap or junit (got '\(s)')")
                }
                format = f
            case "--output": outputFile = try value()
            case "--jobs", "-j":
                let s = try value()
                guard let n = Int(s), n >= 1, n <= 1024 else {
                    throw UsageError("--jobs must be a whole number from 1 to 1024 (got '\(s)')")
                }
                jobs = n
            case "--shard":
                let s = try value()
                let parts = s.split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, k >= 1, k <= n else {
                    throw UsageError("--shard must be K/N with 1 <= K <= N (got '\(s)')")
                }
                shard = (k, n)
            case "--filter":
                let s = try value()
                guard !s.isEmpty else { throw UsageError("--filter needs a Lua pattern") }
                filter = s
            case "--update-snapshots": updateSnapshots = true
            case "--preset": NavLuaHost.usePreset(try value())
            case "--timeout": timeout = try positive("--timeout")
            case "--memory-limit": memoryLimitMB = try positive("--memory-limit")
            case "--worker":
                let s = try value()
                guard let fd = Int32(s), fd >= 3 else { throw UsageError("--worker needs a file descriptor") }
                workerResultsFD = fd
            case "--": onlyPaths = true
            default: throw UsageError("unknown test option '\(a)'")
            }
            i += 1
        }
        if format == .junit && outputFile == nil {
            throw UsageError("-o junit needs --output FILE (standard output ends with the summary line)")
        }
        if workerResultsFD != nil && paths.count != 1 {
            throw UsageError("--worker runs exactly one spec file")
        }
    }

    /// The command line that makes a worker run `file` with these options.
    func workerArguments(file: String, resultsFD: Int32) -> [String] {
        var args = ["navlua", "test", "--worker", String(resultsFD)]
        if let f = filter { args += ["--filter", f] }
        if updateSnapshots { args.append("--update-snapshots") }
        if let t = timeout { args += ["--timeout", String(t)] }
        if let m = memoryLimitMB { args += ["--memory-limit", String(m)] }
        args += ["--", file]
        return args
    }
}
