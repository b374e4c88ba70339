import NavLuaRuntime
@testable import NavLuaEngine
@testable import NavLuaVisuals
@testable import NavLuaBridge
import NavLuaTestSupport

/// Runs fuzz sequences through the Lua bridge, one chunk at a time, and
/// shrinks a failing one.
enum FuzzRunner {
    struct Result {
        var violations: [FuzzChecker.Violation]
        /// The chunks that ran, in order: the replay script.
        var ran: [String]
        var frames = 0
        var events = 0
        var sheetPresents = 0
        var sheetPulls = 0
        var failed: Bool { !violations.isEmpty }
    }

    /// How many times the closing settle is retried: a hook that raises
    /// stops a settle at the end of its frame.
    static let settleAttempts = 30

    static func run(_ sequence: FuzzSequence) -> Result {
        let host = NavLuaHost()
        let checker = FuzzChecker()
        var ran: [String] = []
        // Not part of the replay script: silences the error lines `step` prints.
        _ = host.run(code: "fuzz_quiet = true", name: "=fuzz")

        /// Runs one chunk; returns the error it gave (through `step_error`).
        func chunk(_ code: String) -> String? {
            ran.append(code)
            if case .failed(let message) = host.run(code: code, name: "=fuzz") { return message }
            let L = host.L
            lua_getglobal(L, "step_error")
            let error = Lua(L).string(-1)
            Lua(L).pop()
            if error != nil {
                lua_pushnil(L)
                lua_setglobal(L, "step_error")
            }
            return error
        }

        for (i, code) in sequence.setup.enumerated() {
            if let error = chunk(code) {
                checker.violate("setup failed", "chunk \(i + 1): \(error)")
                return Result(violations: checker.violations, ran: ran)
            }
            // the prelude, then navlua.reset: watch the world it made
            if i == 1 { checker.install(on: host.bridge.world) }
        }
        let world = host.bridge.world
        for (i, op) in sequence.ops.enumerated() {
            if let error = chunk(op.lua) { checker.checkError(error, when: "in operation \(i + 1)") }
            checker.check(world, when: "after operation \(i + 1)")
            if checker.failed { break }
        }
        if !checker.failed {
            for lift in sequence.closingLifts {
                if let error = chunk(lift) { checker.checkError(error, when: "in a closing lift") }
            }
            // the one way out of a root freeze, before the closing settle
            if world.navigations.contains(where: { $0.stuck }), let error = chunk(FuzzSequence.recover) {
                checker.checkError(error, when: "in the closing navlua.background()")
            }
            var settled = false
            for _ in 0..<settleAttempts where !checker.failed {
                guard let error = chunk(FuzzSequence.finalSettle) else {
                    settled = true
                    break
                }
                checker.checkError(error, when: "in the closing settle")
            }
            if !settled && !checker.failed {
                checker.violate("not settled", "navlua.settle failed \(settleAttempts) times")
            }
            if !checker.failed { checker.checkSettled(world) }
        }
        return Result(violations: checker.violations, ran: ran, frames: checker.frames, events: checker.events,
                      sheetPresents: checker.sheetPresents, sheetPulls: checker.sheetPulls)
    }

    /// Drops operations (halves, then quarters, down to single ones) while
    /// the sequence still fails with a violation of the same kind.
    static func shrink(_ sequence: FuzzSequence, kind: String, budget: Int = 400) -> FuzzSequence {
        var best = sequence
        var runs = 0
        var size = max(1, best.ops.count / 2)
        while size >= 1 && runs < budget {
            var i = 0
            while i < best.ops.count && runs < budget {
                var candidate = best
                candidate.ops.removeSubrange(i..<min(i + size, best.ops.count))
                guard candidate.touchesWellFormed else {
                    i += size
                    continue
                }
                runs += 1
                if run(candidate).violations.first?.kind == kind {
                    best = candidate
                } else {
                    i += size
                }
            }
            size /= 2
        }
        return best
    }

    /// The replay script: `navlua run` it to see the sequence, its trace and errors.
    static func script(_ sequence: FuzzSequence, _ result: Result) -> String {
        var lines = [
            "-- navlua fuzz sequence, seed \(sequence.seed)",
            "-- \(result.violations.first.map(String.init(describing:)) ?? "no violation")",
            "-- replay: navlua run this.lua (each operation runs under `step`, which prints its error)",
        ]
        lines += result.ran
        return lines.joined(separator: "\n") + "\n"
    }
}
