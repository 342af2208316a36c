import Terminal

/// The colour theme asked for (`--theme`, `DISCOVER_THEME`, `theme`).
enum ThemeChoice: String, Sendable, CaseIterable {
    /// Dark or light by the terminal's background: as `COLORFGBG` names it
    /// (`Theme.named(colorfgbg:)`), else as the terminal answers OSC 11 at start
    /// (`BackgroundQuery`, `Theme.automatic(background:)`); dark when it does not answer.
    case auto
    /// Light text for a dark background.
    case dark
    /// Dark text for a light background.
    case light
    /// No colour: bold, underline and reverse only.
    case mono

    /// The theme to set the screen up with: for `auto`, the one `COLORFGBG` calls for, or dark
    /// until the terminal's answer (`backgroundQuery(environment:)`) says otherwise.
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

    /// The query to ask the terminal for its background: for `auto` when `COLORFGBG` names no
    /// colour (xterm removes it from its children's environment, st and kitty never set it).
    /// - Parameter environment: the process's environment (`COLORFGBG`, and `TMUX` for the
    ///   query's form).
    /// - Returns: the query, or nil when the theme is known without asking.
    func backgroundQuery(environment: [String: String]) -> BackgroundQuery? {
        guard self == .auto, Theme.named(colorfgbg: environment["COLORFGBG"]) == nil else { return nil }
        return BackgroundQuery(environment: environment)
    }
}
