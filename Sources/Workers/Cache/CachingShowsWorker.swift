import Domain
import FoundationEssentials
import Synchronization

/// A live TV source with a disk cache in front (stale-while-revalidate, RFC 5861 §3 in spirit):
/// a page or a show's details is offered from the `ResponseCache` at once, with its age, and
/// then fetched afresh; a fresh answer that decodes is stored for next time.
///
/// The decorated worker is built by `makeWorker` over an HTTP client this type supplies, so it
/// keeps its own URLs, DTOs and mappers: to read the cache, the client answers from the kept
/// bodies; to refresh, it fetches over the network and the bodies are stored only once the
/// worker has decoded them (bad data is never kept). Credentials in URLs never reach the disk
/// (`ResponseCache.canonicalKey(for:)`).
public struct CachingShowsWorker: TVShowsWorking {
    private let provider: ProviderName
    private let cache: ResponseCache
    private let http: any HTTPFetching
    private let makeWorker: @Sendable (any HTTPFetching) -> any TVShowsWorking

    /// Makes a worker.
    /// - Parameters:
    ///   - provider: the provider's name as shown, for example "TVmaze".
    ///   - cache: where bodies are kept.
    ///   - http: the network client.
    ///   - makeWorker: builds the live worker over a given HTTP client, for example
    ///     `{ TVmazeShowsWorker(baseURL: base, http: $0) }`.
    public init(provider: ProviderName, cache: ResponseCache, http: any HTTPFetching,
                makeWorker: @escaping @Sendable (any HTTPFetching) -> any TVShowsWorking) {
        self.provider = provider
        self.cache = cache
        self.http = http
        self.makeWorker = makeWorker
    }

    // MARK: One answer

    /// A fresh page; when the provider cannot answer (`SourceError`), the kept copy with
    /// source `.cache`; else the provider's error. See `TVShowsWorking.popularShows(page:)`.
    public func popularShows(page: Int) async throws -> PagedResult<TVShow> {
        do {
            return try await freshPopularShows(page: page)
        } catch let error as SourceError {
            if let kept = await cachedPopularShows(page: page) { return kept }
            throw error
        }
    }

    /// Fresh details, else the kept copy, else the provider's error.
    /// See `TVShowsWorking.showDetails(for:)`.
    public func showDetails(for show: TVShow) async throws -> TVShowDetails {
        do {
            return try await freshShowDetails(for: show)
        } catch let error as SourceError {
            if let kept = await cachedShowDetails(for: show) { return kept }
            throw error
        }
    }

    /// A fresh search; when the provider cannot answer, the kept answer to the same query;
    /// else the provider's error. See `TVShowsWorking.searchShows(query:)`.
    public func searchShows(query: String) async throws -> [TVShow]? {
        do {
            return try await fresh { try await $0.searchShows(query: query) }
        } catch let error as SourceError {
            let reader = CacheReadingHTTPClient(cache: cache)
            if let kept = try? await makeWorker(reader).searchShows(query: query), reader.oldestSavedAt != nil { return kept }
            throw error
        }
    }

    /// The show a name means, fresh (its answer kept); else the kept answer; else the error.
    public func showNamed(_ name: String) async throws -> TVShow?? {
        do {
            return try await fresh { try await $0.showNamed(name) }
        } catch let error as SourceError {
            let reader = CacheReadingHTTPClient(cache: cache)
            if let kept = try? await makeWorker(reader).showNamed(name), reader.oldestSavedAt != nil { return kept }
            throw error
        }
    }

    // MARK: Kept, then fresh

    /// The kept page (if any), then the fresh one as the live worker's own updates give it (a
    /// list built from several answers may come in steps); a failed refresh ends the stream
    /// with its error. The bodies behind each fresh update are kept once it has been decoded.
    /// See `TVShowsWorking.popularShowsUpdates(page:)`.
    public func popularShowsUpdates(page: Int) -> AsyncThrowingStream<PagedResult<TVShow>, any Error> {
        .producing { continuation in
            if let kept = await cachedPopularShows(page: page) { continuation.yield(kept) }
            try Task.checkCancellation()
            let recorder = RecordingHTTPClient(http: http)
            var stored = 0
            for try await update in makeWorker(recorder).popularShowsUpdates(page: page) {
                let bodies = recorder.successfulBodies
                for (url, body) in bodies.dropFirst(stored) { cache.store(body, for: url) }
                stored = bodies.count
                continuation.yield(update)
            }
        }
    }

    /// The kept details (if any), then fresh ones. See `TVShowsWorking.showDetailsUpdates(for:)`.
    public func showDetailsUpdates(for show: TVShow) -> AsyncThrowingStream<TVShowDetails, any Error> {
        .producing { continuation in
            if let kept = await cachedShowDetails(for: show) { continuation.yield(kept) }
            try Task.checkCancellation()
            continuation.yield(try await freshShowDetails(for: show))
        }
    }

    // MARK: Each side

    /// The kept copy of a page, with source `.cache(provider:savedAt:)`, or nil when it is not
    /// kept or no longer decodes.
    /// - Parameter page: the page number, from 0.
    public func cachedPopularShows(page: Int) async -> PagedResult<TVShow>? {
        await kept { try await $0.popularShows(page: page) } relabel: { result, source in
            PagedResult(items: result.items, page: result.page, hasMore: result.hasMore, source: source, basis: result.basis)
        }
    }

    /// The kept copy of a show's details, with source `.cache(provider:savedAt:)`, or nil.
    /// - Parameter show: the show.
    public func cachedShowDetails(for show: TVShow) async -> TVShowDetails? {
        await kept { try await $0.showDetails(for: show) } relabel: { details, source in
            TVShowDetails(show: details.show, cast: details.cast, seasons: details.seasons, source: source,
                          nextEpisode: details.nextEpisode, previousEpisode: details.previousEpisode, castSource: details.castSource)
        }
    }

    private func freshPopularShows(page: Int) async throws -> PagedResult<TVShow> {
        try await fresh { try await $0.popularShows(page: page) }
    }

    private func freshShowDetails(for show: TVShow) async throws -> TVShowDetails {
        try await fresh { try await $0.showDetails(for: show) }
    }

    private func kept<Value>(_ call: (any TVShowsWorking) async throws -> Value,
                             relabel: (Value, DataSource) -> Value) async -> Value? {
        let reader = CacheReadingHTTPClient(cache: cache)
        guard let value = try? await call(makeWorker(reader)), let savedAt = reader.oldestSavedAt else { return nil }
        return relabel(value, .cache(provider: provider, savedAt: savedAt))
    }

    private func fresh<Value>(_ call: (any TVShowsWorking) async throws -> Value) async throws -> Value {
        let recorder = RecordingHTTPClient(http: http)
        let value = try await call(makeWorker(recorder))
        for (url, body) in recorder.successfulBodies {
            cache.store(body, for: url)
        }
        return value
    }
}
