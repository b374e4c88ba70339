/// A scroll view's pan (UIScrollView's one `panGestureRecognizer`): one
/// per view, following every finger that took it (`ScrollTouch`). The
/// offsets follow the fingers' centroid (clamped to the content) from where
/// the pan began, along the view's axes, or along one of them once a
/// directional lock decided; on the last lift a paging view snaps to a page,
/// and release speed may carry it one page on.
///
/// Several fingers: UIKit's pan reads the centroid of its touches
/// (UIGestureRecognizer.location(in:), Apple's documentation: "usually the
/// centroid of the touches involved in the gesture"). A finger that joins
/// or leaves moves the centroid without moving the content: the pan goes
/// on from where the content is (navlua's reading of UIKit: no jump is
/// seen on a device). Flutter's per-platform multitouch strategies
/// (ScrollBehavior.multitouchDragStrategy) are not modelled: every preset
/// follows the centroid.
///
/// It is the only writer of its view's offsets while a finger is down and
/// while the snap runs; it knows no navigation.
package final class ScrollPan {
    unowned let world: World
    let view: ScrollView
    /// A finger follows it: from the first finger's begin to the last lift.
    private(set) var active = false
    /// The fingers it follows, by touch id, where each is now.
    private var fingers: [(id: Int, at: Point)] = []
    private var startOffset = 0.0
    private var startOffsetY = 0.0
    /// The centroid the offsets are measured from.
    private var start = Point.zero
    private var startPage = 0
    /// The axes this drag scrolls: the view's, or one of them under a lock.
    private(set) var scrollAxes: PanAxes = []

    private init(world: World, view: ScrollView) {
        self.world = world
        self.view = view
    }

    /// The view's pan: the one fingers already follow, or a new one.
    static func of(_ view: ScrollView, in world: World) -> ScrollPan {
        if let pan = view.driver, pan.active { return pan }
        return ScrollPan(world: world, view: view)
    }

    /// A finger takes the pan at `point`, having moved `drag` since it went
    /// down (the directional lock reads it). The first begins the pan.
    func add(finger id: Int, at point: Point, drag: Point) {
        fingers.append((id, point))
        if !active {
            active = true
            view.isDragging = true
            view.driver = self
            scrollAxes = ScrollPan.axes(of: view, drag: drag, tunables: world.tunables)
            startPage = view.frame.width > 0 ? (view.offset / view.frame.width).rounded().saturatingInt : 0
            rebase()
            record(.began)
        } else {
            rebase()
        }
    }

    func move(finger id: Int, to point: Point) {
        guard active, let i = fingers.firstIndex(where: { $0.id == id }) else { return }
        fingers[i].at = point
        let c = centroid
        // Each displacement on the grid: a finger that comes back lands
        // exactly where it was (ScrollOffsetGrid).
        if scrollAxes.contains(.horizontal) {
            view.offset = view.clampedOffset(startOffset + ScrollOffsetGrid.rounded(start.x - c.x))
        }
        if scrollAxes.contains(.vertical) {
            view.offsetY = view.clampedOffsetY(startOffsetY + ScrollOffsetGrid.rounded(start.y - c.y))
        }
    }

    /// A finger lifts: the pan goes on with the others, or ends with it
    /// (a paging view snaps, with this finger's speed).
    func lift(finger id: Int, velocity: Point) {
        guard remove(finger: id) else { return }
        active = false
        view.isDragging = false
        record(.ended)
        guard view.paging, view.frame.width > 0 else { return letGo() }
        snap(velocityX: velocity.x)
    }

    /// A finger stops following without deciding anything (its pull went
    /// to a sheet, or the world goes away): the last one ends the drag
    /// without a snap.
    func drop(finger id: Int) {
        guard remove(finger: id) else { return }
        active = false
        view.isDragging = false
        letGo()
    }

    /// Removes the finger; true when it was the last.
    private func remove(finger id: Int) -> Bool {
        guard active, let i = fingers.firstIndex(where: { $0.id == id }) else { return false }
        fingers.remove(at: i)
        if fingers.isEmpty { return true }
        rebase()
        return false
    }

    private var centroid: Point {
        var sum = Point.zero
        for finger in fingers { sum = sum + finger.at }
        return Point(sum.x / Double(fingers.count), sum.y / Double(fingers.count))
    }

    /// The next move counts from the content where it is and the fingers
    /// where they are.
    private func rebase() {
        startOffset = view.offset
        startOffsetY = view.offsetY
        start = centroid
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

    /// A script set the view's offset: a drag goes on from there (the
    /// fingers' next move counts from where it is now), a snap stops.
    func scriptMoved() {
        if active {
            rebase()
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
        // a page view controller turns only to a page its data source has
        let turned = view.page + (target - startPage)
        if view.pageOffsetReset && (turned < 0 || turned >= view.pages) { target = startPage }
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
