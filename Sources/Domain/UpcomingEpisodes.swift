import FoundationEssentials

/// The favourite shows' next episodes, asked of each show's provider one show at a time. The
/// Tonight scene's Upcoming list and `discover-tui upcoming` both read it.
public struct UpcomingEpisodes: Sendable {
    /// One favourite show and its next episode, as far as known.
    public struct Item: Sendable {
        /// The show (id and name as the favourite keeps them).
        public let show: TVShow
        /// Its next episode; nil when none is announced (or not yet known).
        public let next: Episode?
        /// Why it could not be asked, if it could not.
        public let error: SourceError?
        /// How many episodes the next episode's season has (TVmaze `episodeOrder`), when
        /// known: the next episode is a `FINALE` when it is the last.
        public var episodeOrder: Int?
        /// The favourite's provider (`ProviderName.tvmaze.name`, `ProviderName.tmdb.name`),
        /// whose ids `show` and `next` carry.
        public var provider: String
        /// What changed since the answer kept from the last time it was asked
        /// (`ShowChange.between`): the next episode's day, the show's status.
        public var changes: [ShowChange] = []

        /// Makes an item.
        public init(show: TVShow, next: Episode?, error: SourceError?, episodeOrder: Int? = nil, provider: String = ProviderName.tvmaze.name) {
            self.show = show
            self.next = next
            self.error = error
            self.episodeOrder = episodeOrder
            self.provider = provider
        }
    }

    /// One item per favourite show asked, in the favourites' order.
    public let items: [Item]
    /// True while next episodes are still being asked for.
    public let isLoading: Bool
    /// Favourite shows of a provider that cannot tell their next episode (counted).
    public let unsupported: Int

    /// Makes the list.
    public init(items: [Item], isLoading: Bool, unsupported: Int) {
        self.items = items
        self.isLoading = isLoading
        self.unsupported = unsupported
    }

    /// Each favourite show's next episode, asked one show at a time.
    /// - Parameters:
    ///   - favourites: the favourites (places are left out).
    ///   - episodes: the source of next episodes for a provider; nil when it cannot tell.
    ///   - seasons: TVmaze's seasons, asked for a TVmaze show's next episode (its season's
    ///     episode order); nil to ask none. A failure leaves the order unknown.
    ///   - progress: called on the main actor before the first answer and after each.
    /// - Returns: the last response, or nil when cancelled.
    @discardableResult
    public static func fetch(
        _ favourites: [Favourite], episodes: @escaping @Sendable (String) -> (any EpisodesWorking)?,
        seasons: (any SeasonsWorking)? = nil,
        progress: (@MainActor (UpcomingEpisodes) -> Void)? = nil
    )
        async -> UpcomingEpisodes?
    {
        var items: [Item] = []
        var unsupported = 0
        var asks: [(TVShow, any EpisodesWorking, String)] = []
        for favourite in favourites where favourite.key.kind == .show {
            guard let id = Int(favourite.key.id), let worker = episodes(favourite.key.provider) else {
                unsupported += 1
                continue
            }
            asks.append((TVShow(id: id, name: favourite.name), worker, favourite.key.provider))
        }
        var last = UpcomingEpisodes(items: [], isLoading: !asks.isEmpty, unsupported: unsupported)
        if let progress { await progress(last) }
        for (index, (show, worker, provider)) in asks.enumerated() {
            do {
                let answers = try await worker.nextAndPreviousEpisodeSinceKept(showID: show.id)
                if let pair = answers.fresh {
                    var order: Int?
                    if let next = pair.next, provider == ProviderName.tvmaze.name, let seasons, !next.isSeasonFinale {
                        order = (try? await seasons.seasons(showID: show.id))??.first { $0.number == next.season }?.episodeCount
                    }
                    var item = Item(show: show, next: pair.next, error: nil, episodeOrder: order, provider: provider)
                    item.changes = ShowChange.between(kept: answers.kept, fresh: pair)
                    items.append(item)
                } else {
                    unsupported += 1
                }
            } catch is CancellationError {
                return nil
            } catch let error as SourceError {
                items.append(.init(show: show, next: nil, error: error, provider: provider))
            } catch {
                items.append(.init(show: show, next: nil, error: .badData(provider: .tvmaze, reason: "the next episode could not be read"), provider: provider))
            }
            if Task.isCancelled { return nil }
            last = UpcomingEpisodes(items: items, isLoading: index < asks.count - 1, unsupported: unsupported)
            if let progress { await progress(last) }
        }
        return last
    }
}
