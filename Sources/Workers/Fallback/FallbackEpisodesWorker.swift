import Domain

/// A live source of episodes and day schedules (TVmaze) with the recordings behind it, each
/// request routed through the live source's `FallbackSwitch`: an episode list, a next episode
/// or a schedule the live source cannot give comes from the recording, and the switch keeps
/// why, once, for the screen and a pipe's line.
///
/// The recordings hold TVmaze's ids, so only a TVmaze source may stand in front of them.
public struct FallbackEpisodesWorker: EpisodesWorking, ScheduleWorking {
    private let primary: any EpisodesWorking & ScheduleWorking
    private let fallback: any EpisodesWorking & ScheduleWorking
    /// The switch on the live source.
    public let fallbackSwitch: FallbackSwitch

    /// Makes a worker.
    /// - Parameters:
    ///   - primary: the live source.
    ///   - fallback: the recordings (`SnapshotEpisodesWorker`).
    ///   - fallbackSwitch: the switch on the live source (shared with its shows).
    public init(primary: any EpisodesWorking & ScheduleWorking, fallback: any EpisodesWorking & ScheduleWorking, fallbackSwitch: FallbackSwitch) {
        self.primary = primary
        self.fallback = fallback
        self.fallbackSwitch = fallbackSwitch
    }

    /// The live episode list, or the recorded one; see `EpisodesWorking.episodes(showID:)`.
    public func episodes(showID: Int) async throws -> ShowEpisodes? {
        let primary = self.primary, fallback = self.fallback
        return try await fallbackSwitch.route(.episodes, live: { try await primary.episodes(showID: showID) },
                                              recorded: { try await fallback.episodes(showID: showID) })
    }

    /// The live episode list's updates, or the recorded list when the live source fails
    /// before yielding anything.
    public func episodesUpdates(showID: Int) -> AsyncThrowingStream<ShowEpisodes?, any Error> {
        let primary = self.primary, fallback = self.fallback, fallbackSwitch = self.fallbackSwitch
        return .producing { continuation in
            if await fallbackSwitch.usesRecording {
                continuation.yield(try await fallback.episodes(showID: showID))
                return
            }
            var yielded = false
            do {
                for try await answer in primary.episodesUpdates(showID: showID) {
                    continuation.yield(answer)
                    yielded = true
                }
            } catch let error as SourceError where !yielded {
                guard await fallbackSwitch.giveWay(after: error, for: .episodes) else { throw error }
                continuation.yield(try await fallback.episodes(showID: showID))
            }
        }
    }

    /// The live next and previous episode; nil once the recording answers (it cannot tell).
    public func nextAndPreviousEpisode(showID: Int) async throws -> NextAndPreviousEpisode? {
        let primary = self.primary, fallback = self.fallback
        return try await fallbackSwitch.route(.episodes, live: { try await primary.nextAndPreviousEpisode(showID: showID) },
                                              recorded: { try await fallback.nextAndPreviousEpisode(showID: showID) })
    }

    /// The live schedule, or the recorded one; see `ScheduleWorking.schedule(countryCode:date:)`.
    public func schedule(countryCode: String, date: CalendarDate) async throws -> Schedule? {
        let primary = self.primary, fallback = self.fallback
        return try await fallbackSwitch.route(.schedule, live: { try await primary.schedule(countryCode: countryCode, date: date) },
                                              recorded: { try await fallback.schedule(countryCode: countryCode, date: date) })
    }

    /// The live streaming schedule, or the recorded one.
    public func webSchedule(date: CalendarDate) async throws -> Schedule? {
        let primary = self.primary, fallback = self.fallback
        return try await fallbackSwitch.route(.schedule, live: { try await primary.webSchedule(date: date) },
                                              recorded: { try await fallback.webSchedule(date: date) })
    }
}
