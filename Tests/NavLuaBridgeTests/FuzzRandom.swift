/// SplitMix64 (Steele, Lea and Flood 2014): a small seeded generator, so a
/// fuzz sequence is a pure function of its seed on every machine.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in 0..<n (n > 0).
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// A whole number in lo...hi.
    mutating func int(_ lo: Int, _ hi: Int) -> Int { lo + int(hi - lo + 1) }

    /// Uniform in [lo, hi), rounded to milli-units so that the Lua text is exact.
    mutating func number(_ lo: Double, _ hi: Double) -> Double {
        let u = Double(next() >> 11) / Double(1 << 53)
        return ((lo + (hi - lo) * u) * 1000).rounded() / 1000
    }

    mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < p }

    mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }

    /// The seed of sequence `index` of a run started from `seed`.
    static func sequenceSeed(_ seed: UInt64, _ index: Int) -> UInt64 {
        var g = SplitMix64(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        return g.next()
    }
}
