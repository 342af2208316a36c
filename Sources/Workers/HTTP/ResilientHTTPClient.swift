import Domain
import FoundationEssentials

/// `HTTPFetching` that makes another client resilient: it waits for the provider's turn
/// (`RequestPacer`), asks again after transport failures, timeouts and 5xx answers with capped
/// exponential backoff and full jitter (`RetryPolicy`), waits out a short `Retry-After` on a 429
/// and hands a longer one back to the caller, and keeps the whole call within
/// `RetryPolicy.totalLimit`. A failure that asking again would repeat (`HTTPError.permanent`:
/// a redirect loop, an untrusted certificate) ends the call after its one try.
///
/// Every wait (the turn, a backoff, a `Retry-After`) ends at once when the calling task is
/// cancelled, and so does the request itself (`CurlHTTPClient` wakes its transfer
/// and stops it). Errors never carry the URL, which may hold an API key.
public struct ResilientHTTPClient: HTTPFetching {
    /// The provider's name: the pacer's key, for example `TVmaze`.
    public let provider: ProviderName
    /// The retry policy.
    public let policy: RetryPolicy
    /// The pacer whose turns it waits for, or nil for none. In the app, the one pacer of the
    /// provider, which every client of that provider shares.
    public let pacer: RequestPacer?
    private let inner: any HTTPFetching
    private let clock: any WaitClock
    private let jitter: @Sendable (Double) -> Double
    private let date: @Sendable () -> Date

    /// Makes a client.
    /// - Parameters:
    ///   - inner: the client that sends each try.
    ///   - provider: the provider's name, the pacer's key.
    ///   - policy: the retry policy.
    ///   - pacer: the pacer, or nil for none: in the app, the provider's one pacer, shared by
    ///     every client of the provider (there is no default, so that no client gets another).
    ///   - clock: the time source for waits (tests pass a virtual clock).
    ///   - jitter: a uniformly random number in `0...ceiling` for a ceiling in seconds (tests
    ///     pass a fixed one).
    ///   - date: the wall-clock time, to read a `Retry-After` given as an HTTP date.
    public init(
        inner: any HTTPFetching, provider: ProviderName, policy: RetryPolicy = RetryPolicy(), pacer: RequestPacer?,
        clock: any WaitClock = SystemWaitClock(),
        jitter: @escaping @Sendable (Double) -> Double = { Double.random(in: 0...max(0, $0)) },
        date: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.inner = inner
        self.provider = provider
        self.policy = policy
        self.pacer = pacer
        self.clock = clock
        self.jitter = jitter
        self.date = date
    }

    /// The client the app gives a provider's Worker: libcurl with `requestTimeout` seconds
    /// to connect or for the next byte and `totalSeconds` for a whole call, the default
    /// `RetryPolicy` within `totalSeconds`, and the provider's pacer.
    /// - Parameters:
    ///   - provider: the provider's name, for example `Geoapify`.
    ///   - requestTimeout: the longest wait for the connection or the next byte, in seconds
    ///     (default 5).
    ///   - totalSeconds: the longest a call may take, every try included, in seconds (default 15).
    ///   - authorities: the certificate authorities to trust (the settings' choice).
    ///   - pacer: the provider's one pacer, which every client of the provider shares (nil for
    ///     none).
    /// - Returns: the client.
    public static func live(
        provider: ProviderName, requestTimeout: Double = 5, totalSeconds: Double = 15,
        authorities: CertificateAuthorities, pacer: RequestPacer?
    ) -> ResilientHTTPClient {
        ResilientHTTPClient(
            inner: CurlHTTPClient(requestTimeout: requestTimeout, resourceTimeout: totalSeconds, authorities: authorities),
            provider: provider,
            policy: RetryPolicy(totalLimit: .seconds(totalSeconds)),
            pacer: pacer
        )
    }

    /// Fetches a URL with GET, retrying as the policy says; see `HTTPFetching.get(_:headers:)`.
    /// - Returns: the first answer that is not retried: a success, a 4xx, a 429 whose
    ///   `Retry-After` is too long to wait here, or the last 5xx or 429 once the retries or the
    ///   time are used up.
    /// - Throws: the last `HTTPError` when every try failed (`.timedOut` with the whole call's
    ///   seconds when the time ran out); `CancellationError` when cancelled.
    public func get(_ url: URL, headers: [String: String]) async throws -> HTTPResponse {
        try await get(url, headers: headers, limitSeconds: nil)
    }

    /// As `get(_:headers:)`, within `limitSeconds` when that is shorter than the policy's
    /// `totalLimit`.
    public func get(_ url: URL, headers: [String: String], limitSeconds: Double?) async throws -> HTTPResponse {
        var limit = policy.totalLimit
        if let limitSeconds, limitSeconds.isFinite { limit = min(limit, .seconds(max(0, limitSeconds))) }
        var retry = 0
        var firstStart: Duration?
        while true {
            if let pacer { try await pacer.waitForTurn(provider.name) }
            try Task.checkCancellation()
            let start = clock.now
            let origin = firstStart ?? start
            firstStart = origin
            let remaining = limit - (start - origin)
            // A retry whose turn came too late has no time left to run in.
            if remaining <= .zero { throw HTTPError.timedOut(seconds: (start - origin).seconds) }
            let wait: Duration
            do {
                let response = try await inner.get(url, headers: headers, limitSeconds: max(0.01, remaining.seconds))
                guard RetryPolicy.isRetryable(status: response.status), retry < policy.retries else { return response }
                if response.status == 429 {
                    let seconds =
                        ProviderResponse.retryAfter(response.headers["retry-after"], now: date())
                        ?? SourceError.defaultRetryAfterSeconds
                    wait = .seconds(seconds)
                    guard wait <= policy.longestRetryAfterWait else { return response }
                } else {
                    wait = backoff(beforeRetry: retry)
                }
                guard fits(wait, origin: origin, limit: limit) else { return response }
            } catch let error as HTTPError {
                if error == .cancelled || Task.isCancelled { throw CancellationError() }
                // A redirect loop or an untrusted certificate would only be met again.
                if case .permanent = error { throw error }
                let failure: HTTPError
                if case .timedOut = error {
                    failure = .timedOut(seconds: (clock.now - origin).seconds)
                } else {
                    failure = error
                }
                guard retry < policy.retries else { throw failure }
                wait = backoff(beforeRetry: retry)
                guard fits(wait, origin: origin, limit: limit) else { throw failure }
            }
            try await clock.sleep(for: wait)
            retry += 1
        }
    }

    /// A full-jitter backoff: uniformly random in `0 ... policy.backoffCeiling(beforeRetry:)`.
    /// - Parameter retry: the retry's number, from 0.
    /// - Returns: the wait.
    public func backoff(beforeRetry retry: Int) -> Duration {
        let ceiling = policy.backoffCeiling(beforeRetry: retry).seconds
        return .seconds(min(ceiling, max(0, jitter(ceiling))))
    }

    /// True when a wait still leaves time for another try within the limit.
    private func fits(_ wait: Duration, origin: Duration, limit: Duration) -> Bool {
        clock.now - origin + wait < limit
    }
}

extension Duration {
    /// The duration in seconds, with its fraction.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
