import NavLuaBridge
import NavLuaVisuals

/// navlua's run options, declared once: `RunOptions.consume` switches over
/// them, `Usage.text` and the manual's table (§10.3, through `navlua
/// --declared-options run`) are made from the declarations.
enum RunOption: String, CaseIterable {
    case timeout = "--timeout", memoryLimit = "--memory-limit", trace = "--trace", timeline = "--timeline"
    case filmstrip = "--filmstrip", html = "--html", preset = "--preset"

    var declaration: OptionDeclaration {
        switch self {
        case .timeout:
            OptionDeclaration(name: rawValue, argument: "SECONDS",
                              help: "end the script with an error after this much wall time")
        case .memoryLimit:
            OptionDeclaration(name: rawValue, argument: "MB", help: "end the script with an error past this much Lua memory")
        case .trace:
            OptionDeclaration(name: rawValue, argument: "FILE",
                              help: "write the trace: .json (Chrome Trace Event format) or .jsonl (JSON Lines)")
        case .timeline:
            OptionDeclaration(name: rawValue, argument: "FILE.svg", help: "write a chart of the run over time")
        case .filmstrip:
            OptionDeclaration(name: rawValue, argument: "FILE.svg",
                              help: "write the run's moments (touch down, pan begin, lift, finish) side by side")
        case .html:
            OptionDeclaration(name: rawValue, argument: "FILE.html", help: "write a replay of the run to watch in a browser")
        case .preset:
            OptionDeclaration(name: rawValue, argument: "NAME",
                              help: "the preset of navigations made without one: a built-in preset's name")
        }
    }
}

/// navlua's own options, shared by `run` and the REPL: the limits and the
/// files a run writes. File names are bytes, as the shell gave them.
struct RunOptions {
    var timeout: Double?
    var memoryLimitMB: Double?
    var traceFile: [UInt8]?
    var timelineFile: [UInt8]?
    var filmstripFile: [UInt8]?
    var htmlFile: [UInt8]?
    /// --preset: the command applies it (`RunCommand.run`).
    var preset: String?

    static var names: [String] { RunOption.allCases.map(\.rawValue) }

    /// Consumes the option at args[i] if it is one of these; returns how
    /// many arguments it took (0 when it is not a run option).
    mutating func consume(_ args: [[UInt8]], at i: Int) throws(CommandLineError) -> Int {
        let name = String(decoding: args[i], as: UTF8.self)
        guard let option = RunOption(rawValue: name) else { return 0 }
        guard i + 1 < args.count else { throw CommandLineError("\(name) needs a value") }
        let value = args[i + 1]
        func positive() throws(CommandLineError) -> Double {
            let text = String(decoding: value, as: UTF8.self)
            guard let d = Double(text), d.isFinite, d > 0 else {
                throw CommandLineError("\(name) must be a positive number (got '\(text)')")
            }
            return d
        }
        switch option {
        case .timeout: timeout = try positive()
        case .memoryLimit: memoryLimitMB = try positive()
        case .trace: traceFile = try written(value, among: FileFormat.traces)
        case .timeline: timelineFile = try written(value, among: FileFormat.pictures)
        case .filmstrip: filmstripFile = try written(value, among: FileFormat.pictures)
        case .html: htmlFile = try written(value, among: FileFormat.replays)
        case .preset:
            let text = String(decoding: value, as: UTF8.self)
            if let problem = NavLuaHost.presetProblem(text) { throw CommandLineError("--preset: \(problem)") }
            preset = text
        }
        try refuseSharedFile()
        return 2

        /// A file name whose extension names a format the writer writes.
        func written(_ path: [UInt8], among formats: [FileFormat]) throws(CommandLineError) -> [UInt8] {
            guard FileFormat.of(path, among: formats) != nil else {
                throw CommandLineError(Array("\(name): ".utf8) + FileFormat.refusal(path, among: formats))
            }
            return path
        }
    }

    /// Two outputs naming the same file, however spelled (`a.svg`,
    /// `./a.svg`, a link to it), would overwrite each other: a usage error,
    /// unless the file is a device or a FIFO (/dev/null, /dev/stdout).
    private func refuseSharedFile() throws(CommandLineError) {
        let outputs = [("--trace", traceFile), ("--timeline", timelineFile), ("--filmstrip", filmstripFile),
                       ("--html", htmlFile)]
            .compactMap { name, path in path.map { (name, $0) } }
        for (i, a) in outputs.enumerated() {
            for b in outputs[(i + 1)...] where FileIdentity.sameFile(a.1, b.1) {
                throw CommandLineError(Array("\(a.0) and \(b.0) name the same file '".utf8) + a.1 + Array("'".utf8))
            }
        }
    }

    /// Whether the run writes any file after it ends.
    var writesFiles: Bool {
        traceFile != nil || timelineFile != nil || filmstripFile != nil || htmlFile != nil
    }

    /// Whether an output needs the frames (`.jsonl` traces hold only the
    /// trace events).
    var needsFrames: Bool {
        (traceFile != nil && !traceIsJSONLines) || timelineFile != nil || filmstripFile != nil || htmlFile != nil
    }

    /// Whether the --trace file (its name checked by `consume`) is JSON Lines.
    var traceIsJSONLines: Bool {
        traceFile.map { FileFormat.of($0, among: FileFormat.traces) == .jsonLines } ?? false
    }

    func makeHost(ignoreEnvironment: Bool = false) -> NavLuaHost {
        let host = NavLuaHost(memoryLimit: memoryLimitMB.map { Int(min($0, 1e9) * 1024 * 1024) },
                              ignoreEnvironment: ignoreEnvironment)
        if let t = timeout { host.setTimeout(t) }
        Outputs.prepare(host, self)   // starts the frame recorder when an output needs it
        return host
    }
}
