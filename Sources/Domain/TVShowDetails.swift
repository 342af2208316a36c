/// One person in a show's cast.
public struct CastMember: Sendable, Hashable {
    /// The performer's name.
    public let personName: String
    /// The character played, when known.
    public let characterName: String?
    /// True when the part is a voice role.
    public let isVoice: Bool

    /// Makes a cast member.
    /// - Parameters:
    ///   - personName: the performer's name.
    ///   - characterName: the character, if known.
    ///   - isVoice: whether it is a voice role.
    public init(personName: String, characterName: String?, isVoice: Bool = false) {
        self.personName = personName
        self.characterName = characterName
        self.isVoice = isVoice
    }
}

/// One season of a show.
public struct SeasonSummary: Sendable, Hashable {
    /// The season number (1, 2, …); 0 is used by some providers for specials.
    public let number: Int
    /// The season's own name, when it has one.
    public let name: String?
    /// How many episodes it has (or is ordered to have).
    public let episodeCount: Int?
    /// The day its first episode aired.
    public let premiered: CalendarDate?
    /// The day its last episode aired.
    public let ended: CalendarDate?

    /// Makes a season summary.
    /// - Parameters: one per property; see each property.
    public init(number: Int, name: String? = nil, episodeCount: Int? = nil, premiered: CalendarDate? = nil, ended: CalendarDate? = nil) {
        self.number = number
        self.name = name
        self.episodeCount = episodeCount
        self.premiered = premiered
        self.ended = ended
    }
}

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

    /// Makes details.
    /// - Parameters:
    ///   - show: the show.
    ///   - cast: the cast, or nil when unknown.
    ///   - seasons: the seasons, or nil when unknown.
    ///   - source: where the data came from.
    ///   - nextEpisode: the next episode to air, if known.
    ///   - previousEpisode: the latest aired episode, if known.
    public init(
        show: TVShow, cast: [CastMember]?, seasons: [SeasonSummary]?, source: DataSource,
        nextEpisode: Episode? = nil, previousEpisode: Episode? = nil
    ) {
        self.show = show
        self.cast = cast
        self.seasons = seasons
        self.source = source
        self.nextEpisode = nextEpisode
        self.previousEpisode = previousEpisode
    }
}
