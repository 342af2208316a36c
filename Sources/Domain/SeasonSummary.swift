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
