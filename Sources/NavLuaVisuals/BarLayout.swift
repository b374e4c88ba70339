/// How the pictures (SVG here, the HTML replay in replay.js) fit the
/// navigation bar's texts so that they never overlap: the title is
/// truncated with an ellipsis to the room between the bar's leading and
/// trailing insets, and a back button shows, of its screen's previous
/// title, "Back" and nothing (the chevron alone), the first that fits
/// before that screen's title.
///
/// *Source:* UIKit's `UINavigationItem.BackButtonDisplayMode.default`
/// ("attempts to display these titles for its Back button in the following
/// order: backButtonTitle, title, a generic title, such as Back, no title
/// ... according to the available space"), and the title's label, which
/// truncates its tail. The widths are *navlua's estimate*: the SVG has no
/// font metrics, so a character of 17 pt SF Pro is taken as 0.56 em
/// (0.6 em semibold, the title); the replay measures with its canvas.
/// The bar model (`nav:visual().bar`) is unchanged: its `label` is the
/// previous title, as UIKit's item holds it.
enum BarLayout {
    /// Points per character of 17 pt text: regular (the back label) and
    /// semibold (the title). An estimate, on the wide side.
    static let regularAdvance = 17 * 0.56
    static let semiboldAdvance = 17 * 0.6
    /// The room kept clear between texts, and the chevron's width.
    static let gap = 8.0
    static let chevronWidth = 12.0

    static func width(_ text: String, title: Bool) -> Double {
        Double(text.count) * (title ? semiboldAdvance : regularAdvance)
    }

    /// The title as drawn in a bar `w` wide: whole, or cut to fit with "…".
    static func title(_ text: String, barWidth w: Double, inset: Double) -> String {
        let room = w - 2 * (inset + chevronWidth + gap)
        guard width(text, title: true) > room else { return text }
        var kept = Array(text)
        while !kept.isEmpty && width(String(kept) + "\u{2026}", title: true) > room { kept.removeLast() }
        return String(kept) + "\u{2026}"
    }

    /// The back label drawn from `x` (toward the trailing side when
    /// `leading`), before a title of `titleWidth` centred on `titleX` (nil:
    /// no title of its screen in the bar).
    static func backLabel(_ label: String, x: Double, leading: Bool, titleX: Double?, titleWidth: Double) -> String {
        guard let titleX else { return label }
        let room = leading ? (titleX - titleWidth / 2 - gap) - x : x - (titleX + titleWidth / 2 + gap)
        for candidate in [label, "Back"] where width(candidate, title: false) <= room { return candidate }
        return ""
    }
}
