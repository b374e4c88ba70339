/// A presented navigation's card (manual §4.7): its top edge and the one
/// motion that moves it. Everything that moves the card goes through here:
/// the present and dismiss slides, a sheet's pull and the card settling
/// after it. A new motion replaces the running one, as UIKit's
/// presentation controller retargets its card: a dismiss made while the
/// card settles at a detent, or a finger taking the card while it settles,
/// stops the settling animation, so that nothing else writes `y` after.
///
/// A transition's own slide (present, dismiss) is never replaced: a sheet's
/// pull begins only on a card with no transition, and a dismiss waits for
/// the pull to end or takes it over (NavigationInterruption).
final class PresentationCard {
    /// The card's top edge in the window's points: 0 full screen, a
    /// detent's edge for a resting sheet, the window's height off screen.
    @exclusivity(unchecked) private(set) var y: Double = 0
    /// The world's id of the animation moving the card, while one runs.
    private var motion: Int?
    /// An animation moves the card now.
    var moving: Bool { motion != nil }

    /// The card is at `y` now (a finger, or a change without animation).
    func place(at y: Double, in world: World) {
        stop(in: world)
        self.y = y
    }

    /// Moves the card with the animation `start` begins (the world's, or a
    /// transition's): `start` is given what applies each value and what
    /// runs at the end, and returns the animation's id. `complete` runs
    /// when the card gets there, not when a later motion replaced this one.
    func move(in world: World, complete: @escaping () -> Void,
              start: (_ apply: @escaping (Double) -> Void, _ complete: @escaping () -> Void) -> Int) {
        stop(in: world)
        let id = start({ [unowned self] in self.y = $0 }, { [unowned self] in
            self.motion = nil
            complete()
        })
        motion = id
    }

    private func stop(in world: World) {
        guard let id = motion else { return }
        world.cancelAnimation(id)
        motion = nil
    }
}
