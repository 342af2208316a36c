import Domain

/// One live source with a recording (or another source) behind it, and the one rule that
/// decides, for every kind of request, whether a failure of the live source gives way to what
/// stands behind it.
///
/// The rule (`givesWay(_:page:liveListed:)`): a request that starts something — the first
/// page of a list or of places, a show opened by id or name before any list came from the live
/// source, an episode list, a schedule, a search, a city search — gives way when the live
/// source throws a `SourceError`; what that does to later requests is one of the two
/// `FallbackPolicy`s: `.untilRetry`, every request through this switch goes to the recording
/// until `retry()`; `.eachRequest` (a city search, which a person asks for each time), it gives
/// way for that search alone. A request that continues an answer the live source already
/// gave — a later page, the details of a show the live source listed (its ids are the live
/// source's) — passes the error on, so that one screen never mixes two sources.
///
/// The rule is the same whichever way the request came: the full screen, the command line or
/// a pipe; the reason is kept here once, for the status bar and for the one line a pipe mode
/// writes on standard error.
public actor FallbackSwitch {
    /// The live source's name as shown (`TVmaze`, `TMDB`, `Overpass`).
    public nonisolated let provider: ProviderName
    /// Why the live source was given up; nil while it is used.
    public private(set) var reason: SourceError?
    /// True once the live source has answered the first page of a list: the shows on screen
    /// carry its ids.
    private var liveListed = false

    /// Makes a switch on the live source.
    /// - Parameter provider: the live source's name as shown.
    public init(provider: ProviderName) {
        self.provider = provider
    }

    /// Whether a failure of the live source on a request gives way to the recording.
    /// - Parameters:
    ///   - kind: what the request asks for.
    ///   - page: the page asked, from 0 (0 for requests without pages).
    ///   - liveListed: true when the live source has answered a list's first page.
    /// - Returns: true to answer from the recording.
    public static func givesWay(_ kind: RequestKind, page: Int, liveListed: Bool) -> Bool {
        switch kind {
        case .listPage, .places: return page == 0
        case .details, .cast, .seasons: return !liveListed
        case .episodes, .schedule, .search, .cities: return true
        }
    }

    /// True once the live source was given up (until `retry()`).
    public var usesRecording: Bool { reason != nil }

    /// Notes that the live source answered a request.
    /// - Parameters:
    ///   - kind: what the request asked for.
    ///   - page: the page answered.
    public func answered(_ kind: RequestKind, page: Int = 0) {
        if kind == .listPage && page == 0 { liveListed = true }
    }

    /// Decides what a failure of the live source means for a request, and gives the live
    /// source up when the request's policy says so (`FallbackPolicy.untilRetry`).
    /// - Parameters:
    ///   - error: the live source's failure.
    ///   - kind: what the request asked for.
    ///   - page: the page asked.
    /// - Returns: true when the recording answers (the live source is given up), false when
    ///   the error is passed on.
    public func giveWay(after error: SourceError, for kind: RequestKind, page: Int = 0) -> Bool {
        guard Self.givesWay(kind, page: page, liveListed: liveListed) else { return false }
        if reason == nil && FallbackPolicy.of(kind) == .untilRetry { reason = error }
        return true
    }

    /// Uses the live source again from the next request (after the person asks to retry).
    public func retry() {
        reason = nil
        liveListed = false
    }

    /// Answers a request from the live source, or from the recording once the live source is
    /// given up or when it fails and the rule gives way.
    /// - Parameters:
    ///   - kind: what the request asks for.
    ///   - page: the page asked, from 0.
    ///   - live: asks the live source.
    ///   - recorded: asks the recording.
    /// - Returns: the answer.
    /// - Throws: the live source's `SourceError` when the rule passes it on; what the
    ///   recording throws; `CancellationError`.
    public func route<T: Sendable>(
        _ kind: RequestKind, page: Int = 0, live: @Sendable () async throws -> T,
        recorded: @Sendable () async throws -> T
    ) async throws -> T {
        if reason != nil { return try await recorded() }
        do {
            let answer = try await live()
            answered(kind, page: page)
            return answer
        } catch let error as SourceError {
            guard giveWay(after: error, for: kind, page: page) else { throw error }
            return try await recorded()
        }
    }
}
