extension Hook {
    /// The hook a field named `name` was probably meant to be
    /// (NameSuggestion: one or two edits away, or the same once case and
    /// underscores are set aside, `willGoBack`). Nil for a hook's own name
    /// and for names nothing like one. Screens are the user's tables, so
    /// this only warns (manual §3.2).
    public static func likelyMeant(_ name: String) -> Hook? {
        NameSuggestion.nearest(name, among: allCases.map(\.rawValue)).flatMap(Hook.init(rawValue:))
    }
}
