import NavLuaEngine

/// The platform presets a state knows, in the order `navlua.presets` lists
/// them: the built-in ones, then those of `navlua.define_preset` (a name
/// defined again moves to the end). Found by name through an index, so
/// that defining n presets takes linear time: a plain array searched and
/// rewritten on every definition took quadratic time (100,000 presets:
/// 52 s; issue 40).
struct PresetList {
    /// In order; nil where a preset was defined again later.
    private var slots: [Preset?]
    private var index: [String: Int] = [:]
    private var holes = 0

    init(_ presets: [Preset]) {
        slots = []
        for p in presets { _ = define(p) }
    }

    subscript(name: String) -> Preset? { index[name].flatMap { slots[$0] } }

    var names: [String] { slots.compactMap { $0?.name } }

    /// Adds `preset`, replacing one of the same name; returns the bytes it
    /// keeps for the script beyond what it replaced (`MemoryAccount`).
    mutating func define(_ preset: Preset) -> Int {
        var change = PresetList.bytes(preset)
        if let old = index[preset.name] {
            change -= PresetList.bytes(slots[old]!)
            slots[old] = nil
            holes += 1
        }
        index[preset.name] = slots.count
        slots.append(preset)
        if holes > slots.count / 2 { compact() }
        return change
    }

    /// Drops the holes that definitions left (amortized: half the slots at most).
    private mutating func compact() {
        slots = slots.filter { $0 != nil }
        holes = 0
        for (i, p) in slots.enumerated() { index[p!.name] = i }
    }

    /// An estimate of what one preset keeps: its values (their curves and
    /// rules boxed), its name twice (in the preset and as the index's key)
    /// and the index's entry: 100,000 presets took 149 MB resident.
    static func bytes(_ p: Preset) -> Int { 1_450 + 2 * p.name.utf8.count }
}
