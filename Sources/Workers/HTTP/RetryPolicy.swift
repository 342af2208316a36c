/// When and how long `ResilientHTTPClient` waits before asking again.
///
/// Retries follow "Exponential Backoff And Jitter" (Marc Brooker, AWS Architecture Blog, 2015,
/// https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/), "full jitter":
/// before retry n (from 0) the client sleeps a uniformly random time in
/// `0 ... min(maximumDelay, baseDelay × 2ⁿ)`, which spreads the retries of many clients apart.
public struct RetryPolicy: Sendable, Equatable {
    /// How many times a request is asked again after the first try (default 2).
    public var retries: Int
    /// The backoff ceiling before the first retry (default 0.5 s).
    public var baseDelay: Duration
    /// The largest backoff ceiling (default 4 s).
    public var maximumDelay: Duration
    /// The longest `Retry-After` the client waits out by itself before asking again (default
    /// 2 s); a longer one ends the call with the 429 answer so the screen can count down.
    public var longestRetryAfterWait: Duration
    /// The longest a whole call may take, every try and wait included (default 15 s).
    public var totalLimit: Duration

    /// Makes a policy.
    /// - Parameters:
    ///   - retries: retries after the first try (negative reads as 0).
    ///   - baseDelay: the first backoff ceiling.
    ///   - maximumDelay: the largest backoff ceiling.
    ///   - longestRetryAfterWait: the longest `Retry-After` waited out within the call.
    ///   - totalLimit: the longest a whole call may take.
    public init(
        retries: Int = 2, baseDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(4),
        longestRetryAfterWait: Duration = .seconds(2), totalLimit: Duration = .seconds(15)
    ) {
        self.retries = max(0, retries)
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        self.longestRetryAfterWait = longestRetryAfterWait
        self.totalLimit = totalLimit
    }

    /// The backoff ceiling before retry `retry` (from 0): `min(maximumDelay, baseDelay × 2ⁿ)`.
    /// - Parameter retry: the retry's number, from 0.
    /// - Returns: the ceiling.
    public func backoffCeiling(beforeRetry retry: Int) -> Duration {
        let factor = Double(1 << min(30, max(0, retry)))
        return min(maximumDelay, baseDelay * factor)
    }

    /// Whether an answer's status is worth asking again: 429 (Too Many Requests, RFC 6585 §4)
    /// and the 5xx server errors (RFC 9110 §15.6); never another 4xx, which would fail again.
    /// - Parameter status: the HTTP status code.
    public static func isRetryable(status: Int) -> Bool {
        status == 429 || (500...599).contains(status)
    }
}
