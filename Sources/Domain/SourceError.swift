/// Why a source could not answer, in words a person can act on.
public enum SourceError: Error, Sendable, Equatable {
    /// The network failed or timed out: provider name and cause.
    case unreachable(provider: ProviderName, reason: String)
    /// The provider answered with an HTTP error status: provider name, status code, message.
    case httpStatus(provider: ProviderName, status: Int, message: String)
    /// The provider asked us to slow down; retry after the given number of seconds, if said.
    case rateLimited(provider: ProviderName, retryAfterSeconds: Int?)
    /// The answer could not be read: provider name and what was wrong.
    case badData(provider: ProviderName, reason: String)
    /// A local file could not be read: path and cause.
    case file(path: String, reason: String)
    /// Nothing with that id exists at the source.
    case notFound(provider: ProviderName)
    /// The provider has no schedule of that day (it answered 404): provider name, the ISO
    /// 3166-1 alpha-2 country code (nil for the streaming schedule) and the day.
    case noSchedule(provider: ProviderName, countryCode: String?, date: CalendarDate)

    /// The wait assumed when a rate limit (HTTP 429) carries no `Retry-After`, in seconds: 2,
    /// the "static delay of e.g. 2 seconds" TVmaze's maintainers advise after a 429
    /// (https://www.tvmaze.com/threads/6233/rate-limit-questions); RFC 6585 §4 leaves the
    /// header optional. Short enough to be waited out inside the HTTP client.
    public static let defaultRetryAfterSeconds = 2
}
