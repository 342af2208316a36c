/// Which TV source to use.
enum TVSourceChoice: String, Sendable, CaseIterable {
    /// TMDB live when a TMDB key or token is configured, else (or when it fails) TVmaze live,
    /// else the embedded snapshot.
    case auto
    /// TMDB live only (needs `TMDB_READ_ACCESS_TOKEN` or `TMDB_API_KEY`).
    case tmdb
    /// TVmaze live only.
    case tvmaze
    /// The embedded snapshot (or `--snapshot PATH`) only.
    case snapshot
}
