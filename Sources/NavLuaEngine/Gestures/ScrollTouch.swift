/// One touch over a scroll view, as the touch's arena sees it: a member that
/// may take the pan for the view. Taking it adds the finger to the view's
/// one `ScrollPan`, so two fingers on one list move it as one pan, never
/// as two writers.
final class ScrollTouch {
    unowned let world: World
    let view: ScrollView
    /// The touch this member speaks for.
    let touchID: Int
    /// Where the finger is, as the touch's router last said (the arena
    /// begins the pan there).
    var location: Point
    /// Where the finger went down (the directional lock reads the drag so far).
    private let downLocation: Point
    /// The view's pan, once this finger took it; nil again once it lifted
    /// or was dropped.
    private(set) var pan: ScrollPan?
    /// The finger took the view's pan (it stays true after the lift).
    private(set) var didBegin = false
    /// The view was at rest when the finger went down (not snapping or
    /// decelerating): iOS 26's content swipe reads it.
    let wasAtRest: Bool

    init(world: World, view: ScrollView, touch: Int, at location: Point) {
        self.world = world
        self.view = view
        self.touchID = touch
        self.location = location
        self.downLocation = location
        wasAtRest = view.snapAnimation == nil && view.driver == nil
        // A finger on a snapping view stops it where it is.
        if let id = view.snapAnimation {
            world.cancelAnimation(id)
            view.snapAnimation = nil
        }
    }

    /// The finger moves the view now.
    var active: Bool { pan?.active == true }

    func moved(to point: Point) {
        location = point
        pan?.move(finger: touchID, to: point)
    }

    func lifted(velocity: Point) {
        pan?.lift(finger: touchID, velocity: velocity)
        pan = nil
    }

    /// Stops following without deciding (its pull went to a sheet, or the
    /// world goes away).
    func abandon() {
        pan?.drop(finger: touchID)
        pan = nil
    }
}

extension ScrollTouch: GestureArenaMember {
    var kind: Recognizer { .scroll }
    var scrollView: ScrollView? { view }
    var axes: PanAxes { view.axes }
    var name: String { "scroll:\(view.id)" }

    func accept() -> Bool {
        let pan = ScrollPan.of(view, in: world)
        pan.add(finger: touchID, at: location, drag: location - downLocation)
        self.pan = pan
        didBegin = true
        return true
    }

    /// A pan that lost does not scroll (its touch's router drops it); one
    /// that held the pan and lost it (to its sheet) lets go of the view.
    func lost(_ reason: String, to holder: (any GestureArenaMember)?) { abandon() }

    /// The pop joins when the view allows it at this moment
    /// (`pop_simultaneous`); a failing rule is recorded. Another scroll view
    /// (one it lies in) never joins: nested views do not scroll together.
    func allowsJoining(_ member: any GestureArenaMember) -> Bool {
        guard member.kind == .pop else { return false }
        return world.read { try view.allowsSimultaneousPop() } ?? false
    }
}
