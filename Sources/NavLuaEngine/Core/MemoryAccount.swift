/// The bytes the engine keeps for one script: trace events (with the
/// strings they copy, such as screen titles) and subscriptions, counted where
/// they are kept; an embedder adds what its own objects keep for the script
/// (the Lua bridge: each screen's last title). The engine knows no memory
/// limit; an embedder that has one (the Lua bridge's `--memory-limit`) has
/// the account count straight into its own counter (`countingInto:`).
///
/// Figures are estimates of what the allocations cost, not malloc's exact
/// sizes: see `TraceEvent.retainedBytes` and `Trace.subscriberBytes`.
public final class MemoryAccount {
    private var storage: UnsafeMutablePointer<Int>
    private var owned: Bool

    /// An account with a counter of its own.
    public init() {
        storage = .allocate(capacity: 1)
        storage.initialize(to: 0)
        owned = true
    }

    /// An account that counts into `counter`, until `detach()`.
    public init(countingInto counter: UnsafeMutablePointer<Int>) {
        storage = counter
        owned = false
    }

    deinit { if owned { storage.deallocate() } }

    /// Bytes kept now.
    public var bytes: Int { storage.pointee }

    /// Counts `n` more bytes kept (fewer, when negative).
    public func add(_ n: Int) { storage.pointee += n }

    /// Goes on counting in a counter of its own: before the embedder's
    /// counter is freed while objects that count into it may outlive it.
    public func detach() {
        guard !owned else { return }
        let own = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        own.initialize(to: storage.pointee)
        storage = own
        owned = true
    }
}
