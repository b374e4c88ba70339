import NavLuaEngine

/// `nav:pushh()`: an object's `__index` found neither a method nor a field
/// for its key. A key one or two edits from a method's name (nearer it
/// than any field's) is that method mistyped, and the read raises "no
/// method 'pushh' (did you mean 'push'?)" (thrown here, raised by the
/// trampoline) instead of giving nil for Lua to call. Any other key still
/// reads nil. Runs only for keys the object lacks, never on a hit.
enum NoMethod {
    static func check(_ key: String?, methods: [LuaFunction], fields: [String]) throws {
        guard let key = key else { return }
        let names = methods.map(\.name)
        guard let near = NameSuggestion.nearest(key, among: names + fields), names.contains(near) else { return }
        throw NavError("no method '\(key)' (did you mean '\(near)'?)")
    }
}
