import NavLuaBridge
import NavLuaEngine
import NavLuaVisuals
import NavLuaTestRunner

/// The files `--trace`, `--timeline` and `--filmstrip` ask for: a frame
/// recorder is installed before the script runs (only when one of them is
/// given, so other runs pay nothing), and the files are written after it
/// ended, even when it failed, since that is when they help most.
enum Outputs {
    /// Starts recording frames if an output needs them. `.jsonl` traces
    /// hold only the trace events, so they need no frames.
    static func prepare(_ host: NavLuaHost, _ options: RunOptions) {
        let traceNeedsFrames = options.traceFile.map { !$0.hasSuffix(".jsonl") } ?? false
        if traceNeedsFrames || options.timelineFile != nil || options.filmstripFile != nil {
            host.bridge.recorder = FrameRecorder()
        }
    }

    /// Writes --trace/--timeline/--filmstrip files; false on failure, after
    /// saying which file could not be written.
    static func write(_ host: NavLuaHost, _ options: RunOptions) -> Bool {
        let world = host.bridge.world
        let samples = host.bridge.recorder?.finish(world) ?? []
        var ok = true
        func save(_ path: String?, _ make: () -> String) {
            guard let path = path else { return }
            do { try TextFile.write(make(), to: path) } catch {
                writeError("navlua: \((error as? NavError)?.message ?? "\(error)")\n")
                ok = false
            }
        }
        save(options.traceFile) {
            let events = world.trace.events
            return options.traceFile!.hasSuffix(".jsonl")
                ? TraceEventFormat.jsonLines(events: events)
                : TraceEventFormat.chromeJSON(events: events, samples: samples, dropped: world.trace.dropped)
        }
        save(options.timelineFile) { TimelineSVG.document(samples: samples, events: world.trace.events) }
        save(options.filmstripFile) { FilmstripSVG.document(samples) }
        return ok
    }
}
