import Domain
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The app's own stores behind `HistoryImporting`: watched marks, ratings and per-show
/// settings in `watched.sqlite3` (`WatchedStore`) and favourite shows in `favorites.json`
/// (`FavouritesStore`), both in the app's data folder. What `import` writes and `export` reads,
/// so an imported episode shows as watched in the episode guide and Continue, and an imported
/// favourite in Favourites (`F`).
///
/// The stores keep one id per show, the provider's (TVmaze or TMDB): a mark, rating or
/// favourite reads back with that id alone, the other ids nil, and its episode's TVmaze and
/// TMDB ids where the store has them. A favourite keeps no rating of its own: a show's rating is
/// the show's (`shows`). Adding needs a TVmaze or a TMDB id (TVmaze preferred, which
/// `ShowMatcher` always finds); a show with neither is left out.
public struct StoreHistory: HistoryImporting {
    /// The data folder holding both stores.
    public let directory: String
    private let favourites: FavouritesStore

    /// Makes the stores of a folder that exists (the files are made when first written).
    /// - Parameter directory: the data folder, for example `~/.local/share/discover-tui`.
    public init(directory: String) {
        self.directory = directory
        favourites = FavouritesStore(directory: directory)
    }

    /// Every watched mark (with its plays and rating), every episode rated but not watched,
    /// every show with a rating or settings, and every favourite show of TVmaze or TMDB.
    /// A folder without `watched.sqlite3` holds no marks: the file is not made by reading
    /// (a dry run writes nothing).
    /// - Throws: `WatchedStoreError` or `StorageError`, naming the file.
    public func storedHistory() throws -> WatchHistory {
        guard access(FilePaths.join(directory, WatchedStore.fileName), F_OK) == 0 else {
            return WatchHistory(favourites: try favourites.read().favourites.compactMap(Self.historyFavourite))
        }
        let store = try WatchedStore(directory: directory)
        let ratings = try store.allRatings()
        var episodeRatings = Dictionary(ratings.episodes.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var marks: [HistoryMark] = []
        for mark in try store.allMarks() {
            let rated = episodeRatings.removeValue(forKey: mark.key)
            guard var kept = Self.historyMark(mark) else { continue }
            kept.rating = rated?.rating.value
            kept.ratedAt = rated?.ratedAt
            marks.append(kept)
        }
        let rated = episodeRatings.values.compactMap { rating -> HistoryRating? in
            guard let show = Self.providerIDs(provider: rating.key.show.provider, id: rating.key.show.id) else { return nil }
            return HistoryRating(
                show: show, showName: rating.showName, season: rating.key.season, number: rating.key.number, rating: rating.rating.value,
                ratedAt: rating.ratedAt)
        }
        var shows: [WatchedShowID: HistoryShow] = [:]
        for show in ratings.shows {
            guard let ids = Self.providerIDs(provider: show.show.provider, id: show.show.id) else { continue }
            shows[show.show] = HistoryShow(show: ids, name: show.name, rating: show.rating.value, ratedAt: show.ratedAt)
        }
        for set in try store.allSettings() {
            guard let ids = Self.providerIDs(provider: set.show.provider, id: set.show.id) else { continue }
            shows[set.show, default: HistoryShow(show: ids, name: set.name)].settings = set.settings
        }
        let favouriteShows = try favourites.read().favourites.compactMap(Self.historyFavourite)
        return WatchHistory(favourites: favouriteShows, marks: marks, shows: Array(shows.values), rated: rated)
    }

    /// Adds the marks (with their plays), the ratings and the shows' ratings and settings in
    /// one SQLite transaction, then the favourites in one locked write of `favorites.json`.
    /// Marks present already are kept as they are; a rating or settings given replace the
    /// store's (`ImportPlan` gives only what the store lacks).
    /// - Throws: `WatchedStoreError` (nothing written) or `StorageError` (the marks are kept,
    ///   no favourite written).
    public func add(_ additions: WatchHistory) throws {
        var ratings: [RatedEpisode] = []
        // Room for the marks made once: grown by doubling, a large import's marks would be held
        // twice while they move.
        var marks: [WatchedMark] = []
        marks.reserveCapacity(additions.marks.count)
        for mark in additions.marks {
            guard let made = Self.watchedMark(mark) else { continue }
            marks.append(made)
            guard let rating = mark.rating.flatMap(UserRating.init) else { continue }
            ratings.append(RatedEpisode(key: made.key, showName: mark.showName, rating: rating, ratedAt: mark.ratedAt ?? mark.markedAt))
        }
        for rated in additions.rated {
            guard let show = Self.storeID(rated.show), rated.season >= 0, rated.number >= 0, let rating = UserRating(rated.rating) else { continue }
            ratings.append(
                RatedEpisode(
                    key: WatchedEpisodeKey(show: show, season: rated.season, number: rated.number), showName: rated.showName, rating: rating,
                    ratedAt: rated.ratedAt))
        }
        let shows = additions.shows.compactMap { show -> WatchedImport.ShowAddition? in
            guard let id = Self.storeID(show.show) else { return nil }
            return WatchedImport.ShowAddition(
                show: id, name: show.name, rating: show.rating.flatMap(UserRating.init), ratedAt: show.ratedAt ?? 0,
                settings: show.settings == .standard ? nil : show.settings)
        }
        try WatchedImport.add(to: WatchedStore(directory: directory), marks: marks, ratings: ratings, shows: shows)
        let changes = additions.favourites.compactMap(Self.favourite).map(FavouritesChange.add)
        if !changes.isEmpty { _ = try favourites.write(applying: changes) }
    }

    /// Imports the marks and favourites of the older history file (`history.json`, which
    /// `import` wrote before these stores) once, then renames it `history.json.imported`.
    /// - Returns: a one-line notice of what was done, or nil when there is no such file.
    /// - Throws: `ImportError`, `WatchedStoreError` or `StorageError`; the file is left as it is.
    public func adoptOlderFile() throws -> String? {
        let older = FilePaths.join(directory, HistoryFile.fileName)
        guard access(older, F_OK) == 0 else { return nil }
        let history = try HistoryFile(path: older).storedHistory()
        let plan = ImportPlan(result: ShowMatcher.Result(history: history, problems: [], matchedRows: 0), skipped: [:], stored: try storedHistory())
        try add(plan.additions)
        guard rename(older, older + ".imported") == 0 else {
            throw ImportError(file: older, reason: "imported, but cannot rename it: \(String(cString: strerror(errno)))")
        }
        return "\(older): \(plan.additions.favourites.count) favourites and \(plan.additions.marks.count) watched episodes "
            + "moved to \(WatchedStore.fileName) and \(FavouritesStore.fileName); the file is now \(HistoryFile.fileName).imported"
    }

    /// The show's id under the provider a store keys it by: TVmaze's, else TMDB's.
    static func storeID(_ ids: ProviderIDs) -> WatchedShowID? {
        if let id = ids.tvmaze { return WatchedShowID(provider: ProviderName.tvmaze.name, id: id) }
        if let id = ids.tmdb { return WatchedShowID(provider: ProviderName.tmdb.name, id: id) }
        return nil
    }

    /// A store's provider and id as `ProviderIDs`; nil for a provider other than TVmaze or TMDB.
    static func providerIDs(provider: String, id: Int) -> ProviderIDs? {
        switch provider {
        case ProviderName.tvmaze.name: return ProviderIDs(tvmaze: id)
        case ProviderName.tmdb.name: return ProviderIDs(tmdb: id)
        default: return nil
        }
    }

    static func historyMark(_ mark: WatchedMark) -> HistoryMark? {
        guard let show = providerIDs(provider: mark.key.show.provider, id: mark.key.show.id) else { return nil }
        return HistoryMark(
            show: show, showName: mark.showName, season: mark.key.season, number: mark.key.number,
            episode: ProviderIDs(tvmaze: mark.tvmazeEpisodeID, tmdb: mark.tmdbEpisodeID), markedAt: mark.markedAt, plays: mark.plays,
            lastPlayedAt: mark.lastPlayedAt)
    }

    static func watchedMark(_ mark: HistoryMark) -> WatchedMark? {
        guard let show = storeID(mark.show), mark.season >= 0, mark.number >= 0 else { return nil }
        return WatchedMark(
            key: WatchedEpisodeKey(show: show, season: mark.season, number: mark.number), showName: mark.showName,
            tvmazeEpisodeID: mark.episode.tvmaze, tmdbEpisodeID: mark.episode.tmdb, markedAt: mark.markedAt, plays: mark.plays,
            lastPlayedAt: mark.lastPlayedAt)
    }

    static func historyFavourite(_ favourite: Favourite) -> HistoryFavourite? {
        guard favourite.key.kind == .show, let id = Int(favourite.key.id),
            let show = providerIDs(provider: favourite.key.provider, id: id)
        else { return nil }
        return HistoryFavourite(show: show, name: favourite.name, addedAt: favourite.addedAt)
    }

    /// A favourite as the app adds a show (`FavouriteEntry.show`): kind show, the provider's
    /// id as text, the name; no subtitle (the import knows no years or network).
    static func favourite(_ favourite: HistoryFavourite) -> Favourite? {
        guard let show = storeID(favourite.show) else { return nil }
        return Favourite(
            key: FavouriteKey(kind: .show, provider: show.provider, id: String(show.id)), name: favourite.name,
            subtitle: "", addedAt: favourite.addedAt)
    }
}
