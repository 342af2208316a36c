/// A show's latest aired and next announced episode (TVmaze `previousepisode`/`nextepisode`,
/// TMDB `last_episode_to_air`/`next_episode_to_air`), with the show's status as the same answer
/// gives it.
public struct NextAndPreviousEpisode: Sendable, Hashable {
    /// The provider's id for the show.
    public let showID: Int
    /// The next episode to air; nil when none is announced.
    public let next: Episode?
    /// The latest episode that aired; nil when none has.
    public let previous: Episode?
    /// Where this came from.
    public let source: DataSource
    /// The show's status as the provider words it (TVmaze `Running`, `Ended`, `To Be
    /// Determined`; TMDB `Returning Series`, `Ended`, `Canceled`); nil when not given.
    public let status: String?

    /// Makes the pair.
    /// - Parameters: one per property.
    public init(showID: Int, next: Episode?, previous: Episode?, source: DataSource, status: String? = nil) {
        self.showID = showID
        self.next = next
        self.previous = previous
        self.source = source
        self.status = status
    }
}
