/// A command on the watched episodes: `discover-tui continue`, `discover-tui watched SHOW`.
enum WatchedCommand: Equatable, Sendable {
    /// Every started show's next unwatched aired episode, most recently watched first.
    case continueList
    /// One show's progress (a name, or the provider's id); with a season, its episodes marked.
    case progress(show: String, season: Int?)
}
