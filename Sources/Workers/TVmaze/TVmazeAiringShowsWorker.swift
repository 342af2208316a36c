import Domain
import FoundationEssentials

/// "Popular now" on TVmaze (https://www.tvmaze.com/api, no key): the shows airing in the days
/// ending today, ranked by TVmaze's `weight` popularity score.
///
/// TVmaze has no popularity endpoint; its schedules list what airs each day, each entry with
/// its show. For each of the `days` days ending today (the viewer's calendar day) this asks
/// `GET /schedule?country=CC&date=YYYY-MM-DD` (one country's broadcast TV) and
/// `GET /schedule/web?date=YYYY-MM-DD` (streaming and web channels, every country), takes the
/// union of their shows without repeats (by id) and ranks it by weight, then rating, then name
/// (`TVShow.ranksAbove`). The list is one page (`hasMore` false).
///
/// `popularShowsUpdates(page: 0)` yields the list after today's two answers, then again after
/// each earlier day, newest first; a day that fails ends the stream with its error after what
/// was found so far. Requests go one at a time, so TVmaze's one pacer (shared by every TVmaze
/// client of the app) keeps them within TVmaze's limit. Details come from `TVmazeShowsWorker`.
public struct TVmazeAiringShowsWorker: TVShowsWorking {
    /// How many days the list covers, today included.
    public static let defaultDays = 7

    private let baseURL: URL
    private let http: any HTTPFetching
    private let country: String
    private let days: Int
    private let today: @Sendable () -> CalendarDate

    /// Makes a worker.
    /// - Parameters:
    ///   - baseURL: the API's base URL (tests use a loopback server).
    ///   - http: the HTTP client.
    ///   - country: the ISO 3166-1 alpha-2 code of the broadcast schedule, for example `GB`.
    ///   - days: how many days, ending today (default 7).
    ///   - today: the viewer's calendar day (default: today in the local time zone).
    public init(
        baseURL: URL, http: any HTTPFetching, country: String, days: Int = defaultDays,
        today: @escaping @Sendable () -> CalendarDate = { CalendarDate.today() }
    ) {
        self.baseURL = baseURL
        self.http = http
        self.country = country
        self.days = max(1, days)
        self.today = today
    }

    /// The whole list at once; see `TVShowsWorking.popularShows(page:)`. Pages after 0 are
    /// empty.
    /// - Throws: `SourceError` when any of the schedules cannot be read.
    public func popularShows(page: Int) async throws -> PagedResult<TVShow> {
        var last: PagedResult<TVShow>?
        for try await update in popularShowsUpdates(page: page) { last = update }
        guard let last else { throw SourceError.badData(provider: TVmazeShowsWorker.provider, reason: "no schedule") }
        return last
    }

    /// Today's list at once, then the list again as each earlier day arrives.
    public func popularShowsUpdates(page: Int) -> AsyncThrowingStream<PagedResult<TVShow>, any Error> {
        let end = today()
        let dates = (0..<days).map { end.adding(days: -$0) }
        let basis = ListBasis.airing(country: country, from: dates.last ?? end, through: end, recorded: false, streamingOnly: false)
        if page > 0 {
            return .single { PagedResult(items: [], page: page, hasMore: false, source: .live(provider: TVmazeShowsWorker.provider), basis: basis) }
        }
        let worker = self
        return .producing { continuation in
            var union = TVmazeMapper.ScheduleUnion()
            for date in dates {
                try Task.checkCancellation()
                union.add(try await worker.schedule(path: "schedule", query: "country=\(worker.country)&date=\(date)"))
                union.add(try await worker.schedule(path: "schedule/web", query: "date=\(date)"))
                continuation.yield(
                    PagedResult(
                        items: union.ranked(), page: 0, hasMore: false,
                        source: .live(provider: TVmazeShowsWorker.provider), basis: basis))
            }
        }
    }

    /// The show with its cast and seasons, from `TVmazeShowsWorker`.
    public func showDetails(for show: TVShow) async throws -> TVShowDetails {
        try await TVmazeShowsWorker(baseURL: baseURL, http: http).showDetails(for: show)
    }

    /// TVmaze's search, from `TVmazeShowsWorker`.
    public func searchShows(query: String) async throws -> [TVShow]? {
        try await TVmazeShowsWorker(baseURL: baseURL, http: http).searchShows(query: query)
    }

    /// TVmaze's single search, from `TVmazeShowsWorker`.
    public func showNamed(_ name: String) async throws -> TVShow?? {
        try await TVmazeShowsWorker(baseURL: baseURL, http: http).showNamed(name)
    }

    /// One day's schedule entries.
    private func schedule(path: String, query: String) async throws -> [TVmazeDTO.ScheduleEntry] {
        let url = try TVmazeShowsWorker.makeURL(baseURL: baseURL, path: path, query: query)
        let data: Data
        do {
            data = try await ProviderResponse.body(of: url, provider: TVmazeShowsWorker.provider, http: http)
        } catch SourceError.notFound {
            throw ProviderResponse.wrongBaseURL(provider: TVmazeShowsWorker.provider)
        }
        return try ProviderResponse.decode(LossyArray<TVmazeDTO.ScheduleEntry>.self, from: data, provider: TVmazeShowsWorker.provider).elements
    }
}

extension TVmazeMapper {
    /// The shows of schedules taken together: each show once (the record with the newest
    /// `updated`, the first of equals), ranked by `TVShow.ranksAbove`.
    public struct ScheduleUnion: Sendable {
        private var shows: [Int: TVShow] = [:]
        private var updated: [Int: Int] = [:]

        /// An empty union.
        public init() {}

        /// How many shows it holds.
        public var count: Int { shows.count }

        /// Adds the shows of one schedule answer (`/schedule` or `/schedule/web`).
        mutating func add(_ entries: [TVmazeDTO.ScheduleEntry]) {
            for entry in entries {
                guard let dto = entry.show else { continue }
                let stamp = dto.updated ?? 0
                if let kept = updated[dto.id], kept >= stamp { continue }
                updated[dto.id] = stamp
                shows[dto.id] = TVmazeMapper.show(dto)
            }
        }

        /// The shows, most popular first.
        public func ranked() -> [TVShow] {
            shows.values.sorted(by: TVShow.ranksAbove)
        }
    }
}

extension CalendarDate {
    /// Today in the local time zone (the `TZ` the program runs with).
    public static func today() -> CalendarDate {
        ViewerTimeZone().wallTime(at: Date())?.date ?? .utcDay(ofUnixTime: Int(Date().timeIntervalSince1970))
    }

    /// The day a number of days after this one (before it when negative), on the proleptic
    /// Gregorian calendar (days counted as in Howard Hinnant's `days_from_civil`,
    /// https://howardhinnant.github.io/date_algorithms.html#days_from_civil).
    /// - Parameter days: days to add; may be negative.
    /// - Returns: the day; this one when the result would leave years 1–9999.
    public func adding(days: Int) -> CalendarDate {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let serial = era * 146_097 + doe - 719_468
        let result = CalendarDate.utcDay(ofUnixTime: (serial + days) * 86_400)
        return result == .unixEpoch && serial + days != 0 ? self : result
    }
}
