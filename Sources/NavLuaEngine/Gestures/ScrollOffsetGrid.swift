/// How far a finger has scrolled a view, rounded to a grid of 2^-32 points.
///
/// Touch samples are fractions of a move (`ScheduledSamples`), so a finger
/// that goes 190.67 pt one way and 190.67 pt back, in two drags, gives two
/// differences that miss each other by about 1e-14: left alone, the offset
/// ends at 2.84e-14 instead of 0 and `pop_simultaneous = "at_leading_edge"`
/// (offset <= 0) refuses. Rounding each drag's displacement (not the offset,
/// so an offset a script set stays exactly as set) makes equal and opposite
/// displacements cancel exactly, while moving nothing by more than 1.2e-10
/// pt. A power of two keeps the grid exact in binary; displacements up to
/// 2^20 pt keep full precision on it.
enum ScrollOffsetGrid {
    static let scale = 4_294_967_296.0   // 2^32

    static func rounded(_ displacement: Double) -> Double {
        let scaled = displacement * scale
        guard scaled.isFinite else { return displacement }
        return scaled.rounded() / scale
    }
}
