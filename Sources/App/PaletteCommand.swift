import Terminal

/// A command of the `:` palette that takes an argument, or does what no one key does.
enum PaletteCommand: String, CaseIterable, Sendable {
    case theme, rate, stats

    /// What the command does, for the palette's row.
    var help: String {
        switch self {
        case .theme: return "Change the colours now: theme dark, light, mono or auto"
        case .rate: return "Rate the show or episode on screen: rate 1 to 10"
        case .stats: return "Your year in TV, from your watched episodes"
        }
    }

    /// Other words it is found by.
    var keywords: String {
        switch self {
        case .theme: return "colours colors dark light mono"
        case .rate: return "rating score stars"
        case .stats: return "statistics year watched"
        }
    }

    /// True when the command does nothing without an argument.
    var needsArgument: Bool { self != .stats }

    /// What the command asks for, or a message when the argument is not one it takes.
    /// - Parameter argument: the text after the command's word, trimmed.
    /// - Returns: what to run.
    func run(argument: String) -> PaletteRun {
        switch self {
        case .theme:
            guard let choice = ThemeChoice(rawValue: argument.lowercased()) else {
                return .message("theme takes \(ThemeChoice.allCases.map(\.rawValue).joined(separator: ", ")) (got '\(SettingsTable.shown(argument))')")
            }
            return .theme(choice)
        case .rate:
            guard let rating = Int(argument), (1...10).contains(rating) else {
                return .message("rate takes a whole number from 1 to 10 (got '\(SettingsTable.shown(argument))')")
            }
            return .rate(rating)
        case .stats:
            return .stats
        }
    }
}
