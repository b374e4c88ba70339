/// How a navigation is presented (manual §4.7): over the whole screen, or
/// as a sheet with detents (UIKit's UIModalPresentationStyle; on an iPhone
/// a form sheet is shown as a page sheet, so the two behave alike here).
public enum PresentationStyle: String, Sendable, CaseIterable {
    case fullScreen = "full_screen"
    case pageSheet = "page_sheet"
    case formSheet = "form_sheet"

    public var isSheet: Bool { self != .fullScreen }
}

/// Where a sheet rests: UISheetPresentationController's `.medium()`
/// ("approximately half the height"), `.large()` (the full sheet, below a
/// top gap) or a custom height in points.
public enum Detent: Equatable, Sendable {
    case medium, large
    case height(Double)

    public static func named(_ name: String) -> Detent? {
        switch name {
        case "medium": return .medium
        case "large": return .large
        default: return nil
        }
    }

    /// The name, or nil for a height.
    public var name: String? {
        switch self {
        case .medium: return "medium"
        case .large: return "large"
        case .height: return nil
        }
    }
}

/// What `nav:present{...}` asks for.
public struct PresentationRequest: Sendable {
    public var style: PresentationStyle = .fullScreen
    public var detents: [Detent] = [.large]
    /// Index into `detents` where the sheet first rests.
    public var selected = 0
    public var animated = true

    public init() {}

    /// Errors that do not depend on the navigation's state.
    public func check() throws(NavError) {
        guard !detents.isEmpty else { throw .badCall("'detents' must not be empty") }
        for d in detents {
            if case .height(let h) = d, !(h.isFinite && h > 0) {
                throw .badCall("a detent height must be a positive number (got \(formatNumber(h, places: 3)))")
            }
        }
        guard detents.indices.contains(selected) else {
            throw .badCall("'selected_detent' is not one of the detents")
        }
    }
}
