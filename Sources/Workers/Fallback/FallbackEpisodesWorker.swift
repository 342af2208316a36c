import Domain

/// A live source of episodes and day schedules (TVmaze) with the recordings behind it, each
/// request routed through the live source's `FallbackSwitch`: an episode list, a next episode
/// or a schedule the live source cannot give comes from the recording, and the switch keeps
/// why, once, for the screen and a pipe's line.
///
/// The recordings hold TVmaze's ids, so only a TVmaze source may stand in front of them.
public struct FallbackEpisodesWorker: EpisodesWorking, ScheduleWorking, FallbackDecorator {
    /// The live source, the one behind it and the switch on the live one.
    public let pair: FallbackPair<any EpisodesWorking & ScheduleWorking>

    /// Makes the decorator over a pair (`init(primary:fallback:fallbackSwitch:)` makes the pair).
    /// - Parameter pair: the sources and the switch.
    public init(pair: FallbackPair<any EpisodesWorking & ScheduleWorking>) {
        self.pair = pair
    }

    /// The live episode list, or the recorded one; see `EpisodesWorking.episodes(showID:)`.
    public func episodes(showID: Int) async throws -> ShowEpisodes? {
        try await pair.ask(.episodes) { try await $0.episodes(showID: showID) }
    }

    /// The live episode list for counting, or the recorded one; see
    /// `EpisodesWorking.episodeOutline(showID:)`.
    public func episodeOutline(showID: Int) async throws -> ShowEpisodes? {
        try await pair.ask(.episodes) { try await $0.episodeOutline(showID: showID) }
    }

    /// The live episode list's updates, or the recorded list when the live source fails
    /// before yielding anything.
    public func episodesUpdates(showID: Int) -> AsyncThrowingStream<ShowEpisodes?, any Error> {
        pair.updates(.episodes) { $0.episodesUpdates(showID: showID) }
    }

    /// The live next and previous episode; nil once the recording answers (it cannot tell).
    public func nextAndPreviousEpisode(showID: Int) async throws -> NextAndPreviousEpisode? {
        try await pair.ask(.episodes) { try await $0.nextAndPreviousEpisode(showID: showID) }
    }

    /// The live next and previous episode with the kept answer; nothing once the recording
    /// answers (it cannot tell).
    public func nextAndPreviousEpisodeSinceKept(showID: Int) async throws -> (kept: NextAndPreviousEpisode?, fresh: NextAndPreviousEpisode?) {
        try await pair.ask(.episodes) { try await $0.nextAndPreviousEpisodeSinceKept(showID: showID) }
    }

    /// The live schedule, or the recorded one; see `ScheduleWorking.schedule(countryCode:date:)`.
    public func schedule(countryCode: String, date: CalendarDate) async throws -> Schedule? {
        try await pair.ask(.schedule) { try await $0.schedule(countryCode: countryCode, date: date) }
    }

    /// The live streaming schedule, or the recorded one.
    public func webSchedule(date: CalendarDate) async throws -> Schedule? {
        try await pair.ask(.schedule) { try await $0.webSchedule(date: date) }
    }
}
