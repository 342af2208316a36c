import Domain
import FoundationEssentials

/// Episodes, next and previous episodes and day schedules from the live TVmaze API
/// (https://www.tvmaze.com/api, no key):
/// - `GET /shows/{id}/episodes?specials=1`: every episode, specials included (kept apart);
/// - `GET /shows/{id}?embed[]=nextepisode&embed[]=previousepisode`: the next and latest;
/// - `GET /shows/{id}/seasons`: the seasons and their `episodeOrder` (for `FINALE`);
/// - `GET /schedule?country=CC&date=YYYY-MM-DD` and `GET /schedule/web?date=YYYY-MM-DD`.
///
/// Requests go through the given client (pacing, retries and time limits are the client's);
/// cancelling the calling task cancels the request in flight (`CancellationError`).
public struct TVmazeEpisodesWorker: EpisodesWorking, ScheduleWorking, SeasonsWorking {
    /// The provider's name as shown on screen.
    public static let provider = TVmazeShowsWorker.provider

    private let baseURL: URL
    private let http: any HTTPFetching

    /// Makes a worker.
    /// - Parameters:
    ///   - baseURL: the API's base URL (`TVmazeShowsWorker.defaultBaseURL`; tests use a
    ///     loopback server).
    ///   - http: the HTTP client.
    public init(baseURL: URL, http: any HTTPFetching) {
        self.baseURL = baseURL
        self.http = http
    }

    /// Every episode of a show; see `EpisodesWorking.episodes(showID:)`. Unreadable
    /// elements are skipped.
    /// - Throws: `SourceError.notFound` when TVmaze has no show with the id; others as
    ///   `ProviderResponse.body(of:provider:http:headers:)` and `.decode`.
    public func episodes(showID: Int) async throws -> ShowEpisodes? {
        let url = try TVmazeShowsWorker.makeURL(baseURL: baseURL, path: "shows/\(showID)/episodes", query: "specials=1")
        let data = try await ProviderResponse.body(of: url, provider: Self.provider, http: http)
        let list = try ProviderResponse.decode(LossyArray<TVmazeDTO.EpisodeRecord>.self, from: data, provider: Self.provider)
        return ShowEpisodes(showID: showID, episodes: list.elements.map(TVmazeEpisodeMapper.episode), source: .live(provider: Self.provider))
    }

    /// The next and latest episodes; see `EpisodesWorking.nextAndPreviousEpisode(showID:)`.
    /// - Throws: as `episodes(showID:)`.
    public func nextAndPreviousEpisode(showID: Int) async throws -> NextAndPreviousEpisode? {
        let url = try TVmazeShowsWorker.makeURL(baseURL: baseURL, path: "shows/\(showID)", query: "embed%5B%5D=nextepisode&embed%5B%5D=previousepisode")
        let data = try await ProviderResponse.body(of: url, provider: Self.provider, http: http)
        let dto = try ProviderResponse.decode(TVmazeDTO.NeighbourEpisodes.self, from: data, provider: Self.provider)
        return NextAndPreviousEpisode(
            showID: showID, next: dto.next.map(TVmazeEpisodeMapper.episode),
            previous: dto.previous.map(TVmazeEpisodeMapper.episode), source: .live(provider: Self.provider), status: dto.status
        )
    }

    /// A show's seasons with their episode order; see `SeasonsWorking.seasons(showID:)`.
    /// Seasons without a number are skipped.
    /// - Throws: as `episodes(showID:)`.
    public func seasons(showID: Int) async throws -> [SeasonSummary]? {
        let url = try TVmazeShowsWorker.makeURL(baseURL: baseURL, path: "shows/\(showID)/seasons", query: "")
        let data = try await ProviderResponse.body(of: url, provider: Self.provider, http: http)
        let list = try ProviderResponse.decode(LossyArray<TVmazeDTO.Season>.self, from: data, provider: Self.provider)
        return TVmazeMapper.seasons(list.elements)
    }

    /// A country's schedule for a day; see `ScheduleWorking.schedule(countryCode:date:)`.
    /// Entries without a show are skipped.
    /// - Throws: `SourceError.badData` for a country code that is not two ASCII letters
    ///   (nothing is sent); `SourceError.noSchedule` when TVmaze answers 404; others as
    ///   `episodes(showID:)`.
    public func schedule(countryCode: String, date: CalendarDate) async throws -> Schedule? {
        let code = countryCode.uppercased()
        guard code.utf8.count == 2, code.utf8.allSatisfy({ (65...90).contains($0) }) else {
            throw SourceError.badData(provider: Self.provider, reason: "a country code is two letters, such as US")
        }
        return try await fetchSchedule(path: "schedule", query: "country=\(code)&date=\(date)", countryCode: code, date: date)
    }

    /// The streaming schedule for a day; see `ScheduleWorking.webSchedule(date:)`.
    /// - Throws: `SourceError.noSchedule` when TVmaze answers 404; others as `episodes(showID:)`.
    public func webSchedule(date: CalendarDate) async throws -> Schedule? {
        try await fetchSchedule(path: "schedule/web", query: "date=\(date)", countryCode: nil, date: date)
    }

    private func fetchSchedule(path: String, query: String, countryCode: String?, date: CalendarDate) async throws -> Schedule {
        let url = try TVmazeShowsWorker.makeURL(baseURL: baseURL, path: path, query: query)
        let data: Data
        do {
            data = try await ProviderResponse.body(of: url, provider: Self.provider, http: http)
        } catch SourceError.notFound {
            throw SourceError.noSchedule(provider: Self.provider, countryCode: countryCode, date: date)
        }
        let list = try ProviderResponse.decode(LossyArray<TVmazeDTO.EpisodeRecord>.self, from: data, provider: Self.provider)
        let entries = list.elements.compactMap { TVmazeEpisodeMapper.scheduleEntry($0, isWeb: countryCode == nil) }
        return Schedule(countryCode: countryCode, date: date, entries: entries, source: .live(provider: Self.provider))
    }
}
