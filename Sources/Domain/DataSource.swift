/// Where the data on screen comes from, so the screen can always say it.
public enum DataSource: Sendable, Hashable {
    /// A live API, for example `.live(provider: "TVmaze")`.
    case live(provider: String)
    /// The recorded data inside the binary, captured on a given day (nil when unknown).
    case embeddedSnapshot(provider: String, capturedOn: CalendarDate?)
    /// A snapshot file chosen by the person (`--snapshot PATH`).
    case snapshotFile(path: String)
    /// A live provider's answer kept on disk, shown until a fresh one arrives; `savedAt` is
    /// when it was stored, in whole seconds since 1970-01-01 00:00 UTC (Unix time).
    case cache(provider: String, savedAt: Int64)

    /// True for data a live provider sent, now or earlier (`.live` and `.cache`): a list from
    /// such a source is read page by page over the network, not all at once.
    public var isFromNetwork: Bool {
        switch self {
        case .live, .cache: return true
        case .embeddedSnapshot, .snapshotFile: return false
        }
    }

    /// The provider whose ids the data carries, for example "TVmaze" or "TMDB"; a snapshot
    /// file holds TVmaze-shaped records, so its ids are TVmaze's.
    public var provider: String {
        switch self {
        case .live(let provider), .embeddedSnapshot(let provider, _), .cache(let provider, _): return provider
        case .snapshotFile: return "TVmaze"
        }
    }
}

/// One page of a longer list.
///
/// Shape: the page's items, its number (0-based) and whether a further page may exist.
public struct PagedResult<Item: Sendable>: Sendable {
    /// The items of this page, in the source's order.
    public let items: [Item]
    /// The page number, from 0.
    public let page: Int
    /// True when asking for `page + 1` may return more items.
    public let hasMore: Bool
    /// Where the page came from.
    public let source: DataSource
    /// How the list was made (what its order means), when the source says.
    public let basis: ListBasis?

    /// Makes a page.
    /// - Parameters:
    ///   - items: the items.
    ///   - page: the page number, from 0.
    ///   - hasMore: whether a next page may exist.
    ///   - source: where the page came from.
    ///   - basis: how the list was made; nil when the source does not say.
    public init(items: [Item], page: Int, hasMore: Bool, source: DataSource, basis: ListBasis? = nil) {
        self.items = items
        self.page = page
        self.hasMore = hasMore
        self.source = source
        self.basis = basis
    }
}

/// How a list of shows was made, so that its header can say what it is.
public enum ListBasis: Sendable, Equatable {
    /// The shows airing over some days: one country's broadcast schedule and the worldwide
    /// streaming (web) schedule, ranked by the provider's popularity score.
    /// - country: the ISO 3166-1 alpha-2 code, for example `GB`.
    /// - from, through: the first and last day, inclusive.
    /// - recorded: true when the schedules are recorded answers, not today's.
    /// - streamingOnly: true when no broadcast schedule was recorded (only the web one).
    case airing(country: String, from: CalendarDate, through: CalendarDate, recorded: Bool, streamingOnly: Bool)
    /// The provider's own list of popular shows (TMDB's `/3/tv/popular`).
    case providerPopular
    /// Every show of the catalogue or index.
    case allShows
}
