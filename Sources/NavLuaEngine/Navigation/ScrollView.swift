/// A scrolling view on a screen: it scrolls along each axis whose content
/// is larger than its frame; its offsets follow the finger, clamped to the
/// content; a paging one snaps to a page (horizontally) on release.
public final class ScrollView {
    /// When the pop gesture may begin together with this view's pan.
    public enum PopSimultaneous {
        case never
        /// offset <= 0: the FDFullscreenPopGesture README recipe.
        case atLeadingEdge
        /// page == 0: TGPopGesture's recipe for page view controllers (seed 003).
        case firstPage
        case custom((ScrollView) throws -> Bool)
    }

    public let id: Int
    public let frame: Rect
    public let contentWidth: Double
    /// The content's height (its frame's height by default: no vertical scrolling).
    public let contentHeight: Double
    /// UIScrollView's isDirectionalLockEnabled: a drag that begins in one
    /// general direction scrolls only along it (`ScrollPan`).
    public let directionalLock: Bool
    /// How far the content is scrolled, in points: written by its pan
    /// (`ScrollPan`) while a finger drags it or its snap runs, and by a
    /// script through `setOffset` and `setPage`.
    public internal(set) var offset: Double
    /// How far the content is scrolled vertically, in points (same writers).
    public internal(set) var offsetY: Double
    public internal(set) var page: Int
    public let paging: Bool
    /// Models UIPageViewController: after each page change the offset snaps
    /// back to one width, so only `page` tells where the user is.
    public let pageOffsetReset: Bool
    /// How many pages it has: `page` stays in 0..<pages. A page view
    /// controller's is its data source's (the `pages` option); by default,
    /// and for any other view, its content's, a page per width.
    public let pages: Int
    public let popSimultaneous: PopSimultaneous
    public internal(set) var isDragging = false
    var snapAnimation: Int?   // the world's id for the running snap
    /// The pan that moves it now (dragging or snapping), told when a script
    /// moves it too.
    weak var driver: ScrollPan?

    public init(id: Int, frame: Rect, contentWidth: Double, offset: Double, paging: Bool,
                pageOffsetReset: Bool, popSimultaneous: PopSimultaneous,
                contentHeight: Double? = nil, offsetY: Double = 0, directionalLock: Bool = false,
                pages: Int? = nil) {
        self.id = id
        self.frame = frame
        self.contentWidth = contentWidth
        self.contentHeight = contentHeight ?? frame.height
        self.directionalLock = directionalLock
        self.paging = paging
        self.pageOffsetReset = pageOffsetReset
        self.pages = pages ?? (frame.width > 0 ? max(1, (contentWidth / frame.width).rounded(.up).saturatingInt) : 1)
        self.popSimultaneous = popSimultaneous
        self.offsetY = offsetY
        self.offset = pageOffsetReset ? frame.width : offset
        self.page = pageOffsetReset || frame.width <= 0 ? 0 : (offset / frame.width).rounded().saturatingInt
        // the page is the one asked for; the offset stays within the content
        self.offset = clampedOffset(self.offset)
        self.offsetY = clampedOffsetY(self.offsetY)
    }

    public var scrolling: Bool { isDragging || snapAnimation != nil }
    public var canScrollHorizontally: Bool { contentWidth > frame.width }
    public var canScrollVertically: Bool { contentHeight > frame.height }
    /// Its content sits at the leading offset (what iOS 26's content swipe
    /// and FD's README recipe read).
    public var atLeadingOffset: Bool { offset <= 0 }

    /// The pop recognizers its pan waits for (`require_to_fail`, UIKit's
    /// `require(toFail:)`): asked after them, and failing when one begins.
    public internal(set) var requiredToFail: [PopRecognizer] = []

    public func require(toFail recognizer: PopRecognizer) {
        if !requiredToFail.contains(where: { $0 === recognizer }) { requiredToFail.append(recognizer) }
    }

    /// The axes it scrolls along (empty: its content fits its frame).
    public var axes: PanAxes {
        var axes: PanAxes = []
        if canScrollHorizontally { axes.insert(.horizontal) }
        if canScrollVertically { axes.insert(.vertical) }
        return axes
    }
    public var maxOffset: Double { max(0, contentWidth - frame.width) }
    public var maxOffsetY: Double { max(0, contentHeight - frame.height) }
    public var pageCount: Int {
        frame.width > 0 ? max(1, (contentWidth / frame.width).rounded(.up).saturatingInt) : 1
    }

    package func clampedOffset(_ value: Double) -> Double { clamp(value, 0, maxOffset) }
    package func clampedOffsetY(_ value: Double) -> Double { clamp(value, 0, maxOffsetY) }

    /// A script scrolls it: the offset, clamped to the content. As with
    /// UIKit's setContentOffset, a finger dragging it goes on from there,
    /// and a running snap stops where it is.
    public func setOffset(_ value: Double) {
        offset = clampedOffset(value)
        driver?.scriptMoved()
    }

    /// A script scrolls it vertically: as `setOffset`, on the other axis.
    public func setOffsetY(_ value: Double) {
        offsetY = clampedOffsetY(value)
        driver?.scriptMoved()
    }

    /// A script turns to `page`, one of its `pages`: the offset follows, a
    /// page per width, except on a page_offset_reset view, whose offset
    /// stays one width. (World.turn(_:toPage:) records it.)
    func setPage(_ value: Int) throws(NavError) {
        guard value >= 0, value < pages else {
            throw NavError("'page' must be a whole number from 0 to \(pages - 1) (got \(value))")
        }
        page = value
        if !pageOffsetReset { setOffset(Double(value) * frame.width) }
    }

    /// Whether the pop may begin with this view's pan right now.
    func allowsSimultaneousPop() throws -> Bool {
        switch popSimultaneous {
        case .never: return false
        case .atLeadingEdge: return offset <= 0
        case .firstPage: return page == 0
        case .custom(let decide): return try decide(self)
        }
    }
}

extension World {
    /// A script sets `view.page`: as UIPageViewController's
    /// setViewControllers, a page that exists, recorded as a `scroll`
    /// event as a snap's page change is.
    public func turn(_ view: ScrollView, toPage value: Int) throws(NavError) {
        try view.setPage(value)
        record(.scroll, [.int("view", view.id), .int("page", view.page), .number("offset", view.offset)])
    }
}
