#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaSystem
import NavLuaBridge
import NavLuaEngine
import NavLuaVisuals

/// The files `--trace`, `--timeline`, `--filmstrip` and `--html` ask for: a frame
/// recorder is installed before the script runs (only when one of them is
/// given, so other runs pay nothing), and the files are written after it
/// ended, even when it failed, since that is when they help most: after an
/// error, Ctrl-C, `os.exit`, or a timeout the script could not be stopped
/// from (see `Outputs.endStuckRun`).
enum Outputs {
    /// Starts recording frames if an output needs them, and has `os.exit`
    /// write the files before it exits. `.jsonl` traces hold only the trace
    /// events, so they need no frames.
    static func prepare(_ host: NavLuaHost, _ options: RunOptions) {
        if options.needsFrames { host.bridge.recorder = FrameRecorder() }
        guard options.writesFiles else { return }
        host.beforeExit = { [unowned host] status in
            guard let ok = endRun(host, options) else { return status }
            RunCommand.exitIfSignalled()
            return ok || status != 0 ? status : 1
        }
    }

    /// Writes --trace/--timeline/--filmstrip/--html files; false on failure,
    /// after saying which file could not be written.
    static func write(_ host: NavLuaHost, _ options: RunOptions) -> Bool {
        let world = host.bridge.world
        let samples = host.bridge.recorder?.finish(world) ?? []
        var ok = true
        func save(_ path: [UInt8]?, _ make: () -> String) {
            attempt(path) { try TextFile.write(make(), toPath: $0) }
        }
        // the trace and the replay are written as they are made: a long
        // run's file is never whole in memory
        func stream(_ path: [UInt8]?, _ write: (TextFile.Sink) -> Void) {
            attempt(path) { try TextFile.write(toPath: $0, streaming: write) }
        }
        func attempt(_ path: [UInt8]?, _ body: ([UInt8]) throws -> Void) {
            guard let path = path else { return }
            do { try body(path) } catch let failure as TextFile.WriteError {
                writeError(bytes: Array("navlua: ".utf8) + failure.messageBytes + [10])
                ok = false
            } catch {
                writeError(bytes: Array("navlua: \(error)\n".utf8))
                ok = false
            }
        }
        stream(options.traceFile) { sink in
            let events = world.trace.events
            if options.traceIsJSONLines {
                TraceEventFormat.writeJSONLines(events: events) { sink.write($0) }
            } else {
                TraceEventFormat.writeChromeJSON(events: events, samples: samples, dropped: world.trace.dropped) {
                    sink.write($0)
                }
            }
        }
        save(options.timelineFile) { TimelineSVG.document(samples: samples, events: world.trace.events) }
        save(options.filmstripFile) { FilmstripSVG.document(samples, events: world.trace.events) }
        stream(options.htmlFile) { sink in
            ReplayHTML.write(samples: samples, events: world.trace.events, dropped: world.trace.dropped) {
                sink.write(bytes: $0)
            }
        }
        return ok
    }

    /// Who ends the run first: the script returning, `os.exit`, or the
    /// watchdog. Only that one writes the files.
    private static let ended = OnceFlag()

    /// Writes the files if nobody has ended the run yet: true when they
    /// were written (or none were asked for), false when one failed, nil
    /// when the watchdog is ending the process (the caller must not exit).
    static func endRun(_ host: NavLuaHost, _ options: RunOptions) -> Bool? {
        guard claimEnd() else { return nil }
        return write(host, options)
    }

    /// The main thread's claim to end the run, taken once its Lua has
    /// returned and before it reports anything (the script's error
    /// included): false when a watchdog has it, which then says why the run
    /// ended, writes the files and exits. Taken at the report, a watchdog
    /// firing while the error is being written (standard error blocked)
    /// cannot add a second `timeout:` line.
    static func claimEnd() -> Bool {
        if mainClaimed { return true }
        guard ended.take() else { return false }
        mainClaimed = true
        stuck = nil   // no watchdog reads it now; the host can close (and run finalizers)
        return true
    }

    nonisolated(unsafe) private static var mainClaimed = false

    // MARK: a run stuck past its deadline

    /// How long after the deadline the watchdog ends a run that the count
    /// hook has not stopped: the hook stops a Lua loop within a few
    /// milliseconds, so a run still going then is stuck where hooks do not
    /// reach.
    static let stuckGrace = 0.5

    nonisolated(unsafe) private static var stuck: (host: NavLuaHost, options: RunOptions)?

    /// Starts the watchdog for a run with a deadline, and for a run with
    /// files to write, the one that writes them after a stop signal.
    static func watch(_ host: NavLuaHost, _ options: RunOptions) {
        let files = options.writesFiles
        // (kept only then, until the run ends: lua_close runs the script's
        // finalizers, as lua.c does)
        guard host.deadline > 0 || files else { return }
        stuck = (host, options)
        if host.deadline > 0 { _ = Watchdog.start(at: host.deadline + stuckGrace, fire: endStuckRun) }
        if files { _ = navlua_start_signal_watchdog(stuckGrace, endSignalledRun) }
    }

    /// On a watchdog's thread: waits while the main thread still makes
    /// progress (calls between Swift and Lua, the engine's limit checks
    /// count up), for at most `slowGrace`: a main thread that is slow, not
    /// stuck, stops at its next check and writes the files itself; the
    /// watchdog must not read the world and the frame recorder while they
    /// still change. Once the count stands still, its acquire read orders
    /// the main thread's last writes to them before the watchdog's reads.
    private static func waitWhileFramesRun() {
        let start = monotonic()
        var seen = NavLuaHost.progress
        while monotonic() - start < slowGrace {
            var ts = timespec(tv_sec: 0, tv_nsec: 50_000_000)
            nanosleep(&ts, nil)
            let now = NavLuaHost.progress
            if now == seen { return }
            seen = now
        }
    }

    /// The longest a watchdog waits for a slow main thread (seconds).
    static let slowGrace = 5.0

    private static func monotonic() -> Double { navlua_monotonic() }

    /// On the signal watchdog's thread, `stuckGrace` after SIGTERM, SIGHUP
    /// or SIGPIPE, if the run has not ended by then (its main thread is
    /// blocked or busy in C): writes the files, says why, and ends the
    /// process by the signal.
    private static let endSignalledRun: @convention(c) (Int32) -> Void = { signal in
        waitWhileFramesRun()
        guard ended.take(), let (host, options) = stuck else { return }
        _ = write(host, options)
        navlua_try_flush_stdout()
        if signal != SIGPIPE {
            let name = signal == SIGTERM ? "SIGTERM" : signal == SIGHUP ? "SIGHUP" : "signal \(signal)"
            let message = "navlua: interrupted! (\(name))\n"
                + "(the script was stuck in a call that Lua's hooks cannot stop, so there is no traceback)\n"
            writeStandardError(Array(message.utf8))
        }
        navlua_exit_by_signal(signal)
    }

    /// On the watchdog's thread: writes the files (the main thread is
    /// blocked or busy in C, not in the engine), says why, and exits 1
    /// without running anything else of Lua's.
    private static let endStuckRun: @convention(c) () -> Void = {
        waitWhileFramesRun()
        guard ended.take(), let (host, options) = stuck else { return }
        _ = write(host, options)
        navlua_try_flush_stdout()
        let message = "navlua: timeout: the script ran past its time limit\n"
            + "(it was stuck in a call that Lua's hooks cannot stop, so there is no traceback)\n"
        writeStandardError(Array(message.utf8))
        _exit(1)
    }
}
