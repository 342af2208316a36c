import FoundationEssentials
import Workers

/// An HTTP client that sends nothing: every request fails as unreachable, so that a caching
/// Worker over it answers from the response cache alone.
struct NoNetworkHTTPClient: HTTPFetching {
    /// Fails at once: `HTTPError.transport`.
    func get(_ url: URL, headers: [String: String]) async throws -> HTTPResponse {
        throw HTTPError.transport("not asked: the figures are made from what this machine holds")
    }
}
