import Domain

/// One started show on the Continue list: the show as the store lists it (with its settings and
/// the person's rating) and how far it is watched, by its plays and settings (nil when its
/// episode list could not be read: offline for a TMDB show, a failure).
package struct ContinueItem: Sendable, Equatable {
    /// The show, its name, its marks' count, latest play's time, settings and rating.
    package let summary: WatchedShowSummary
    /// The progress against the show's episode list; nil when the list is not known.
    package let progress: WatchProgress?
    /// Why the list is not known, in a few words; nil when it is.
    package let problem: String?
    /// The next unwatched episode's badges (`NEW`, `S3 ▶`, `FINALE`: a season's length is
    /// known from the list when a later season is listed, or when the provider marks it).
    package var badges: [PremiereBadge] = []
    /// Where the episode list came from (live, the cache with its time, the snapshot with its
    /// day); nil when it is not known.
    package var listSource: DataSource? = nil
    /// How many of its regular episodes aired after the last look (`ContinueItems.fetch`'s
    /// `since`) and are not marked watched.
    package var newCount = 0
    /// The season and number the next episode is kept under (`ShowEpisodes.markKey`: a
    /// special in season 0); nil when there is no next episode.
    package var nextKey: SeasonAndNumber? = nil
}
