/// One finger on the glass. Its samples are delivered one per frame on the
/// virtual clock (TouchRouting.swift); the pan it makes is followed by
/// `pan`, and it may drive a navigation's pop gesture, a scroll view, or
/// both at once.
public final class Touch {
    public enum Phase: String { case began, moved, ended, cancelled }

    // @exclusivity(unchecked): read on every sample, written only by plain
    // assignments and in-place changes that call nothing that reads them
    // (see World). A sample changes `pan` in place across PanTracker.add,
    // which reads nothing but the tracker itself.
    public let id: Int
    /// Where the finger is, as of the last delivered sample.
    @exclusivity(unchecked) public internal(set) var location: Point
    /// Where the finger will be once the scheduled samples are delivered.
    var scheduledLocation: Point
    /// When its last delivered sample was taken (ns): at or before the
    /// frame that delivered it.
    @exclusivity(unchecked) var sampleNanos = 0
    /// The finger's own time after its last call, and the frame that call
    /// ended on (TouchDriving: a call goes on from there while that frame
    /// is the current one).
    private(set) var timelineNanos = 0
    private(set) var timelineFrame = -1
    @exclusivity(unchecked) public private(set) var isDown = true
    /// The world it was made in (touches outlive a reset in Lua).
    public var owner: World? { ownerLink.object }
    private let ownerLink: WorldLink
    /// Velocity when it was lifted, in points per second.
    public internal(set) var releaseVelocity = Point.zero
    /// Why it is no longer down, for the error a later call gets.
    private(set) var liftedReason = "was lifted"
    /// Samples still to deliver, in order.
    @exclusivity(unchecked) var pending: [ScheduledSamples] = []
    @exclusivity(unchecked) package var pan: PanTracker?
    var navigation: NavigationController? {
        get { navigationLink?.object }
        set { navigationLink = newValue?.link }
    }
    private var navigationLink: NavigationLink?
    /// A detector for each of its navigation's pop recognizers, in the
    /// navigation's order, when this touch may drive a pop.
    @exclusivity(unchecked) var pops: [PopGestureDetector] = []
    /// The pop detector that speaks for the touch: the only one, else the
    /// one that began, else the last to decide (the main reason it did
    /// not pop: the content swipe's refusal rather than the edge's
    /// `edge_width` at touch-down).
    var pop: PopGestureDetector? {
        if pops.count <= 1 { return pops.first }
        return pops.first { $0.state != .possible && $0.state != .failed } ?? pops.last { $0.state == .failed } ?? pops.last
    }
    /// Android's system back gesture, when the touch went down in its inset.
    @exclusivity(unchecked) var back: SystemBackGesture?
    /// A presented sheet's pull, when the touch went down on its card.
    @exclusivity(unchecked) var sheet: SheetPan?
    /// The pans of the scroll views under it, innermost first, until the
    /// arena decides.
    @exclusivity(unchecked) var scrollCandidates: [ScrollTouch] = []
    /// The scroll view's pan that took the pan (alone or with the pop).
    @exclusivity(unchecked) var scroll: ScrollTouch?
    /// The control the touch went down on (issue 35: ControlTouch.swift).
    @exclusivity(unchecked) var control: ControlTouch?
    /// The pan crossed the slop but the arena waits for a member to claim
    /// it (Flutter's rule: no axis past the slop yet).
    @exclusivity(unchecked) var arenaOpen = false
    /// What the touch's arena decided: who holds its pan, who joined and
    /// who lost. Set when it decides, and again when a hand-over gives the
    /// pan to another member (a list at its top to its sheet); read, never
    /// worked out again.
    @exclusivity(unchecked) var arena: GestureArena.Outcome?

    init(id: Int, at point: Point, in world: World) {
        self.id = id
        self.ownerLink = world.link
        location = point
        scheduledLocation = point
    }

    /// A call left the finger at `nanos`, and ended on `frame`.
    func leftFinger(at nanos: Int, frame: Int) {
        timelineNanos = nanos
        timelineFrame = frame
    }

    /// The finger is off the glass: the one place `isDown` turns false.
    /// `reason` is what a later call on it is told ("was lifted" when it
    /// lifted as scripted).
    func end(because reason: String? = nil) {
        isDown = false
        if let reason = reason { liftedReason = reason }
    }

    /// Who got the pan, as the arena decided: the pop when it took the pan
    /// or joined it, else the member that holds it.
    public var recognizer: Recognizer? {
        guard let arena = arena else { return nil }
        if arena.holder?.kind == .pop || arena.joined.contains(where: { $0.member.kind == .pop }) { return .pop }
        return arena.holder?.kind
    }

    /// The state of that recognizer, or else of the pop gesture.
    public var recognizerState: GestureState? {
        switch recognizer {
        case .scroll: return scroll?.active == true ? .changed : .ended
        case .sheet: return sheet?.active == true ? .changed : .ended
        case .control: return control?.active == true ? .changed : .ended
        case .systemBack: return back?.state
        default: return pop?.state
        }
    }

    /// Whether the released pop finishes (nil when no pop was released).
    public var popFinishes: Bool? { pop?.recognizer.finishes ?? back?.commits }

    /// The check that refused the pop gesture, if one did.
    public var popRefusedBy: PopRefusal? { pop?.recognizer.refusedBy }
}
