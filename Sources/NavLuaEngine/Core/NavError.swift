/// Why an engine call failed. `message` is the text a script sees after
/// "file:line: name: ", the same bytes in every case.
///
/// User code that raises (a hook, a field read, a completion rule, a trace
/// subscriber) does not unwind the engine: the frame under way goes on, and
/// the driving call throws the first such failure when it returns (see
/// `World.drive`).
public enum NavError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The call cannot run as asked: a bad argument, or a state that refuses it.
    case badCall(String)
    /// A screen's hook failed: it raised, or answered what it may not.
    /// `message` is the whole text (the Lua bridge names the hook and the
    /// screen in it).
    case hookFailed(hook: Hook, screen: String, message: String)
    /// Other user code failed: a screen field's read, a completion rule, a
    /// scroll view's `pop_simultaneous`, a trace subscriber.
    case callbackFailed(String)
    /// `settle` gave up: what was still active after `seconds`.
    /// `pitfalls`: one line for each pitfall that occurred, with its fix.
    case stillActive(seconds: Double, active: [String], pitfalls: [String] = [])
    /// The running call was stopped from outside (a time limit, Ctrl-C);
    /// the engine itself never reads a wall clock.
    case stopped(String)

    /// A bad call: the error the bridge's argument checks throw.
    public init(_ message: String) { self = .badCall(message) }

    public var message: String {
        switch self {
        case .badCall(let m), .callbackFailed(let m), .stopped(let m): return m
        case .hookFailed(_, _, let m): return m
        case .stillActive(let seconds, let active, let pitfalls):
            return "still active after \(formatNumber(seconds, places: 3)) s: " + active.joined(separator: ", ")
                + pitfalls.map { "\n" + $0 }.joined()
        }
    }

    public var description: String { message }

    /// A bad call that waited in the queue: the message names where it was
    /// made (`site`), since the call that runs the queue is elsewhere.
    func queued(by site: String) -> NavError {
        guard case .badCall(let m) = self else { return self }
        return .badCall("\(m) (queued by \(site))")
    }

    /// `error`'s text, whatever threw it.
    static func text(of error: any Error) -> String {
        (error as? NavError)?.message ?? "\(error)"
    }
}
