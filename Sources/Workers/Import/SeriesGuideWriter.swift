import Domain
import FoundationEssentials

/// The history as SeriesGuide's shows backup (`seriesguide-shows-backup.json`, the shape
/// `SeriesGuideReader` reads; see the schema summary in the import fixtures): a JSON array of
/// shows, each with its seasons and their watched or rated episodes, without whitespace, as
/// SeriesGuide writes it.
///
/// SeriesGuide finds a show by its TMDB id, or by its TheTVDB id when there is no TMDB id (then
/// "season and episode `tvdb_id` may be any value ≥ 0": the episodes are matched by season
/// and number, so they are written with `tvdb_id` 0). The stores keep a TVmaze id: a show's
/// TheTVDB and IMDb ids are taken from what the import's lookups kept (`known`). A show with
/// neither a TMDB nor a TheTVDB id cannot be taken by SeriesGuide and is left out and named.
public enum SeriesGuideWriter {
    /// The bytes and the shows left out.
    public struct Output: Sendable {
        /// The JSON array, a final newline after it.
        public let data: Data
        /// The names of the shows left out (no TMDB or TheTVDB id known), sorted.
        public let leftOut: [String]
    }

    /// Writes the backup.
    /// - Parameters:
    ///   - history: the favourites, marks, ratings and shows.
    ///   - known: a show's ids filled in from what is known of it (the lookups' journal).
    /// - Returns: the bytes and the shows left out.
    /// - Throws: `EncodingError` (not expected for these shapes).
    public static func shows(_ history: WatchHistory, known: (ProviderIDs) -> ProviderIDs) throws -> Output {
        var shows: [String: Show] = [:]
        func entry(_ ids: ProviderIDs, _ name: String) -> String? {
            guard let key = ids.identity else { return nil }
            if shows[key] == nil { shows[key] = Show(ids: known(ids), name: name) }
            if shows[key]?.name.isEmpty == true { shows[key]?.name = name }
            return key
        }
        for favourite in history.favourites {
            guard let key = entry(favourite.show, favourite.name) else { continue }
            shows[key]?.favourite = true
        }
        for show in history.shows {
            guard let key = entry(show.show, show.name) else { continue }
            shows[key]?.rating = show.rating
        }
        for mark in history.marks {
            guard let key = entry(mark.show, mark.showName) else { continue }
            let episode = EpisodeState(tmdb: mark.episode.tmdb, watched: true, plays: mark.plays, rating: mark.rating)
            shows[key]?.episodes[SeasonAndNumber(season: mark.season, number: mark.number)] = episode
            let last = max(shows[key]?.lastWatched ?? 0, mark.lastPlayedAt ?? mark.markedAt)
            shows[key]?.lastWatched = last
        }
        for rated in history.rated {
            guard let key = entry(rated.show, rated.showName) else { continue }
            let at = SeasonAndNumber(season: rated.season, number: rated.number)
            if shows[key]?.episodes[at] == nil {
                shows[key]?.episodes[at] = EpisodeState(tmdb: rated.episode.tmdb, watched: false, plays: nil, rating: rated.rating)
            }
        }
        var out: [SeriesGuideBackupDTO.Show] = []
        var leftOut: [String] = []
        for show in shows.values.sorted(by: { ($0.name, $0.ids.identity ?? "") < ($1.name, $1.ids.identity ?? "") }) {
            guard show.ids.tmdb != nil || show.ids.tvdb != nil else {
                leftOut.append(show.name.isEmpty ? (show.ids.identity ?? "?") : show.name)
                continue
            }
            let seasons = Dictionary(grouping: show.episodes.keys, by: \.season).keys.sorted().map { season in
                SeriesGuideBackupDTO.Season(
                    season: season, tvdbID: 0,
                    episodes: show.episodes.keys.filter { $0.season == season }.sorted { $0.number < $1.number }.compactMap { at in
                        show.episodes[at].map { state in
                            SeriesGuideBackupDTO.Episode(
                                episode: at.number, tvdbID: 0, tmdbID: state.tmdb, watched: state.watched, plays: state.plays,
                                ratingUser: state.rating ?? 0)
                        }
                    })
            }
            out.append(
                SeriesGuideBackupDTO.Show(
                    tmdbID: show.ids.tmdb, tvdbID: show.ids.tvdb, imdbID: show.ids.imdb, title: show.name, favorite: show.favourite,
                    ratingUser: show.rating ?? 0, lastWatchedMs: show.lastWatched.map { $0 * 1000 }, seasons: seasons))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Output(data: try encoder.encode(out) + Data("\n".utf8), leftOut: leftOut)
    }

    /// A season and an episode's number within it.
    struct SeasonAndNumber: Hashable {
        let season: Int
        let number: Int
    }

    /// What is known of an episode.
    struct EpisodeState {
        let tmdb: Int?
        let watched: Bool
        let plays: Int?
        let rating: Int?
    }

    /// What is known of a show.
    struct Show {
        let ids: ProviderIDs
        var name: String
        var favourite = false
        var rating: Int?
        var lastWatched: Int?
        var episodes: [SeasonAndNumber: EpisodeState] = [:]

        init(ids: ProviderIDs, name: String) {
            self.ids = ids
            self.name = name
        }
    }
}
