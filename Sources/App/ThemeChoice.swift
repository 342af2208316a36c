import Terminal

/// The colour theme asked for (`--theme`, `DISCOVER_THEME`, `theme`).
enum ThemeChoice: String, Sendable, CaseIterable {
    /// Dark or light by `COLORFGBG`, the background the terminal says it has; dark when it
    /// says nothing (`Theme.automatic(colorfgbg:)`).
    case auto
    /// Light text for a dark background.
    case dark
    /// Dark text for a light background.
    case light
    /// No colour: bold, underline and reverse only.
    case mono

    /// The theme to draw with.
    /// - Parameter environment: the process's environment (`COLORFGBG` is read for `auto`).
    /// - Returns: the theme.
    func theme(environment: [String: String]) -> Theme {
        switch self {
        case .auto: return Theme.automatic(colorfgbg: environment["COLORFGBG"])
        case .dark: return .dark
        case .light: return .light
        case .mono: return .mono
        }
    }
}
