import Terminal

/// A command of the `:` palette that takes an argument, or does what no one key does.
enum PaletteCommand: String, CaseIterable, Sendable {
    case theme, rate, stats, sort

    /// What the command does, for the palette's row.
    var help: String {
        switch self {
        case .theme: return "Change the colours now: theme dark, light, mono or auto"
        case .rate: return "Rate the show or episode on screen: rate 1 to 10"
        case .stats: return "Your year in TV, from your watched episodes"
        case .sort: return "Order the shows list: sort popularity, rating, premiered or name"
        }
    }

    /// Other words it is found by.
    var keywords: String {
        switch self {
        case .theme: return "colours colors dark light mono"
        case .rate: return "rating score stars"
        case .stats: return "statistics year watched"
        case .sort: return "order popularity rating premiered newest name"
        }
    }

    /// Where the command works, for the message when it is run elsewhere; nil: everywhere.
    var scene: String? {
        switch self {
        case .sort: return "the shows list (Popular now, All shows)"
        case .theme, .rate, .stats: return nil
        }
    }

    /// The argument it takes, as the palette's row and `help keys` show it; empty for none.
    var argument: String {
        switch self {
        case .theme: return "THEME"
        case .rate: return "1-10"
        case .stats: return ""
        case .sort: return "ORDER"
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
        case .sort:
            return .scene(rawValue, argument: argument)
        }
    }
}
