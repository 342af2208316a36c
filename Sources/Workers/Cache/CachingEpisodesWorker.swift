import Domain
import FoundationEssentials

/// A live episodes or schedule source with the disk cache in front, as `CachingShowsWorker`
/// does for shows: each answer is fetched afresh and its bodies kept once decoded; when the
/// provider cannot answer (`SourceError`), the kept answer is given with source
/// `.cache(provider:savedAt:)`; `episodesUpdates(showID:)` yields the kept guide at once
/// and then the fresh one (stale-while-revalidate).
///
/// `Live` is the provider's worker type (`TVmazeEpisodesWorker`, `TMDBShowsWorker`), built by
/// `makeWorker` over an HTTP client this type supplies, so it keeps its own URLs and DTOs.
/// It is `EpisodesWorking` when `Live` is, and `ScheduleWorking` when `Live` is.
public struct CachingEpisodesWorker<Live: Sendable>: Sendable {
    private let provider: ProviderName
    private let cache: ResponseCache
    private let http: any HTTPFetching
    private let makeWorker: @Sendable (any HTTPFetching) -> Live

    /// Makes a worker.
    /// - Parameters:
    ///   - provider: the provider's name as shown, for example "TVmaze".
    ///   - cache: where bodies are kept.
    ///   - http: the network client.
    ///   - makeWorker: builds the live worker over a given HTTP client, for example
    ///     `{ TVmazeEpisodesWorker(baseURL: base, http: $0) }`.
    public init(
        provider: ProviderName, cache: ResponseCache, http: any HTTPFetching,
        makeWorker: @escaping @Sendable (any HTTPFetching) -> Live
    ) {
        self.provider = provider
        self.cache = cache
        self.http = http
        self.makeWorker = makeWorker
    }

    /// The value from the network, its bodies kept.
    func fresh<Value>(_ call: (Live) async throws -> Value) async throws -> Value {
        let recorder = RecordingHTTPClient(http: http)
        let value = try await call(makeWorker(recorder))
        for (url, body) in recorder.successfulBodies {
            cache.store(body, for: url)
        }
        return value
    }

    /// The value from the kept bodies alone, with the time the oldest was stored; nil when a
    /// body is missing or no longer decodes.
    func kept<Value>(_ call: (Live) async throws -> Value) async -> (value: Value, source: DataSource)? {
        let reader = CacheReadingHTTPClient(cache: cache)
        guard let value = try? await call(makeWorker(reader)), let savedAt = reader.oldestSavedAt else { return nil }
        return (value, .cache(provider: provider, savedAt: savedAt))
    }

    /// Fresh, else kept (relabelled), else the provider's error.
    func freshElseKept<Value>(_ call: (Live) async throws -> Value, relabel: (Value, DataSource) -> Value) async throws -> Value {
        do {
            return try await fresh(call)
        } catch let error as SourceError {
            if let kept = await kept(call) { return relabel(kept.value, kept.source) }
            throw error
        }
    }
}

extension CachingEpisodesWorker: EpisodesWorking where Live: EpisodesWorking {
    /// Fresh, else kept; see `EpisodesWorking.episodes(showID:)`.
    public func episodes(showID: Int) async throws -> ShowEpisodes? {
        try await freshElseKept({ try await $0.episodes(showID: showID) }, relabel: Self.relabel)
    }

    /// The kept guide (if any), then the fresh one; a failed refresh after a kept guide ends
    /// the stream with its error.
    public func episodesUpdates(showID: Int) -> AsyncThrowingStream<ShowEpisodes?, any Error> {
        .producing { continuation in
            if let kept = await kept({ try await $0.episodes(showID: showID) }) {
                continuation.yield(Self.relabel(kept.value, kept.source))
            }
            try Task.checkCancellation()
            continuation.yield(try await fresh { try await $0.episodes(showID: showID) })
        }
    }

    /// Fresh, else kept; see `EpisodesWorking.nextAndPreviousEpisode(showID:)`.
    public func nextAndPreviousEpisode(showID: Int) async throws -> NextAndPreviousEpisode? {
        try await freshElseKept({ try await $0.nextAndPreviousEpisode(showID: showID) }) { pair, source in
            pair.map { NextAndPreviousEpisode(showID: $0.showID, next: $0.next, previous: $0.previous, source: source, status: $0.status) }
        }
    }

    /// The kept answer, read before the fresh one replaces it, and the fresh one (else the
    /// kept one again, relabelled, with nothing to compare); see
    /// `EpisodesWorking.nextAndPreviousEpisodeSinceKept(showID:)`.
    public func nextAndPreviousEpisodeSinceKept(showID: Int) async throws -> (kept: NextAndPreviousEpisode?, fresh: NextAndPreviousEpisode?) {
        let before = await kept { try await $0.nextAndPreviousEpisode(showID: showID) }
        do {
            return (before?.value ?? nil, try await fresh { try await $0.nextAndPreviousEpisode(showID: showID) })
        } catch let error as SourceError {
            guard let before else { throw error }
            return (nil, before.value.map { NextAndPreviousEpisode(showID: $0.showID, next: $0.next, previous: $0.previous, source: before.source, status: $0.status) })
        }
    }

    private static func relabel(_ guide: ShowEpisodes?, _ source: DataSource) -> ShowEpisodes? {
        guide.map { ShowEpisodes(showID: $0.showID, seasons: $0.seasons, specials: $0.specials, source: source) }
    }
}

extension CachingEpisodesWorker: ScheduleWorking where Live: ScheduleWorking {
    /// Fresh, else kept; see `ScheduleWorking.schedule(countryCode:date:)`.
    public func schedule(countryCode: String, date: CalendarDate) async throws -> Schedule? {
        try await freshElseKept({ try await $0.schedule(countryCode: countryCode, date: date) }, relabel: Self.relabel)
    }

    /// Fresh, else kept; see `ScheduleWorking.webSchedule(date:)`.
    public func webSchedule(date: CalendarDate) async throws -> Schedule? {
        try await freshElseKept({ try await $0.webSchedule(date: date) }, relabel: Self.relabel)
    }

    private static func relabel(_ schedule: Schedule?, _ source: DataSource) -> Schedule? {
        schedule.map { Schedule(countryCode: $0.countryCode, date: $0.date, entries: $0.entries, source: source) }
    }
}
