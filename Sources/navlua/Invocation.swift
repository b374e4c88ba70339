import NavLuaEngine

/// A command line as lua.c reads it (its collectargs), with navlua's own
/// options allowed among lua's: `-e stat`, `-l mod`, `-l g=mod`, `-i`, `-v`,
/// `-E`, `-W` in any order and as often as wanted, `--` or `-` ending them,
/// then the script and its arguments. Arguments stay bytes.
struct Invocation {
    /// What runs before the script, in command-line order (lua.c's runargs).
    enum Step: Equatable {
        case code([UInt8])
        case library(global: [UInt8], module: [UInt8])
        case warningsOn
    }

    var options = RunOptions()
    var steps: [Step] = []
    var interactive = false
    var showVersion = false
    var ignoreEnvironment = false
    /// Index of the script in argv; argv.count when there is none.
    var script: Int
    /// Whether the word `run` stood where the script would (`navlua -W run
    /// x.lua`): the command, as if it came first.
    var namedRun = false

    /// Whether an `-e` was given (lua.c's has_e).
    var hasCode: Bool { steps.contains { if case .code = $0 { return true } else { return false } } }

    /// Reads argv from index `first` (1 for `navlua ...`, 2 for `navlua run ...`).
    /// With `runWord` (`navlua ...`), the word `run` after lua's options is
    /// navlua's command and the options go on after it, so `navlua -W run
    /// x.lua` is `navlua run -W x.lua` (a script named `run` runs as
    /// `./run`, or after `--`).
    init(_ argv: [[UInt8]], from first: Int, runWord: Bool = false) throws(CommandLineError) {
        let dash = UInt8(ascii: "-")
        var i = first
        script = argv.count
        while i < argv.count {
            let a = argv[i]
            if runWord && !namedRun && a == Array("run".utf8) {
                namedRun = true
                i += 1
                continue
            }
            if a.first != dash || a == [dash] {   // the script, or '-' for standard input
                script = i
                return
            }
            if a == [dash, dash] {
                script = i + 1
                return
            }
            let used = try options.consume(argv, at: i)
            if used > 0 { i += used; continue }
            let flag = a.count > 1 ? a[1] : 0
            switch flag {
            case UInt8(ascii: "E"), UInt8(ascii: "W"), UInt8(ascii: "i"), UInt8(ascii: "v"):
                guard a.count == 2 else { throw CommandLineError(unrecognized: a) }
                switch flag {
                case UInt8(ascii: "E"): ignoreEnvironment = true
                case UInt8(ascii: "W"): steps.append(.warningsOn)
                case UInt8(ascii: "i"): interactive = true
                default: showVersion = true
                }
            case UInt8(ascii: "e"), UInt8(ascii: "l"):
                var value = Array(a.dropFirst(2))
                if value.isEmpty {
                    i += 1
                    guard i < argv.count, argv[i].first != dash else {
                        throw CommandLineError(Array("'".utf8) + a + Array("' needs argument".utf8))
                    }
                    value = argv[i]
                }
                steps.append(flag == UInt8(ascii: "e") ? .code(value) : Invocation.library(value))
            default:
                throw CommandLineError(unrecognized: a)
            }
            i += 1
        }
    }

    /// `-l g=mod` sets global g to require("mod"); `-l mod`, global mod.
    private static func library(_ value: [UInt8]) -> Step {
        guard let eq = value.firstIndex(of: UInt8(ascii: "=")) else { return .library(global: value, module: value) }
        return .library(global: Array(value[..<eq]), module: Array(value[(eq + 1)...]))
    }
}

/// A bad command line of `navlua run` or `navlua repl`: lua.c's options
/// in lua.c's words, their argument as given (bytes), and navlua's own
/// (`RunOptions`) in navlua's.
struct CommandLineError: Error {
    let message: [UInt8]

    init(_ message: [UInt8]) { self.message = message }

    init(_ message: String) { self.init(Array(message.utf8)) }

    /// With "did you mean" for a long option one or two edits from one of
    /// navlua's (`--htm`).
    init(unrecognized option: [UInt8]) {
        let name = String(decoding: option, as: UTF8.self)
        let near = name.hasPrefix("--") ? NameSuggestion.nearest(name, among: RunOptions.names + Usage.globalOptions) : nil
        self.init(Array("unrecognized option '".utf8) + option + Array("'".utf8)
                  + Array((near.map { " (did you mean '\($0)'?)" } ?? "").utf8))
    }

    /// Prints the message and the hint; exit status 2 (lua.c exits 1).
    func report() -> Int32 {
        writeError(bytes: Array("navlua: ".utf8) + message + Array("\nTry 'navlua --help'.\n".utf8))
        return 2
    }
}
