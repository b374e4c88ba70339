import NavLuaSystem
import NavLuaBridge
import NavLuaEngine

/// Live mode's bookkeeping: which frame wall time has made due since the
/// REPL started waiting at the prompt. The engine never reads a wall clock;
/// the REPL ticks it by whole frames, so what happens is what
/// `navlua.tick(n)` with the same n would do.
struct LiveClock {
    private var world: ObjectIdentifier
    private var startWall: Double
    private var startFrame: Int

    /// Starts counting from now at the world's current frame.
    init(_ world: World) {
        self.world = ObjectIdentifier(world)
        startWall = navlua_monotonic()
        startFrame = world.clock.frame
    }

    /// Frames to tick so that the clock catches up with wall time; 0 after
    /// navlua.reset replaced the world (counting starts again).
    mutating func framesDue(_ world: World) -> Int {
        guard ObjectIdentifier(world) == self.world else {
            self = LiveClock(world)
            return 0
        }
        let elapsed = navlua_monotonic() - startWall
        let target = startFrame + Int(elapsed * Double(world.clock.fps))
        return max(0, target - world.clock.frame)
    }
}
