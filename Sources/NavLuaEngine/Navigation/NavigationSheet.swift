/// What a sheet's pull does to its navigation (manual §4.7): the refusal,
/// the presentation delegate, the lifecycle of an interactive dismissal
/// that finishes or is cancelled, and the detent it comes to rest at. The
/// pull itself (`SheetPan`) moves the card.
extension NavigationController {
    /// Replaces the presentation delegate (`nav.presentation_delegate`).
    public func setPresentationDelegate(_ delegate: (any PresentationDelegate)?) {
        presentationDelegate = delegate
    }

    /// Why a pull may not dismiss: the top screen's `modal_in_presentation`
    /// (UIKit's isModalInPresentation), then the delegate's `should_dismiss`
    /// answering false. A failure refuses too.
    func sheetRefusal() -> String? {
        if let top = top {
            guard let modal = world.read({ try top.source.flag(.modal_in_presentation) }) else { return "error" }
            if modal { return "modal_in_presentation" }
        }
        switch tellPresentationDelegate(.should_dismiss) {
        case .value(false): return "should_dismiss"
        case .failed: return "error"
        default: return nil
        }
    }

    /// Calls a presentation delegate method as user code; records it.
    @discardableResult
    func tellPresentationDelegate(_ method: PresentationDelegateMethod) -> World.HookOutcome {
        guard let delegate = presentationDelegate else { return .undefined }
        var outcome = World.HookOutcome.undefined
        let ok = world.callUserCode {
            let result = try delegate.call(method, self)
            guard case .value(let v) = result else { return }
            outcome = .value(v)
            world.record(.delegate, [.int("nav", id), .string("name", method.rawValue),
                                     TraceField("result", v.map { .bool($0) } ?? .string("nil"))])
        }
        return ok ? outcome : .failed
    }

    /// The pull went below the lowest detent: UIKit's interactive dismissal
    /// begins (will_dismiss, then the top's will_disappear).
    func beginInteractiveDismissal() -> Transition? {
        guard let top = top else { return nil }
        tellPresentationDelegate(.will_dismiss)
        let tr = Transition(kind: .interactiveDismiss, top: top, below: nil)
        begin(tr)
        lifecycle(.will_disappear, top, animated: true)
        return tr
    }

    func recordInteractiveDismiss() {
        world.record(.dismiss, [.int("nav", id), .bool("animated", true), .bool("interactive", true)])
    }

    /// The card has gone: did_disappear, then did_dismiss.
    func endInteractiveDismissal(_ tr: Transition?) {
        if let tr = tr { end(tr, finished: true) }
        guard let top = top else { return }
        endPresentation(top: top, animated: true, covered: nil)
        tellPresentationDelegate(.did_dismiss)
    }

    /// The card is back at a detent: a dismissal that had begun is
    /// cancelled, in a cancelled pop's order (will_appear, did_appear).
    func cancelInteractiveDismissal(_ tr: Transition?) {
        guard let tr = tr else { return }
        end(tr, finished: false)
        lifecycle(.will_appear, tr.top, animated: true)
        lifecycle(.did_appear, tr.top, animated: true)
    }

    /// The sheet now rests at the detent whose top edge is `restY`.
    func selectDetent(restY: Double) {
        guard var p = presentation else { return }
        let h = config.height
        if let i = p.detents.firstIndex(where: { abs(options.sheet.restY($0, height: h) - restY) < 1e-9 }) {
            p.selected = i
            presentation = p
        }
    }
}
