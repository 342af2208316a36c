import CCurlHTTP

/// Why an HTTP request failed before a response arrived.
public enum HTTPError: Error, Sendable, Equatable {
    /// No answer within the time allowed, in seconds.
    case timedOut(seconds: Double)
    /// The connection could not be made or broke: a short description. Asking again may
    /// work (`ResilientHTTPClient` retries it).
    case transport(String)
    /// The request failed in a way that asking again would repeat: a redirect loop, a
    /// certificate that is not trusted, a missing CA bundle, a bad URL. A short description
    /// with what to do; never retried.
    case permanent(String)
    /// The request was cancelled.
    case cancelled
}
