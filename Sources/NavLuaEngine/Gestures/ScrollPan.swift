/// A scroll view's pan, following one touch: the offsets follow the finger
/// (clamped to the content) from where the pan began, along the view's
/// axes, or along one of them once a directional lock decided; on release a
/// paging view snaps to a page, and release speed may carry it one page on.
/// It is the only writer of its view's offsets while the finger is down and
/// while the snap runs; it knows no navigation.
package final class ScrollPan {
    unowned let world: World
    let view: ScrollView
    private(set) var active = false
    private(set) var didBegin = false
    /// Where the finger is, as the touch's router last said (the arena
    /// begins the pan there).
    var location: Point
    /// Where the finger went down (the directional lock reads the drag so far).
    private let downLocation: Point
    private var startOffset = 0.0
    private var startOffsetY = 0.0
    private var startX = 0.0
    private var startY = 0.0
    private var startPage = 0
    /// The axes this drag scrolls: the view's, or one of them under a lock.
    private(set) var scrollAxes: PanAxes = []

    init(world: World, view: ScrollView, at location: Point) {
        self.world = world
        self.view = view
        self.location = location
        self.downLocation = location
        // A finger on a snapping view stops it where it is.
        if let id = view.snapAnimation {
            world.cancelAnimation(id)
            view.snapAnimation = nil
        }
    }

    /// The pan is this view's, from where the finger is.
    func begin() {
        active = true
        didBegin = true
        view.isDragging = true
        view.driver = self
        startOffset = view.offset
        startOffsetY = view.offsetY
        startX = location.x
        startY = location.y
        scrollAxes = ScrollPan.axes(of: view, drag: location - downLocation, tunables: world.tunables)
        startPage = view.frame.width > 0 ? (view.offset / view.frame.width).rounded().saturatingInt : 0
        record(.began)
    }

    func moved(to point: Point) {
        location = point
        guard active else { return }
        // Each displacement on the grid: a finger that comes back lands
        // exactly where it was (ScrollOffsetGrid).
        if scrollAxes.contains(.horizontal) {
            view.offset = view.clampedOffset(startOffset + ScrollOffsetGrid.rounded(startX - point.x))
        }
        if scrollAxes.contains(.vertical) {
            view.offsetY = view.clampedOffsetY(startOffsetY + ScrollOffsetGrid.rounded(startY - point.y))
        }
    }

    /// The axes a drag scrolls `view` along: every axis it can scroll, or,
    /// with `directional_lock`, only the one the drag so far is mostly
    /// along, unless it is diagonal. Apple (isDirectionalLockEnabled): "if
    /// the user begins dragging in one general direction (horizontally or
    /// vertically), the scroll view disables scrolling in the other
    /// direction. If the drag direction is diagonal, then scrolling doesn't
    /// lock"; what counts as diagonal is `directionalLockMaxSlope`.
    static func axes(of view: ScrollView, drag: Point, tunables: Tunables) -> PanAxes {
        let axes = view.axes
        guard view.directionalLock, axes == .both else { return axes }
        let (major, minor) = abs(drag.x) >= abs(drag.y) ? (abs(drag.x), abs(drag.y)) : (abs(drag.y), abs(drag.x))
        guard minor <= tunables.directionalLockMaxSlope * major else { return axes }
        return PanAxes.dominant(drag)
    }

    func lifted(velocity: Point) {
        guard active else { return }
        active = false
        view.isDragging = false
        record(.ended)
        guard view.paging, view.frame.width > 0 else { return letGo() }
        snap(velocityX: velocity.x)
    }

    /// The world is going away: stop dragging without snapping.
    func abandon() {
        active = false
        view.isDragging = false
        letGo()
    }

    /// A script set the view's offset: a drag goes on from there (the
    /// finger's next move counts from where it is now), a snap stops.
    func scriptMoved() {
        if active {
            startOffset = view.offset
            startOffsetY = view.offsetY
            startX = location.x
            startY = location.y
        } else if let id = view.snapAnimation {
            world.cancelAnimation(id)
            view.snapAnimation = nil
            letGo()
        }
    }

    /// Nothing of this pan moves the view any more.
    private func letGo() {
        if view.driver === self { view.driver = nil }
    }

    private func snap(velocityX vx: Double) {
        let w = view.frame.width
        let position = view.offset / w
        var target = position.rounded().saturatingInt
        let fling = world.tunables.pagingFlingVelocity
        if vx <= -fling { target = position.rounded(.down).saturatingInt + 1 }
        if vx >= fling { target = position.rounded(.up).saturatingInt - 1 }
        target = min(max(target, startPage - 1), startPage + 1)
        target = min(max(target, 0), view.pageCount - 1)
        if view.pageOffsetReset && view.page + (target - startPage) < 0 { target = startPage }
        let view = self.view
        let world = self.world
        // the closures keep the pan while its snap runs (the view's driver)
        view.snapAnimation = world.animate(
            from: view.offset, to: Double(target) * w, seconds: world.tunables.pagingSnapDuration,
            curve: .easeOut, label: "scroll view \(view.id) snapping",
            apply: { view.offset = $0 },
            complete: { [startPage, self] in
                view.snapAnimation = nil
                self.letGo()
                if view.pageOffsetReset {
                    view.page += target - startPage
                    view.offset = w
                } else {
                    view.page = target
                }
                world.record(.scroll, [.int("view", view.id), .int("page", view.page),
                                       .number("offset", view.offset)])
            },
            abandoned: { [self] in
                view.snapAnimation = nil
                self.letGo()
            })
    }

    /// `offset_y` only for a view that scrolls vertically, so that the
    /// trace of a horizontal one reads as before.
    private func record(_ state: GestureState) {
        var fields: [TraceField] = [
            .string("recognizer", Recognizer.scroll.rawValue), .string("state", state.rawValue),
            .int("view", view.id), .number("offset", view.offset),
        ]
        if view.canScrollVertically { fields.append(.number("offset_y", view.offsetY)) }
        world.record(.gesture, fields)
    }
}

extension ScrollPan: GestureArenaMember {
    var kind: Recognizer { .scroll }
    var scrollView: ScrollView? { view }
    var axes: PanAxes { view.axes }
    var name: String { "scroll:\(view.id)" }

    func accept() -> Bool {
        begin()
        return true
    }

    /// A rejected pan does not scroll (its touch's router drops it).
    func reject(by holder: any GestureArenaMember) {}

    /// The pop joins when the view allows it at this moment
    /// (`pop_simultaneous`); a failing rule is recorded. Another scroll view
    /// (one it lies in) never joins: nested views do not scroll together.
    func allowsJoining(_ member: any GestureArenaMember) -> Bool {
        guard member.kind == .pop else { return false }
        return world.read { try view.allowsSimultaneousPop() } ?? false
    }
}
