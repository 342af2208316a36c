import Domain
import FoundationEssentials
import Synchronization

/// Answers GET requests from the cache only: a kept body as a 200, a miss as a transport error.
/// Remembers the oldest entry served and whether anything was missing.
final class CacheReadingHTTPClient: HTTPFetching {
    private let cache: ResponseCache
    private let state = Mutex<(oldest: Int64?, missed: Bool)>((nil, false))

    init(cache: ResponseCache) {
        self.cache = cache
    }

    /// When the oldest body served was stored; nil when something was missing or none was served.
    var oldestSavedAt: Int64? {
        state.withLock { $0.missed ? nil : $0.oldest }
    }

    func get(_ url: URL, headers: [String: String]) async throws -> HTTPResponse {
        guard let entry = cache.entry(for: url) else {
            state.withLock { $0.missed = true }
            throw HTTPError.transport("not in the cache")
        }
        state.withLock { $0.oldest = min($0.oldest ?? entry.savedAt, entry.savedAt) }
        return HTTPResponse(status: 200, headers: [:], body: entry.body)
    }
}
