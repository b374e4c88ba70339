/// A horizontally scrolling view on a screen: its offset follows the finger,
/// clamped to the content; a paging one snaps to a page on release.
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
    public var frame: Rect
    public var contentWidth: Double
    public var offset: Double
    public var page: Int
    public var paging: Bool
    /// Models UIPageViewController: after each page change the offset snaps
    /// back to one width, so only `page` tells where the user is.
    public var pageOffsetReset: Bool
    public var popSimultaneous: PopSimultaneous
    public internal(set) var isDragging = false
    var snapAnimation: Int?   // the world's id for the running snap

    public init(id: Int, frame: Rect, contentWidth: Double, offset: Double, paging: Bool,
                pageOffsetReset: Bool, popSimultaneous: PopSimultaneous) {
        self.id = id
        self.frame = frame
        self.contentWidth = contentWidth
        self.paging = paging
        self.pageOffsetReset = pageOffsetReset
        self.popSimultaneous = popSimultaneous
        self.offset = pageOffsetReset ? frame.width : offset
        self.page = pageOffsetReset || frame.width <= 0 ? 0 : (offset / frame.width).rounded().saturatingInt
    }

    public var scrolling: Bool { isDragging || snapAnimation != nil }
    public var canScrollHorizontally: Bool { contentWidth > frame.width }
    public var maxOffset: Double { max(0, contentWidth - frame.width) }
    public var pageCount: Int {
        frame.width > 0 ? max(1, (contentWidth / frame.width).rounded(.up).saturatingInt) : 1
    }

    package func clampedOffset(_ value: Double) -> Double { clamp(value, 0, maxOffset) }

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
