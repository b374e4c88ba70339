#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaBridge
import NavLuaEngine
import NavLuaVisuals
import NavLuaTestRunner

/// Options shared by `run` and the REPL.
struct RunOptions {
    var timeout: Double?
    var memoryLimitMB: Double?
    var traceFile: String?
    var timelineFile: String?
    var filmstripFile: String?

    /// Consumes the option at args[i] if it is one of these; returns how
    /// many arguments it took (0 when it is not a run option).
    mutating func consume(_ args: [String], at i: Int) throws -> Int {
        func value() throws -> String {
            guard i + 1 < args.count else { throw UsageError("\(args[i]) needs a value") }
            return args[i + 1]
        }
        func positive(_ s: String, _ name: String) throws -> Double {
            guard let d = Double(s), d.isFinite, d > 0 else {
                throw UsageError("\(name) must be a positive number (got '\(s)')")
            }
            return d
        }
        switch args[i] {
        case "--timeout": timeout = try positive(try value(), "--timeout"); return 2
        case "--memory-limit": memoryLimitMB = try positive(try value(), "--memory-limit"); return 2
        case "--trace": traceFile = try value(); return 2
        case "--timeline": timelineFile = try value(); return 2
        case "--filmstrip": filmstripFile = try value(); return 2
        case "--preset": NavLuaHost.usePreset(try value()); return 2
        default: return 0
        }
    }

    func makeHost() -> NavLuaHost {
        let host = NavLuaHost(memoryLimit: memoryLimitMB.map { Int(min($0, 1e9) * 1024 * 1024) })
        if let t = timeout { host.setTimeout(t) }
        Outputs.prepare(host, self)   // starts the frame recorder when an output needs it
        return host
    }
}

/// `navlua run FILE [ARGS]`, `navlua -e CODE`, `navlua -`, `navlua -i FILE`.
enum RunCommand {
    enum Chunk { case file(String), stdin, code(String) }

    static func main(_ args: [String]) -> Int32 {
        var options = RunOptions()
        var chunk: Chunk?
        var interactive = false
        var scriptArgs: [String] = []
        var i = 0
        do {
            while i < args.count {
                let a = args[i]
                let used = try options.consume(args, at: i)
                if used > 0 { i += used; continue }
                switch a {
                case "-e":
                    guard i + 1 < args.count else { throw UsageError("-e needs a chunk of code") }
                    chunk = .code(args[i + 1])
                    i += 2
                    scriptArgs = Array(args[i...])
                    i = args.count
                case "-i":
                    interactive = true
                    i += 1
                case "-":
                    chunk = .stdin
                    scriptArgs = Array(args[(i + 1)...])
                    i = args.count
                case "--":
                    i += 1
                default:
                    if a.hasPrefix("-") && a.count > 1 { throw UsageError("unknown option '\(a)'") }
                    chunk = .file(a)
                    scriptArgs = Array(args[(i + 1)...])
                    i = args.count
                }
            }
            if chunk == nil && !interactive { throw UsageError("run needs a FILE, '-' or -e CODE") }
        } catch let e as UsageError {
            return e.report()
        } catch {
            return 2
        }
        if interactive {
            if case .file(let f)? = chunk { return Repl.main(options, script: f, arguments: scriptArgs) }
            return Repl.main(options, script: nil)
        }
        return run(chunk!, scriptArgs, options)
    }

    static func run(_ chunk: Chunk, _ scriptArgs: [String], _ options: RunOptions) -> Int32 {
        let host = options.makeHost()
        let outcome: NavLuaHost.Outcome
        switch chunk {
        case .file(let path):
            host.setArguments(script: path, arguments: scriptArgs)
            outcome = host.run(file: path, arguments: scriptArgs)
        case .stdin:
            host.setArguments(script: "-", arguments: scriptArgs)
            outcome = host.run(file: nil, arguments: scriptArgs)
        case .code(let code):
            host.setArguments(script: "-e", arguments: scriptArgs)
            outcome = host.run(code: code, name: "=(command line)", arguments: scriptArgs)
        }
        fflush(nil)
        var status: Int32 = 0
        if case .failed(let message) = outcome {
            writeError("navlua: \(message)\n")
            status = 1
        }
        if !Outputs.write(host, options) { status = status == 0 ? 1 : status }
        return status
    }
}
