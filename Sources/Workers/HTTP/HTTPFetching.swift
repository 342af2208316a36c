import CCurlHTTP
import FoundationEssentials

/// Sends HTTP GET requests. One implementation talks to the network (`CurlHTTPClient`);
/// `ResilientHTTPClient` adds retries, backoff and pacing around another; tests point either at
/// a loopback server.
public protocol HTTPFetching: Sendable {
    /// Fetches a URL with GET.
    /// - Parameters:
    ///   - url: an absolute `http` or `https` URL.
    ///   - headers: extra request headers.
    /// - Returns: the response, whatever its status code.
    /// - Throws: `HTTPError` when no response arrived; `CancellationError` when the task was cancelled.
    func get(_ url: URL, headers: [String: String]) async throws -> HTTPResponse

    /// Fetches a URL with GET, giving up after at most `limitSeconds` in all.
    ///
    /// The default implementation ignores the limit and calls `get(_:headers:)`.
    /// - Parameters:
    ///   - url: an absolute `http` or `https` URL.
    ///   - headers: extra request headers.
    ///   - limitSeconds: the longest the whole request may take, in seconds; nil for the
    ///     client's own limit.
    /// - Returns: the response, whatever its status code.
    /// - Throws: `HTTPError.timedOut` past the limit; otherwise as `get(_:headers:)`.
    func get(_ url: URL, headers: [String: String], limitSeconds: Double?) async throws -> HTTPResponse
}

extension HTTPFetching {
    /// Ignores the limit; see `HTTPFetching.get(_:headers:limitSeconds:)`.
    public func get(_ url: URL, headers: [String: String], limitSeconds: Double?) async throws -> HTTPResponse {
        try await get(url, headers: headers)
    }
}
