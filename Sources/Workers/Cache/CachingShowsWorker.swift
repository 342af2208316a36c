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
///
/// A list's complete fresh answer is also kept whole in compact form (`KeptList`), which a warm
/// start reads instead of decoding every response again; and once a kept copy is on screen,
/// only the complete fresh answer replaces it (not each step of a list built from several
/// answers, which would shrink the list and grow it again).
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
    public init(
        provider: ProviderName, cache: ResponseCache, http: any HTTPFetching,
        makeWorker: @escaping @Sendable (any HTTPFetching) -> any TVShowsWorking
    ) {
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
            let result = try await freshPopularShows(page: page)
            await keep(result, page: page)
            return result
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
    /// The fresh answer is asked for while the kept copy is read. After a kept copy, only the
    /// last fresh update is given (the complete answer): the list stays on the kept copy until then. The complete answer is kept whole (`KeptList`) after
    /// it is given.
    public func popularShowsUpdates(page: Int) -> AsyncThrowingStream<PagedResult<TVShow>, any Error> {
        .producing { continuation in
            let listURL = await keptListURL(page: page)
            // The fresh answer is asked for at once (the stream starts when made) while the
            // kept copy is read.
            let recorder = RecordingHTTPClient(http: http)
            let fresh = makeWorker(recorder).popularShowsUpdates(page: page)
            let kept = await cachedPopularShows(page: page, listURL: listURL)
            if let kept { continuation.yield(kept) }
            try Task.checkCancellation()
            var stored = 0
            var last: PagedResult<TVShow>?
            for try await update in fresh {
                let bodies = recorder.successfulBodies
                for (url, body) in bodies.dropFirst(stored) { cache.store(body, for: url) }
                stored = bodies.count
                if kept == nil { continuation.yield(update) }
                last = update
            }
            guard let last else { return }
            if kept != nil { continuation.yield(last) }
            if let listURL { cache.store(KeptList.encode(last), for: listURL) }
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
        await cachedPopularShows(page: page, listURL: keptListURL(page: page))
    }

    /// The kept copy of a page: the list kept whole when there is one, else the answer the kept
    /// responses give.
    private func cachedPopularShows(page: Int, listURL: URL?) async -> PagedResult<TVShow>? {
        if let listURL, let entry = cache.entry(for: listURL),
            let list = KeptList.decode(entry.body, source: .cache(provider: provider, savedAt: entry.savedAt))
        {
            return list
        }
        return await kept {
            try await $0.popularShows(page: page)
        } relabel: { result, source in
            PagedResult(items: result.items, page: result.page, hasMore: result.hasMore, source: source, basis: result.basis)
        }
    }

    /// The URL a page's list is kept under (`KeptList.url(forListAt:)`): from the first request
    /// the live worker makes for it, found without a request (the client that sees it answers
    /// with an error); nil when the page asks for nothing.
    private func keptListURL(page: Int) async -> URL? {
        let probe = FirstRequestProbe()
        do {
            for try await _ in makeWorker(probe).popularShowsUpdates(page: page) { break }
        } catch {}
        return probe.firstURL.flatMap(KeptList.url(forListAt:))
    }

    /// Keeps a page's complete answer whole.
    private func keep(_ result: PagedResult<TVShow>, page: Int) async {
        if let url = await keptListURL(page: page) { cache.store(KeptList.encode(result), for: url) }
    }

    /// The kept copy of a show's details, with source `.cache(provider:savedAt:)`, or nil.
    /// - Parameter show: the show.
    public func cachedShowDetails(for show: TVShow) async -> TVShowDetails? {
        await kept {
            try await $0.showDetails(for: show)
        } relabel: { details, source in
            var relabelled = TVShowDetails(
                show: details.show, cast: details.cast, seasons: details.seasons, source: source,
                nextEpisode: details.nextEpisode, previousEpisode: details.previousEpisode, castSource: details.castSource)
            // The poster's address too, so that a kept page shows its kept poster.
            relabelled.imageURL = details.imageURL
            return relabelled
        }
    }

    private func freshPopularShows(page: Int) async throws -> PagedResult<TVShow> {
        try await fresh { try await $0.popularShows(page: page) }
    }

    private func freshShowDetails(for show: TVShow) async throws -> TVShowDetails {
        try await fresh { try await $0.showDetails(for: show) }
    }

    private func kept<Value>(
        _ call: (any TVShowsWorking) async throws -> Value,
        relabel: (Value, DataSource) -> Value
    ) async -> Value? {
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

/// An HTTP client that notes the first URL asked for and answers every request with an error.
private final class FirstRequestProbe: HTTPFetching {
    private let first = Mutex<URL?>(nil)

    /// The first URL asked for, if any.
    var firstURL: URL? { first.withLock { $0 } }

    func get(_ url: URL, headers: [String: String]) async throws -> HTTPResponse {
        first.withLock { if $0 == nil { $0 = url } }
        throw HTTPError.transport("not sent")
    }
}
