import Domain
import FoundationEssentials

/// Turns HTTP outcomes into `SourceError`s that name the provider and the cause, and decodes
/// JSON bodies with errors a person can read. Shared by every provider's Worker.
public enum ProviderResponse {
    /// Fetches a URL and returns the body of a 2xx answer.
    /// - Parameters:
    ///   - url: the request URL (never shown: it may carry an API key).
    ///   - provider: the provider's name for messages, for example "TVmaze".
    ///   - http: the HTTP client.
    ///   - headers: extra request headers.
    /// - Returns: the body bytes of a 2xx response.
    /// - Throws: `SourceError.unreachable` (no answer), `.rateLimited` (429, with `Retry-After`
    ///   in seconds when given as seconds or an HTTP date, else
    ///   `SourceError.defaultRetryAfterSeconds`), `.notFound` (404), `.httpStatus`
    ///   (other non-2xx); `CancellationError` when cancelled.
    public static func body(
        of url: URL, provider: ProviderName, http: any HTTPFetching, headers: [String: String] = [:]
    ) async throws -> Data {
        let response = try await answer(to: url, provider: provider, http: http, headers: headers)
        switch response.status {
        case 200..<300:
            return response.body
        case 404:
            throw SourceError.notFound(provider: provider)
        case 429:
            let seconds = retryAfter(response.headers["retry-after"], now: Date()) ?? SourceError.defaultRetryAfterSeconds
            throw SourceError.rateLimited(provider: provider, retryAfterSeconds: seconds)
        default:
            throw SourceError.httpStatus(provider: provider, status: response.status, message: statusMessage(response.status))
        }
    }

    /// Fetches a URL and returns the answer whatever its status, turning a failure to get one
    /// into a `SourceError`.
    /// - Parameters:
    ///   - url: the request URL (never shown: it may carry an API key).
    ///   - provider: the provider's name for messages, for example "TMDB".
    ///   - http: the HTTP client.
    ///   - headers: extra request headers.
    /// - Returns: the response, 2xx or not.
    /// - Throws: `SourceError.unreachable` (no answer: the time limit in whole seconds, or the
    ///   transport's cause in words); `CancellationError` when cancelled.
    public static func answer(
        to url: URL, provider: ProviderName, http: any HTTPFetching, headers: [String: String] = [:]
    ) async throws -> HTTPResponse {
        do {
            return try await http.get(url, headers: headers)
        } catch let error as HTTPError {
            switch error {
            case .timedOut(let seconds):
                throw SourceError.unreachable(provider: provider, reason: "no answer within \(Int(max(1, seconds.rounded()))) s")
            case .transport(let reason), .permanent(let reason):
                throw SourceError.unreachable(provider: provider, reason: reason)
            case .cancelled:
                throw CancellationError()
            }
        }
    }

    /// Reads a `Retry-After` header (RFC 9110 §10.2.3): delay-seconds or an HTTP date.
    /// - Parameters:
    ///   - value: the header's value, if any.
    ///   - now: the current time, to turn a date into seconds.
    /// - Returns: whole seconds to wait (0 or more), or nil when absent or unreadable.
    public static func retryAfter(_ value: String?, now: Date) -> Int? {
        guard let value = value?.trimming(.whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return max(0, seconds) }
        guard let date = HTTPDate.parse(value) else { return nil }
        return max(0, Int(date.timeIntervalSince(now).rounded(.up)))
    }

    /// The error for a 404 where the provider always has something: the first page of a list
    /// or a probe, so the base URL is most likely wrong. Shown as
    /// `TVmaze answered HTTP 404: not found (check the base URL)`.
    /// - Parameter provider: the provider's name.
    /// - Returns: `SourceError.httpStatus` with status 404.
    public static func wrongBaseURL(provider: ProviderName) -> SourceError {
        .httpStatus(provider: provider, status: 404, message: "not found (check the base URL)")
    }

    /// A short reason phrase for an HTTP status code (RFC 9110 §15).
    static func statusMessage(_ status: Int) -> String {
        switch status {
        case 400: return "bad request"
        case 401: return "unauthorised (check the API key)"
        case 403: return "forbidden"
        case 500: return "server error"
        case 502: return "bad gateway"
        case 503: return "service unavailable"
        case 504: return "gateway timeout"
        default: return status >= 500 ? "server error" : "request refused"
        }
    }

    /// Decodes a JSON body, telling an empty body, an HTML page, a truncated document and a
    /// document of the wrong shape apart.
    /// - Parameters:
    ///   - type: the DTO type.
    ///   - data: the body.
    ///   - provider: the provider's name for messages.
    /// - Returns: the decoded value.
    /// - Throws: `SourceError.badData` with the cause.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data, provider: ProviderName) throws -> T {
        let trimmed = data.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        guard let first = trimmed.first else {
            throw SourceError.badData(provider: provider, reason: "empty response")
        }
        if first == UInt8(ascii: "<") {
            throw SourceError.badData(provider: provider, reason: "an HTML page instead of JSON")
        }
        do {
            return try JSONText.decode(T.self, from: data)
        } catch let error as DecodingError {
            switch error {
            case .dataCorrupted(let context) where context.codingPath.isEmpty:
                throw SourceError.badData(provider: provider, reason: "truncated or malformed JSON")
            case .typeMismatch, .valueNotFound, .keyNotFound, .dataCorrupted:
                throw SourceError.badData(provider: provider, reason: "unexpected JSON shape")
            @unknown default:
                throw SourceError.badData(provider: provider, reason: "unreadable JSON")
            }
        } catch {
            throw SourceError.badData(provider: provider, reason: "unreadable JSON")
        }
    }
}
