#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaBridge

/// One REPL session at the terminal: reads lines, hands them to the
/// bridge's `ReplEvaluator`, prints what it returns and the status line,
/// keeps the history, and keeps live mode's clock.
final class ReplSession {
    let host: NavLuaHost
    private let repl: ReplEvaluator
    private let reader: LineReader
    private var editor: EditLineReader? { reader as? EditLineReader }
    // live mode
    private var live: LiveClock?
    private var statusAbove = false

    init(host: NavLuaHost, timeout: Double?) {
        self.host = host
        if isatty(0) != 0 {
            do {
                reader = try EditLineReader(historyPath: Repl.historyPath)
            } catch {
                writeError(bytes: Array(error.message.utf8))
                reader = PlainLineReader()
            }
        } else {
            reader = PlainLineReader()
        }
        host.catchInterrupts()
        repl = ReplEvaluator(host: host, timeout: timeout)
        if let message = repl.preludeError { report(Array(message.utf8)) }
        repl.remember = { [unowned self] in self.reader.remember($0) }
        if let editor = editor { wire(editor) }
    }

    private func wire(_ editor: EditLineReader) {
        editor.idleInterval = { [unowned self] in self.liveInterval() }
        editor.onIdle = { [unowned self] in self.liveStep() }
        editor.takeInterrupt = { [unowned self] in self.repl.takeInterrupt() }
        editor.complete = { [unowned self] in
            let completion = self.repl.complete($0)
            return (completion.partial, completion.candidates)
        }
        editor.onListed = { [unowned self] in self.statusAbove = false }
    }

    // MARK: the session

    /// Runs the script of `navlua -i FILE` (arg is already set, as lua.c's
    /// createargtable built it).
    func start(script: ScriptFile?) {
        if let script = script { show(repl.run(script: script.path)) }
        if isatty(0) != 0 {
            writeOut(NavLuaHost.version + " (Lua 5.4)  Ctrl-D exits, Tab completes, navlua.live(true) plays in real time\n")
        }
    }

    func loop() {
        while true {
            let continuing = repl.isContinuing
            if !continuing && repl.isLive && editor != nil {
                writeOut(repl.takeStatus() + "\n")
                statusAbove = true
                live = LiveClock(repl.world)
            }
            let prompt = repl.prompt()
            if let message = prompt.error { report(message) }
            let input = reader.read(prompt: prompt.prompt)
            live = nil
            switch input {
            case .endOfInput where continuing:
                writeOut("\n")
                if let message = repl.endOfInput() { report(message) }
            case .endOfInput:
                writeOut("\n")
                return
            case .cancelled:
                repl.cancel()   // libedit has already moved to a new line
            case .line(let line):
                if case .ran(let result) = repl.evaluate(line) { show(result) }
            }
        }
    }

    /// Prints what a chunk gave: its results, its error, then the status
    /// line unless live mode draws it above the next prompt.
    private func show(_ result: ReplResult) {
        if let output = result.output { writeOut(bytes: output + [10]) }
        if let error = result.error { report(error) }
        if let status = result.status, !(repl.isLive && editor != nil) { writeOut(status + "\n") }
    }

    private func report(_ message: [UInt8]) {
        writeError(bytes: message + [10])
    }

    // MARK: live mode

    /// Poll interval while live: a frame or two while something moves, a
    /// few times a second otherwise. Nil (wait for keys) when not live or at
    /// a `>>` prompt.
    private func liveInterval() -> Int32? {
        guard live != nil, repl.isLive else { return nil }
        return repl.isIdle ? 250 : 33
    }

    /// Ticks the frames wall time has made due and redraws the status line
    /// above the prompt. A line too long for one row is left alone (the
    /// clock catches up once it is short again).
    private func liveStep() {
        guard let editor = editor, var clock = live, repl.isLive else { return }
        guard editor.lineLength + 3 < editor.columns else { return }
        let due = clock.framesDue(repl.world)
        live = clock
        editor.clearLine()
        var printed = false
        if due > 0 {
            let tick = repl.liveTick(frames: due)
            printed = tick.printed
            if let message = tick.error {
                writeOut("live mode stopped: " + message.replacingNewlines() + "\r\n")
            }
        }
        if printed { statusAbove = false }
        if statusAbove { writeOut("\u{1B}[A\r\u{1B}[K") }
        let columns = editor.columns
        var status = repl.takeStatus()
        if status.count >= columns { status = String(status.prefix(columns - 1)) }
        writeOut(status + "\r\n")
        statusAbove = true
        editor.redraw()
    }
}

private extension String {
    /// For output while the terminal is raw: LF alone does not return.
    func replacingNewlines() -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
    }
}
