import NavLuaSystem

/// A timer for a run that navlua's count hook cannot stop: blocked in a
/// system call (`io.read`, `os.execute("sleep 10")`), busy inside a C
/// function, or looping in a script's own debug hook, where hooks do not
/// run. `fire` runs once on the watchdog's own thread (which blocks every
/// signal, so Ctrl-C still reaches the main thread) at CLOCK_MONOTONIC
/// time `at`; it must not touch Lua.
public enum Watchdog {
    public static func start(at: Double, fire: @escaping @convention(c) () -> Void) -> Bool {
        navlua_start_watchdog(at, fire) == 0
    }
}

/// A flag that only one thread can take: who ends the run (the script
/// returning, `os.exit`, or the watchdog) writes its files and exits.
public final class OnceFlag: @unchecked Sendable {
    private let flag: UnsafeMutablePointer<Int32>

    public init() {
        flag = .allocate(capacity: 1)
        flag.initialize(to: 0)
    }

    deinit { flag.deallocate() }

    /// True for the first caller only.
    public func take() -> Bool { navlua_claim(flag) != 0 }
}
