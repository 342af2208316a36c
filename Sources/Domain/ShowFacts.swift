/// What the machine holds of one show without the network, for the year's figures: the
/// show's record (genres, network, runtime, the source's rating), its cast and its episode
/// list (runtimes, air times, the source's episode ratings). Any part may be missing.
public struct ShowFacts: Sendable, Equatable {
    /// The show as a catalogue lists it (the snapshot's, or a kept answer's); nil when unknown.
    public var show: TVShow?
    /// The cast in billing order (recorded, or kept with the show's details); empty when unknown.
    public var cast: [CastMember]
    /// The episode list (recorded, or kept); nil when unknown.
    public var episodes: ShowEpisodes?

    /// Makes the facts.
    /// - Parameters: one per property.
    public init(show: TVShow? = nil, cast: [CastMember] = [], episodes: ShowEpisodes? = nil) {
        self.show = show
        self.cast = cast
        self.episodes = episodes
    }
}
