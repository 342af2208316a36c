/// Where the data on screen comes from, so the screen can always say it.
public enum DataSource: Sendable, Hashable {
    /// A live API, for example `.live(provider: .tvmaze)`.
    case live(provider: ProviderName)
    /// The recorded data inside the binary, captured on a given day (nil when unknown).
    case embeddedSnapshot(provider: ProviderName, capturedOn: CalendarDate?)
    /// A snapshot file chosen by the person (`--snapshot PATH`).
    case snapshotFile(path: String)
    /// A live provider's answer kept on disk, shown until a fresh one arrives; `savedAt` is
    /// when it was stored, in whole seconds since 1970-01-01 00:00 UTC (Unix time).
    case cache(provider: ProviderName, savedAt: Int64)
    /// The mirror of TVmaze's show index (`discover-tui mirror`), with the built-in snapshot's
    /// shows it lacks: `savedAt` is when it was last whole and fresh, in Unix seconds, and
    /// `shows` how many shows it holds.
    case mirror(savedAt: Int64, shows: Int)

    /// True for data a live provider sent, now or earlier (`.live` and `.cache`): a list from
    /// such a source is read page by page over the network, not all at once.
    public var isFromNetwork: Bool {
        switch self {
        case .live, .cache: return true
        case .embeddedSnapshot, .snapshotFile, .mirror: return false
        }
    }

    /// The provider whose ids the data carries, for example "TVmaze" or "TMDB"; a snapshot
    /// file holds TVmaze-shaped records, so its ids are TVmaze's.
    public var provider: ProviderName {
        switch self {
        case .live(let provider), .embeddedSnapshot(let provider, _), .cache(let provider, _): return provider
        case .snapshotFile, .mirror: return .tvmaze
        }
    }
}
