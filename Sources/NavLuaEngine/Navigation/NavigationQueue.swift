/// Where a call was made, in the host's words ("nav:push at x.lua:3"),
/// asked for only when the call has to wait in the queue: a queued call
/// that fails later names it.
public protocol CallSite: AnyObject {
    func describe() -> String
}

/// A call waiting in the queue, with where it was made.
struct QueuedCall {
    let call: NavigationCall
    let site: String?
}

/// A navigation's public calls, and the queue where those that arrive
/// while it is busy wait their turn: a call made from a hook, or while a
/// transition runs or a finger drives a pop, runs once the navigation is
/// free, in call order, and the trace shows when (manual §4.4).
extension NavigationController {
    public func push(_ screen: Screen, animated: Bool, site: CallSite? = nil) throws(NavError) {
        try perform(.push(screen, animated: animated), site: site)
    }

    /// Returns the popped screen; nil at the root or when the call was queued.
    @discardableResult
    public func pop(animated: Bool, site: CallSite? = nil) throws(NavError) -> Screen? {
        try perform(.pop(animated: animated), site: site)
    }

    @discardableResult
    public func popToRoot(animated: Bool, site: CallSite? = nil) throws(NavError) -> Screen? {
        try perform(.popToRoot(animated: animated), site: site)
    }

    @discardableResult
    public func pop(to screen: Screen, animated: Bool, site: CallSite? = nil) throws(NavError) -> Screen? {
        try perform(.popTo(screen, animated: animated), site: site)
    }

    public func setScreens(_ list: [Screen], animated: Bool, site: CallSite? = nil) throws(NavError) {
        try perform(.setScreens(list, animated: animated), site: site)
    }

    /// The back button: `will_go_back`, then pop, or dismiss at the root.
    public func back(site: CallSite? = nil) throws(NavError) {
        try perform(.back, site: site)
    }

    public func present(animated: Bool, site: CallSite? = nil) throws(NavError) {
        var request = PresentationRequest()
        request.animated = animated
        try present(request, site: site)
    }

    public func present(_ request: PresentationRequest, site: CallSite? = nil) throws(NavError) {
        try request.check()
        try perform(.present(request), site: site)
    }

    public func dismiss(animated: Bool, site: CallSite? = nil) throws(NavError) {
        try perform(.dismiss(animated: animated), site: site)
    }

    /// Calls made from a hook or while anything moves wait their turn.
    var mustQueue: Bool { mustQueueIgnoringQueue || !queue.isEmpty }

    private var mustQueueIgnoringQueue: Bool {
        world.hookDepth > 0 || transition != nil || userGestureInProgress || coverAnimating
    }

    @discardableResult
    private func perform(_ call: NavigationCall, site: CallSite?) throws(NavError) -> Screen? {
        let world = try attachedWorld()
        try check(call)
        if !waitsForAnotherNavigation(call) && interrupts(call) {
            return try world.drive { () throws(NavError) in try interrupt(with: call) }
        }
        if mustQueue || waitsForAnotherNavigation(call) {
            enqueue(QueuedCall(call: call, site: site?.describe()))
            return nil
        }
        return try world.drive { () throws(NavError) in try apply(call) }
    }

    private func enqueue(_ queued: QueuedCall) {
        for screen in queued.call.screens { screen.pins += 1 }
        queue.append(queued)
        world.queuedCalls += 1
        world.record(.queued, [.int("nav", id), .string("call", queued.call.name)])
    }

    /// Runs queued calls while the navigation is free; a failure is the
    /// current driving call's error.
    func drainQueue() {
        while !queue.isEmpty && !mustQueueIgnoringQueue && !waitsForAnotherNavigation(queue[0].call) {
            let queued = queue.removeFirst()
            world.queuedCalls -= 1
            defer { for screen in queued.call.screens { screen.pins -= 1 } }
            do throws(NavError) {
                try check(queued.call)
                _ = try apply(queued.call)
            } catch {
                // the call that runs now is not where the error was made
                world.fail(queued.site.map { error.queued(by: $0) } ?? error)
            }
        }
    }

    /// A screen that another navigation is still animating out (popped
    /// there, its transition running) joins this one only once that
    /// transition ends, so that its did_disappear comes before its
    /// will_appear here.
    private func waitsForAnotherNavigation(_ call: NavigationCall) -> Bool {
        if coverWaits(call) { return true }
        let screens = call.screens
        guard !screens.isEmpty else { return false }
        return world.navigations.contains { other in
            guard other !== self, let tr = other.transition else { return false }
            return screens.contains { $0 === tr.top || $0 === tr.below }
        }
    }

    /// Errors that do not depend on when the call runs.
    private func check(_ call: NavigationCall) throws(NavError) {
        switch call {
        case .push(let screen, _):
            if let other = screen.navigation, other !== self {
                throw .badCall("screen '\(screen.title)' is in another navigation")
            }
        case .popTo(let screen, _):
            if !screens.contains(where: { $0 === screen }) && !queue.contains(where: { $0.call.screens.contains { $0 === screen } }) {
                throw .badCall("screen '\(screen.title)' is not in the stack")
            }
        case .setScreens(let list, _):
            guard !list.isEmpty else { throw .badCall("the list of screens is empty") }
            for (i, screen) in list.enumerated() {
                if list[..<i].contains(where: { $0 === screen }) {
                    throw .badCall("screen '\(screen.title)' is in the list twice")
                }
                if let other = screen.navigation, other !== self {
                    throw .badCall("screen '\(screen.title)' is in another navigation")
                }
            }
        case .present:
            if screens.isEmpty { throw .badCall("the navigation has no screens to present") }
            let presentWaits = queue.contains { if case .present = $0.call { return true } else { return false } }
            if presented || presentWaits { throw .badCall("the navigation is already presented") }
        default:
            break
        }
    }

    func apply(_ call: NavigationCall) throws(NavError) -> Screen? {
        switch call {
        case let .push(screen, animated):
            try applyPush(screen, animated: animated)
            return nil
        case let .pop(animated):
            return popTo(index: screens.count - 2, animated: animated)
        case let .popToRoot(animated):
            return popTo(index: 0, animated: animated)
        case let .popTo(screen, animated):
            guard let index = screens.firstIndex(where: { $0 === screen }) else {
                throw .badCall("screen '\(screen.title)' is not in the stack")
            }
            return popTo(index: index, animated: animated)
        case let .setScreens(list, animated):
            applySetScreens(list, animated: animated)
            return nil
        case .back:
            goBack()
            return nil
        case let .present(request):
            guard !presented else { throw .badCall("the navigation is already presented") }
            guard let top = top else { throw .badCall("the navigation has no screens to present") }
            startPresenting(request, top: top)
            return nil
        case let .dismiss(animated):
            guard presented, let top = top else { throw .badCall("the navigation is not presented") }
            startDismissing(top: top, animated: animated)
            return nil
        }
    }
}

/// A navigation call, kept as a value so that it can wait in the queue.
package enum NavigationCall {
    case push(Screen, animated: Bool)
    case pop(animated: Bool)
    case popToRoot(animated: Bool)
    case popTo(Screen, animated: Bool)
    case setScreens([Screen], animated: Bool)
    case back
    case present(PresentationRequest)
    case dismiss(animated: Bool)

    var name: String {
        switch self {
        case .push(let s, _): return "push '\(s.title)'"
        case .pop: return "pop"
        case .popToRoot: return "pop_to_root"
        case .popTo(let s, _): return "pop_to '\(s.title)'"
        case .setScreens(let l, _): return "set_screens (\(l.count))"
        case .back: return "back"
        case .present: return "present"
        case .dismiss: return "dismiss"
        }
    }

    /// Screens the call holds while it waits.
    var screens: [Screen] {
        switch self {
        case .push(let s, _), .popTo(let s, _): return [s]
        case .setScreens(let l, _): return l
        default: return []
        }
    }
}
