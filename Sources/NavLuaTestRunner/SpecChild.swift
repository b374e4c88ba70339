import NavLuaRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavLuaBridge

/// The body of a forked child of `navlua test`: runs its job (one spec
/// file, or a group sharing one Lua state) in its copy of the session's
/// template state and writes the records the parent reads (see
/// `SpecDriver`), then ends the process. The parent owns everything else:
/// discovery, scheduling, the hard timeout and the report.
enum SpecChild {
    /// What the memory limit grows by once exhausted (`navlua_memory_exhausted`).
    static let memoryReserve = 4 << 20

    static func run(session: LuaSession, options: TestOptions, files: [String], slot: Int, resultsFD: Int32,
                    seed: String) -> Never {
        // --html: a copy of this process as it is now, to run the files
        // again with a recorder if a test fails (FailureReplays); its
        // records go nowhere
        let role = ReplayStandby.fork()
        var slotName = String(slot), resultsFD = resultsFD
        if case .standby = role {
            close(resultsFD)
            resultsFD = -1
            slotName = "/dev/null"
        }
        let host = session.host
        _ = ChildAllocator.install(host.L)
        // Ctrl-C (or SIGTERM, SIGHUP, passed on by the parent) ends the
        // running test with "interrupted!" and the driver skips the rest of
        // the file (the worker left the stop signals blocked).
        navlua_test_child_catch_signals(host.L)
        // --memory-limit counts what the file allocates and what the engine
        // keeps for it, on top of the template (busted, luassert, the
        // helper) it starts from.
        if let mb = options.memoryLimitMB {
            let lim = navlua_limits(host.L)!
            lim.pointee.memory_limit = lim.pointee.used + lim.pointee.engine_used + Int(min(mb, 1e9) * 1024 * 1024)
            // room to report the error when what exhausted the limit stays
            // referenced (a global): the test errs, and its report says so
            lim.pointee.memory_reserve = SpecChild.memoryReserve
        }
        // Once: the driver reports the timeout and skips the rest of the
        // file; the parent kills a child whose file swallows it.
        if let t = options.timeout { host.setTimeout(t, once: true) }
        // Warnings are shown, as lua -W shows them (busted leaves them off):
        // warn() in a spec, and navlua's own (a misspelled hook's name).
        navlua_warnings_on(host.L)
        host.bridge.misspelledHooksFail = options.strictHooks
        var status: Int32 = 0
        let started = monotonic()
        if case .failure(let f) = session.call("run", [slotName, seed] + files, status: 1), resultsFD >= 0 {
            // The driver could not finish (a limit hit outside busted's
            // protection, a broken helper): one record says so.
            var line = ChildRecord.error(name: "", location: files.first ?? "", message: f.message, traceback: "").line
            line.withUTF8 { _ = write(resultsFD, $0.baseAddress, $0.count) }
            status = 1
        }
        fflush(nil)
        if case .child(let standby, let notes) = role {
            // stop_reason keeps the last limit that stopped the files; the
            // flags, one that arrives while the child waits
            let lim = navlua_limits(host.L)
            ReplayStandby.finish(standby: standby, notes: notes, ran: monotonic() - started) {
                guard let l = lim?.pointee else { return false }
                return l.stop_reason != 0 || l.interrupted != 0 || l.terminated != 0 || l.deadline_hit != 0
            }
        }
        _exit(status)
    }
}
