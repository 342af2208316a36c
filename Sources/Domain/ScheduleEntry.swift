import FoundationEssentials

/// One episode in a day's schedule: when, which show, which episode, on what channel.
public struct ScheduleEntry: Sendable, Hashable {
    /// The instant it airs (TVmaze `airstamp`, kept as UTC); nil when the provider gives none.
    /// Convert it for display with `ViewerTimeZone`.
    public let airstamp: Date?
    /// The show (as TVmaze embeds it in the entry).
    public let show: TVShow
    /// The episode.
    public let episode: Episode
    /// The network's or streaming service's name, for example "HBO" or "Netflix"; nil when the
    /// provider names none.
    public let channelName: String?
    /// True when it streams on a web channel (TVmaze `/schedule/web`), false on a network.
    public let isWeb: Bool

    /// Makes an entry.
    /// - Parameters: one per property.
    public init(airstamp: Date?, show: TVShow, episode: Episode, channelName: String?, isWeb: Bool) {
        self.airstamp = airstamp
        self.show = show
        self.episode = episode
        self.channelName = channelName
        self.isWeb = isWeb
    }
}
