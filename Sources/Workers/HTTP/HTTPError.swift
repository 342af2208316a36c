import CCurlHTTP

/// Why an HTTP request failed before a response arrived.
public enum HTTPError: Error, Sendable, Equatable {
    /// No answer within the time allowed, in seconds.
    case timedOut(seconds: Double)
    /// The connection could not be made or broke: a short description.
    case transport(String)
    /// The request was cancelled.
    case cancelled
}
