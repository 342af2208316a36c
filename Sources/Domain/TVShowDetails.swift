/// A show with what its details page needs beyond the list entry.
///
/// `cast` and `seasons` are nil when the source cannot tell (an offline snapshot that did not
/// record them), and empty when the source says there are none.
public struct TVShowDetails: Sendable, Hashable {
    /// The show itself.
    public let show: TVShow
    /// The main cast, in billing order; nil when the source did not record it.
    public let cast: [CastMember]?
    /// The seasons, in order; nil when the source did not record them.
    public let seasons: [SeasonSummary]?
    /// Where this came from.
    public let source: DataSource
    /// The next episode to air (TVmaze `nextepisode`, TMDB `next_episode_to_air`); nil when
    /// none is announced or the source does not say.
    public let nextEpisode: Episode?
    /// The latest episode that aired (TVmaze `previousepisode`, TMDB `last_episode_to_air`);
    /// nil when none has or the source does not say.
    public let previousEpisode: Episode?
    /// Where the cast came from when that is not `source`: TMDB's credits recorded in the
    /// snapshot for a TVmaze show, whose terms ask for TMDB's notice too; nil when the cast
    /// came with the rest.
    public let castSource: DataSource?
    /// Whether the source holds the show's episode list (the guide `e` opens): false for an
    /// offline snapshot that recorded none; nil when the source does not say (a live source
    /// asks when the guide opens).
    public var episodesRecorded: Bool? = nil
    /// The show's poster (a JPEG's URL, as the source gave it); nil when it has none. Never
    /// recorded in the offline snapshot.
    public var imageURL: String? = nil

    /// Makes details.
    /// - Parameters:
    ///   - show: the show.
    ///   - cast: the cast, or nil when unknown.
    ///   - seasons: the seasons, or nil when unknown.
    ///   - source: where the data came from.
    ///   - nextEpisode: the next episode to air, if known.
    ///   - previousEpisode: the latest aired episode, if known.
    ///   - castSource: where the cast came from, when not from `source`.
    public init(
        show: TVShow, cast: [CastMember]?, seasons: [SeasonSummary]?, source: DataSource,
        nextEpisode: Episode? = nil, previousEpisode: Episode? = nil, castSource: DataSource? = nil
    ) {
        self.show = show
        self.cast = cast
        self.seasons = seasons
        self.source = source
        self.nextEpisode = nextEpisode
        self.previousEpisode = previousEpisode
        self.castSource = castSource
    }
}
