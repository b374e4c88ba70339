#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaBridge
import NavLuaVisuals

/// `-o NAME` for any of busted's output handlers (utfTerminal,
/// plainTerminal, gtest, TAP, json, junit, sound, a .lua file or a module
/// of the project): the handler itself runs in the parent's Lua state, the
/// template where busted is loaded (`busted_report.lua`), fed each file's
/// events in file order between the suite events of each run, so that its
/// output is busted's, summary line included. With --output FILE the
/// handler writes to FILE.
struct BustedReporter {
    private let lua: LuaSession
    /// --output's file, written beside it until the report is whole.
    private let reportFile: OutputFile?

    /// Loads the handler; a failure is a usage error (nothing has run).
    init(name: String, options: TestOptions, session: LuaSession) throws(LuaSession.Failure) {
        lua = session
        reportFile = options.reportFile.map { OutputFile(ByteString.bytes(of: $0)) }
        if let file = reportFile, let path = options.reportFile, let problem = file.problem() {
            // checked here, so that a file that cannot be made is named as given
            throw LuaSession.Failure(message: "cannot write '\(path)': \(problem)", status: 2)
        }
        _ = try lua.call("report", [EmbeddedLua.bustedReport]).get()
        // the option as typed ("-o", "--output"); from .busted, as -o
        let option = options.origins["output"].flatMap { $0.hasPrefix("-") ? $0 : nil } ?? "-o"
        let arguments = [name, option, reportFile.map { ByteString.decode($0.writePath) } ?? "",
                         String(options.verbose), String(options.suppressPending), options.lang,
                         String(options.deferPrint), String(options.enableSound)] + options.handlerOptions
        _ = try lua.call("report", ["start"] + arguments).get()
    }

    func suiteStart(run: Int, of runs: Int, seed: String?) {
        report(lua.call("report", ["suite_start", String(run), String(runs), seed ?? ""]))
    }

    func file(_ r: SpecFileResult) {
        var events = ""
        for e in r.events { events += RecordLine.encode([String(e.offset), e.text]) }
        report(lua.call("report", ["file", events, r.output, r.endedEarly.joined(separator: "\n"), r.file]))
    }

    func suiteEnd(run: Int, of runs: Int) {
        report(lua.call("report", ["suite_end", String(run), String(runs)]))
    }

    /// Ends the report; false (having said why) when --output's file could
    /// not be written whole, which is then left as it was.
    func finish() -> Bool {
        let result = lua.call("report", ["finish"])
        report(result)
        guard let file = reportFile else { return true }
        do {
            if case .success(let problem) = result, !problem.isEmpty {
                throw TextFile.WriteError(path: file.target, reason: problem)
            }
            try file.commit()
            return true
        } catch {
            file.abandon()
            writeError("navlua: \(error)\n")
            return false
        }
    }

    /// A handler that raises is busted's own problem; say so and go on.
    private func report(_ result: Result<String, LuaSession.Failure>) {
        if case .failure(let f) = result { writeError("navlua: the output handler failed: \(f.message)\n") }
    }
}
