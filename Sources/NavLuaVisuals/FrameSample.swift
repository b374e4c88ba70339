import NavLuaEngine

/// What the device showed at one frame, copied out of the engine so that
/// pictures can be drawn after the run: each navigation's `visual()` with
/// titles in place of screens, and the finger's pan.
public struct FrameSample: Sendable {
    public let frame: Int
    public let nanos: Int
    /// The device, in points.
    public let width: Double
    public let height: Double
    /// Navigations in the order they were made (the window's root first).
    public let navigations: [NavigationSample]
    /// The first touch that is down, if any.
    public let touch: TouchSample?

    public var seconds: Double { Double(nanos) / 1e9 }

    /// Reads the world as it is now.
    public init(_ world: World) {
        frame = world.clock.frame
        nanos = world.now
        width = world.width
        height = world.height
        navigations = world.navigations.map(NavigationSample.init)
        touch = world.touches.first(where: { $0.isDown }).map { TouchSample($0, now: world.now) }
    }

    public init(frame: Int, nanos: Int, width: Double, height: Double,
                navigations: [NavigationSample], touch: TouchSample?) {
        self.frame = frame
        self.nanos = nanos
        self.width = width
        self.height = height
        self.navigations = navigations
        self.touch = touch
    }
}

extension FrameSample {
    /// What a kept sample costs, for the memory account: an estimate (the
    /// values and their arrays; titles are shared with the screens).
    var retainedBytes: Int {
        let array = 32   // an array's header
        var n = MemoryLayout<FrameSample>.stride + array
        for nav in navigations {
            n += MemoryLayout<NavigationSample>.stride + array + nav.bar.items.count * MemoryLayout<BarSample.Item>.stride
            for placed in [nav.top, nav.below] {
                if let placed {
                    n += array + placed.scrolls.count * MemoryLayout<ScrollSample>.stride
                    if !placed.controls.isEmpty { n += array + placed.controls.count * MemoryLayout<ControlSample>.stride }
                }
            }
        }
        return n
    }
}

/// One navigation's `Visual` at a frame, plus the motion it is in.
public struct NavigationSample: Sendable {
    public struct Placed: Sendable {
        public let title: String
        public let x: Double
        /// The screen's scroll views, as they are scrolled at this frame.
        public var scrolls: [ScrollSample] = []
        /// The screen's controls, as they are at this frame (issue 35).
        public var controls: [ControlSample] = []
    }
    public struct Snapshot: Sendable {
        public let title: String
        public let x, y, width, height: Double
    }

    public let nav: Int
    public let style: String
    public let presented: Bool
    public let top: Placed?
    public let below: Placed?
    public let dim: Double
    /// Snapshot style only: alpha of the black mask over the snapshot.
    public let mask: Double?
    public let barHidden: Bool
    /// The bar as `visual().bar` has it.
    public let bar: BarSample
    public let snapshot: Snapshot?
    /// Vertical offset of a presented navigation (0 when fully shown).
    public let y: Double
    /// The running transition's kind ("push", "interactive_pop", ...), or nil.
    public let transition: String?
    /// A presented sheet's detent and what it does to the screen behind.
    public var sheet: SheetSample? = nil
    /// How far that transition has come, 0 to 1 (snapshot style: offset / width).
    public let progress: Double?
    /// Android: the predictive back animation under way (manual §15.6).
    public var back: BackSample? = nil

    init(_ nav: NavigationController) {
        let v = nav.visual()
        // A title is a read of the screen's table (it may change): read once
        // per screen in a frame, though the screen and its bar items name it
        // up to three times.
        var titles = TitleMemo()
        self.nav = nav.id
        style = nav.styleName
        presented = nav.presented
        top = v.top.map { Placed(title: titles[$0.screen], x: $0.x, scrolls: $0.screen.scrollViews.map(ScrollSample.init),
                                 controls: $0.screen.controls.map(ControlSample.init)) }
        below = v.below.map { Placed(title: titles[$0.screen], x: $0.x, scrolls: $0.screen.scrollViews.map(ScrollSample.init),
                                     controls: $0.screen.controls.map(ControlSample.init)) }
        dim = v.dim
        mask = v.mask
        barHidden = v.barHidden
        var items: [BarSample.Item] = []
        items.reserveCapacity(v.bar.items.count)
        for item in v.bar.items {
            items.append(BarSample.Item(title: titles[item.screen], part: item.part.rawValue, x: item.x,
                                        alpha: item.alpha, chevron: item.chevron, label: item.label))
        }
        bar = BarSample(shown: v.bar.shown, items: items)
        snapshot = v.snapshot.map {
            Snapshot(title: titles[$0.screen], x: $0.x, y: $0.y, width: $0.width, height: $0.height)
        }
        y = v.y
        if let p = v.presented, let b = p.behind {
            sheet = SheetSample(detent: p.detent.map(NavigationController.describeDetent) ?? "",
                                behindScale: b.scale, behindY: b.y, behindDim: b.dim)
        }
        back = v.back.map { b in
            func layer(_ l: BackLayer) -> BackSample.Layer {
                BackSample.Layer(title: titles[l.screen], scale: l.scale, x: l.x, y: l.y,
                                 cornerRadius: l.cornerRadius, alpha: l.alpha)
            }
            return BackSample(home: b.home, scrim: b.scrim, top: layer(b.top), below: b.below.map(layer))
        }
        if let tr = nav.transition {
            transition = tr.kind.rawValue
            progress = tr.kind == .snapshotPop ? tr.offset / nav.width : tr.progress
        } else {
            transition = nil
            progress = nil
        }
    }

    public init(nav: Int, style: String, presented: Bool = false, top: Placed?, below: Placed?,
                dim: Double, mask: Double?, barHidden: Bool, bar: BarSample? = nil, snapshot: Snapshot?,
                y: Double = 0, transition: String? = nil, progress: Double? = nil) {
        self.nav = nav
        self.style = style
        self.presented = presented
        self.top = top
        self.below = below
        self.dim = dim
        self.mask = mask
        self.barHidden = barHidden
        self.bar = bar ?? BarSample(shown: barHidden ? 0 : 1, items: [])
        self.snapshot = snapshot
        self.y = y
        self.transition = transition
        self.progress = progress
    }

    /// Whether it is on screen: the window's root, or presented, or on its
    /// way in or out.
    func isShown(index: Int) -> Bool {
        index == 0 || presented || transition == "present" || transition == "dismiss"
            || transition == "interactive_dismiss"
    }
}

/// The titles of the few screens a frame shows, each read once.
private struct TitleMemo {
    private var read: [(screen: ObjectIdentifier, title: String)] = []

    subscript(screen: Screen) -> String {
        mutating get {
            let id = ObjectIdentifier(screen)
            if let hit = read.first(where: { $0.screen == id }) { return hit.title }
            let title = screen.title
            read.append((id, title))
            return title
        }
    }
}

/// A scroll view at a frame: its frame in the screen, its content's size
/// and how far it is scrolled (manual §5.5, §10).
public struct ScrollSample: Sendable {
    public let x, y, width, height: Double
    public let contentWidth, contentHeight: Double
    public let offsetX, offsetY: Double

    init(_ view: ScrollView) {
        x = view.frame.x; y = view.frame.y
        width = view.frame.width; height = view.frame.height
        contentWidth = view.contentWidth; contentHeight = view.contentHeight
        offsetX = view.offset; offsetY = view.offsetY
    }
}

/// Android's predictive back at a frame (manual §15.6): each screen's
/// scale, offset, corner radius and alpha, and the scrim.
public struct BackSample: Sendable {
    public struct Layer: Sendable {
        public let title: String
        public let scale, x, y, cornerRadius, alpha: Double
    }
    public let home: Bool
    public let scrim: Double
    public let top: Layer
    public let below: Layer?
}

/// A presented sheet at a frame (manual §4.7): its detent, and the scale,
/// drop and dim of what is behind it.
public struct SheetSample: Sendable {
    public let detent: String
    public let behindScale, behindY, behindDim: Double
}

/// The navigation bar at a frame: how much of it shows and its items,
/// with titles in place of screens.
public struct BarSample: Sendable {
    public struct Item: Sendable {
        public let title: String
        /// "title" or "back".
        public let part: String
        public let x: Double
        public let alpha: Double
        public let chevron: Double?
        public let label: String?

        public init(title: String, part: String, x: Double, alpha: Double,
                    chevron: Double? = nil, label: String? = nil) {
            self.title = title; self.part = part; self.x = x; self.alpha = alpha
            self.chevron = chevron; self.label = label
        }
    }

    public let shown: Double
    public let items: [Item]

    public init(shown: Double, items: [Item]) {
        self.shown = shown
        self.items = items
    }
}

/// A finger at a frame: where it is and the pan it makes.
public struct TouchSample: Sendable {
    public let id: Int
    public let location: Point
    /// From the touch-down point, in points.
    public let translation: Point
    /// Points per second, over the velocity tracker's window.
    public let velocity: Point

    init(_ touch: Touch, now: Int) {
        id = touch.id
        location = touch.location
        translation = touch.pan?.translation ?? .zero
        velocity = touch.pan?.velocity(at: now) ?? .zero
    }

    public init(id: Int, location: Point, translation: Point, velocity: Point) {
        self.id = id
        self.location = location
        self.translation = translation
        self.velocity = velocity
    }
}
