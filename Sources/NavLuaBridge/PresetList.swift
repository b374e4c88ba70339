import NavLuaEngine

/// The platform presets a state knows, in the order `navlua.presets` lists
/// them: the built-in ones, then those of `navlua.define_preset` (a name
/// defined again moves to the end). Defined presets are found by name
/// through an index, so that defining n presets takes linear time: a plain
/// array searched and rewritten on every definition took quadratic time
/// (100,000 presets: 52 s; issue 40). The index is made by the first
/// definition: its generic types' metadata cost every start 195,000
/// instructions (16% of navlua's start-up) when made up front.
struct PresetList {
    /// The presets `define_preset` made, once one was.
    private var defined: DefinedPresets?

    /// A built-in preset is made when it is asked for (Preset.builtIn(named:));
    /// define_preset refuses their names, so none is ever replaced.
    subscript(name: String) -> Preset? {
        if let p = defined?[name] { return p }
        return Preset.builtIn(named: name)
    }

    var names: [String] { Preset.builtInNames + (defined?.names ?? []) }

    /// Adds `preset`, replacing one of the same name; returns the bytes it
    /// keeps for the script beyond what it replaced (`MemoryAccount`).
    mutating func define(_ preset: Preset) -> Int {
        var list = defined ?? DefinedPresets()
        defined = nil   // one owner of the storage while it changes: no copy
        let before = list.bytes
        list.define(preset)
        let change = list.bytes - before
        defined = list
        return change
    }
}

/// The presets `define_preset` made, in order, with an index by name.
private struct DefinedPresets {
    /// In order; nil where a preset was defined again later.
    private var slots: [Preset?] = []
    private var index: [String: Int] = [:]
    private var holes = 0
    /// What the presets keep out of line, summed as they are defined.
    private var presetHeap = 0

    subscript(name: String) -> Preset? { index[name].flatMap { slots[$0] } }

    var names: [String] { slots.compactMap { $0?.name } }

    mutating func define(_ preset: Preset) {
        presetHeap += DefinedPresets.heapBytes(preset)
        if let old = index[preset.name], let replaced = slots[old] {
            presetHeap -= DefinedPresets.heapBytes(replaced)
            slots[old] = nil
            holes += 1
        }
        index[preset.name] = slots.count
        slots.append(preset)
        if holes > slots.count / 2 { compact() }
    }

    /// Drops the holes that definitions left (amortized: half the slots at most).
    private mutating func compact() {
        slots = slots.filter { $0 != nil }
        holes = 0
        for (i, slot) in slots.enumerated() { if let p = slot { index[p.name] = i } }
    }

    /// What the list keeps, as allocated: the slots' and the index's
    /// storage by capacity (a growing array or dictionary holds up to
    /// twice what it uses), and each preset's out-of-line values. Counted
    /// so, 100,000 presets under --memory-limit 64 stop below it (44 MB
    /// resident); counted by use they went 17 MB over.
    var bytes: Int {
        slots.capacity * MemoryLayout<Preset?>.stride
            + index.capacity * (MemoryLayout<String>.stride + MemoryLayout<Int>.stride + 1)
            + presetHeap
    }

    /// An estimate of what one preset keeps out of line: its curves and
    /// rules boxed, and its name twice (in the preset and as the index's
    /// key), set so that resident memory stays within the limit.
    static func heapBytes(_ p: Preset) -> Int { 950 + 2 * p.name.utf8.count }
}
