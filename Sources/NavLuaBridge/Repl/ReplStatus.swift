import NavLuaEngine

/// What the status line reports, kept to tell whether an input changed it:
/// the world (navlua.reset makes a new one), the frame, and each
/// navigation's stack and state. (Other activity alone does not make the
/// REPL print the line again.)
struct WorldSnapshot: Equatable {
    struct Navigation: Equatable {
        var id: Int
        var screens: [Int]
        var transitioning: Bool
        var presented: Bool
        var barHidden: Bool
    }

    var world: ObjectIdentifier
    var frame: Int
    var navigations: [Navigation]

    init(_ world: World) {
        self.world = ObjectIdentifier(world)
        frame = world.clock.frame
        navigations = world.navigations.map {
            Navigation(id: $0.id, screens: $0.screens.map(\.id), transitioning: $0.transitioning,
                       presented: $0.presented, barHidden: $0.barHidden)
        }
    }
}

/// The one-line status shown after an input that moved the clock or changed
/// a navigation, e.g. `[t=0.350s frame 21] nav1: Home > Detail (transitioning)`.
/// Other activity (touches that are down, scroll views snapping, queued
/// calls) follows after a `|`.
enum ReplStatus {
    static func line(_ world: World) -> String {
        var parts: [String] = []
        for nav in world.navigations {
            var s = "nav\(nav.id): " + (nav.screens.isEmpty ? "(empty)" : nav.screens.map(\.title).joined(separator: " > "))
            if nav.transitioning { s += " (transitioning)" }
            parts.append(s)
        }
        if parts.isEmpty { parts.append("no navigations") }
        // a navigation's transition is already told by "(transitioning)"
        let others = world.activeThings().filter { !($0.hasPrefix("nav ") && $0.contains(": transition ")) }
        let head = "[t=" + seconds(world.now) + "s frame \(world.clock.frame)] "
        return head + parts.joined(separator: "; ") + (others.isEmpty ? "" : " | " + others.joined(separator: ", "))
    }

    /// Nanoseconds as seconds with three decimals, rounded down.
    static func seconds(_ nanos: Int) -> String {
        let ms = nanos / 1_000_000
        let fraction = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
