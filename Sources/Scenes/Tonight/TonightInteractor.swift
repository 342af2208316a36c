import Domain
import FoundationEssentials

/// The Tonight scene's business logic: fetches a day's schedules (a country's broadcast TV,
/// then the worldwide streaming one) and the favourite shows' next episodes, and keeps the
/// show chosen with Enter. Each list loads through a `ResourceLoader`: its Task is returned so
/// callers can await it, and tracked; a new request cancels the one it replaces; a schedule
/// that is rate limited counts down (`RetryCountdown`) and is asked again by itself; leaving
/// the scene (`cancel()`) stops both loads and the countdown.
@MainActor
package final class TonightInteractor: TonightBusinessLogic, TonightDataStore {
    package var presenter: TonightPresentationLogic?
    package private(set) var selectedShow: TVShow?

    private let schedules: any ScheduleWorking
    private let country: String
    private let today: @Sendable () -> CalendarDate
    private let favourites: @MainActor () async -> [Favourite]
    private let episodes: @Sendable (String) -> (any EpisodesWorking)?
    private let seasons: (any SeasonsWorking)?
    private let premiereDays: @Sendable () -> (days: [CalendarDate], recorded: Bool)
    private var premiereItems: [PremiereDays.Item] = []
    private var entries: [ScheduleEntry] = []
    private var items: [Tonight.LoadUpcoming.Item] = []
    private var schedule: Tonight.LoadSchedule.Response?
    private let scheduleLoader: ResourceLoader
    private let upcomingLoader: ResourceLoader
    private let premieresLoader: ResourceLoader

    /// Makes an Interactor.
    /// - Parameters:
    ///   - schedules: the day schedules' source.
    ///   - country: the ISO 3166-1 alpha-2 code of the broadcast schedule.
    ///   - today: the viewer's calendar day (for a request without a date).
    ///   - favourites: the favourites, read when Upcoming loads.
    ///   - episodes: the source of next episodes for a favourite's provider (`TVmaze`, `TMDB`);
    ///     nil when that provider cannot tell.
    ///   - seasons: TVmaze's seasons (episode order), asked for each TVmaze favourite's next
    ///     episode on Upcoming (`FINALE`); nil to ask none.
    ///   - premiereDays: the days of New this week and whether they are recordings.
    ///   - clock: the clock a rate limit's countdown runs on (tests pass one that does not wait).
    ///   - effects: where the use cases' tasks are tracked.
    package init(schedules: any ScheduleWorking, country: String, today: @escaping @Sendable () -> CalendarDate,
                 favourites: @escaping @MainActor () async -> [Favourite], episodes: @escaping @Sendable (String) -> (any EpisodesWorking)?,
                 seasons: (any SeasonsWorking)? = nil,
                 premiereDays: @escaping @Sendable () -> (days: [CalendarDate], recorded: Bool) = { ([], false) },
                 clock: any Clock<Duration> = ContinuousClock(), effects: RunningEffects = RunningEffects()) {
        self.scheduleLoader = ResourceLoader(clock: clock, effects: effects)
        self.upcomingLoader = ResourceLoader(clock: clock, effects: effects)
        self.premieresLoader = ResourceLoader(clock: clock, effects: effects)
        self.seasons = seasons
        self.premiereDays = premiereDays
        self.schedules = schedules
        self.country = country
        self.today = today
        self.favourites = favourites
        self.episodes = episodes
    }

    /// The order of the list: by air time, entries without one last; then by show name and id.
    nonisolated package static func airsBefore(_ a: ScheduleEntry, _ b: ScheduleEntry) -> Bool {
        switch (a.airstamp, b.airstamp) {
        case let (x?, y?) where x != y: return x < y
        case (_?, nil): return true
        case (nil, _?): return false
        default:
            let l = a.show.name.lowercased(), r = b.show.name.lowercased()
            return l != r ? l < r : (a.show.id, a.episode.id) < (b.show.id, b.episode.id)
        }
    }

    @discardableResult
    package func loadSchedule(request: Tonight.LoadSchedule.Request) -> Task<Void, Never> {
        let date = request.date ?? today()
        let country = self.country, schedules = self.schedules
        entries = []
        schedule = .init(country: country, date: date, entries: [], sources: [], isLoading: true, error: nil)
        return scheduleLoader.load({ Self.scheduleUpdates(schedules, country: country, date: date) }, receive: { [weak self] response in
            self?.schedule = response
            self?.entries = response.entries
        }, present: { [weak self] in
            self?.presentSchedule()
        }, retry: { [weak self] in
            self?.loadSchedule(request: request)
        })
    }

    package func cancel() {
        scheduleLoader.cancel()
        upcomingLoader.cancel()
        premieresLoader.cancel()
    }

    @discardableResult
    package func loadPremieres(request: Tonight.LoadPremieres.Request) -> Task<Void, Never> {
        let schedules = self.schedules, country = self.country, plan = premiereDays()
        premiereItems = []
        return premieresLoader.load({
            AsyncThrowingStream<Tonight.LoadPremieres.Response, any Error> { continuation in
                let task = Task {
                    var days: [Tonight.LoadPremieres.Day] = []
                    continuation.yield(Tonight.LoadPremieres.Response(days: [], asked: plan.days, isLoading: !plan.days.isEmpty, recorded: plan.recorded))
                    await PremiereDays.fetch(schedules, country: country, days: plan.days, recorded: plan.recorded) { day in
                        days.append(day)
                        continuation.yield(Tonight.LoadPremieres.Response(days: days, asked: plan.days, isLoading: days.count < plan.days.count, recorded: plan.recorded))
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }, receive: { [weak self] (response: Tonight.LoadPremieres.Response) in
            self?.premiereItems = response.days.flatMap(\.items)
            self?.presenter?.presentPremieres(response: response)
        }, present: {}, retry: { nil })
    }

    private func presentSchedule() {
        guard var response = schedule else { return }
        response.retryInSeconds = scheduleLoader.retryInSeconds
        presenter?.presentSchedule(response: response)
    }

    /// A day's schedules as updates (`fetchSchedule`'s), ending with the failure of one when
    /// one failed, so that a rate limit counts down and asks again.
    nonisolated static func scheduleUpdates(_ schedules: any ScheduleWorking, country: String, date: CalendarDate)
        -> AsyncThrowingStream<Tonight.LoadSchedule.Response, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                let last = await fetchSchedule(schedules, country: country, date: date) { continuation.yield($0) }
                if let error = last?.error { continuation.finish(throwing: error) } else { continuation.finish() }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// A day's two schedules, the country's then the streaming one, merged and sorted; both
    /// of one day. A source of recordings may answer with another day than the one asked for
    /// (its `Schedule.date` says which): then the day asked for is kept when the streaming
    /// schedule has it (the country's is left out), else the country's recorded day is shown
    /// with the streaming schedule of that same day, or without one when none was recorded.
    /// Two days are never mixed.
    /// - Parameters:
    ///   - schedules: the source.
    ///   - country: the broadcast schedule's country.
    ///   - date: the day.
    ///   - progress: called on the main actor after each schedule (the last call has
    ///     `isLoading` false); not called after cancellation. Without it nothing waits for
    ///     the main actor (a command line that blocks it while it waits can call this).
    /// - Returns: the last response, or nil when cancelled.
    @discardableResult
    nonisolated package static func fetchSchedule(_ schedules: any ScheduleWorking, country: String, date: CalendarDate,
                                                  progress: (@MainActor (Tonight.LoadSchedule.Response) -> Void)? = nil)
        async -> Tonight.LoadSchedule.Response? {
        var failure: SourceError?
        /// One schedule, or nil when there is none or it failed (the failure is kept).
        func ask(_ step: @Sendable () async throws -> Schedule?) async throws -> Schedule? {
            do {
                return try await step()
            } catch is CancellationError {
                throw CancellationError()
            } catch let error as SourceError {
                failure = failure ?? error
            } catch {
                failure = failure ?? .badData(provider: .tvmaze, reason: "the schedule could not be read")
            }
            return nil
        }
        func response(_ parts: [Schedule], loading: Bool, hasCountry: Bool, hasWeb: Bool) -> Tonight.LoadSchedule.Response {
            var response = Tonight.LoadSchedule.Response(country: country, date: date, entries: parts.flatMap(\.entries).sorted(by: airsBefore),
                                                         sources: parts.map { ($0.source, $0.date) }, isLoading: loading, error: failure)
            response.hasCountrySchedule = hasCountry
            response.hasWebSchedule = hasWeb
            return response
        }
        do {
            var broadcast = try await ask { try await schedules.schedule(countryCode: country, date: date) }
            if Task.isCancelled { return nil }
            if let progress { await progress(response(broadcast.map { [$0] } ?? [], loading: true, hasCountry: broadcast != nil, hasWeb: false)) }
            var web = try await ask { try await schedules.webSchedule(date: date) }
            if let shown = broadcast?.date, shown != date {
                if web?.date == date {
                    broadcast = nil
                } else {
                    web = try await ask { try await schedules.webSchedule(date: shown) }
                    if web?.date != shown { web = nil }
                }
            }
            if Task.isCancelled { return nil }
            let last = response([broadcast, web].compactMap { $0 }, loading: false, hasCountry: broadcast != nil, hasWeb: web != nil)
            if let progress { await progress(last) }
            return last
        } catch {
            return nil
        }
    }

    @discardableResult
    package func loadUpcoming(request: Tonight.LoadUpcoming.Request) -> Task<Void, Never> {
        let episodes = self.episodes, favourites = self.favourites, seasons = self.seasons
        return upcomingLoader.load({
            AsyncThrowingStream { continuation in
                let task = Task { @MainActor in
                    let shows = await favourites()
                    await Self.fetchUpcoming(shows, episodes: episodes, seasons: seasons) { continuation.yield($0) }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }, receive: { [weak self] response in
            self?.items = response.items
            self?.presenter?.presentUpcoming(response: response)
        }, present: {}, retry: { nil })
    }

    /// Each favourite show's next episode, asked one show at a time.
    /// - Parameters:
    ///   - favourites: the favourites (places are left out).
    ///   - episodes: the source of next episodes for a provider; nil when it cannot tell.
    ///   - seasons: TVmaze's seasons, asked for a TVmaze show's next episode (its season's
    ///     episode order); nil to ask none. A failure leaves the order unknown.
    ///   - progress: called on the main actor before the first answer and after each.
    /// - Returns: the last response, or nil when cancelled.
    @discardableResult
    nonisolated package static func fetchUpcoming(_ favourites: [Favourite], episodes: @escaping @Sendable (String) -> (any EpisodesWorking)?,
                                                  seasons: (any SeasonsWorking)? = nil,
                                                  progress: (@MainActor (Tonight.LoadUpcoming.Response) -> Void)? = nil)
        async -> Tonight.LoadUpcoming.Response? {
        var items: [Tonight.LoadUpcoming.Item] = []
        var unsupported = 0
        var asks: [(TVShow, any EpisodesWorking, Bool)] = []
        for favourite in favourites where favourite.key.kind == .show {
            guard let id = Int(favourite.key.id), let worker = episodes(favourite.key.provider) else {
                unsupported += 1
                continue
            }
            asks.append((TVShow(id: id, name: favourite.name), worker, favourite.key.provider == ProviderName.tvmaze.name))
        }
        var last = Tonight.LoadUpcoming.Response(items: [], isLoading: !asks.isEmpty, unsupported: unsupported)
        if let progress { await progress(last) }
        for (index, (show, worker, isTVmaze)) in asks.enumerated() {
            do {
                if let pair = try await worker.nextAndPreviousEpisode(showID: show.id) {
                    var order: Int?
                    if let next = pair.next, isTVmaze, let seasons, !next.isSeasonFinale {
                        order = (try? await seasons.seasons(showID: show.id))??.first { $0.number == next.season }?.episodeCount
                    }
                    items.append(.init(show: show, next: pair.next, error: nil, episodeOrder: order))
                } else {
                    unsupported += 1
                }
            } catch is CancellationError {
                return nil
            } catch let error as SourceError {
                items.append(.init(show: show, next: nil, error: error))
            } catch {
                items.append(.init(show: show, next: nil, error: .badData(provider: .tvmaze, reason: "the next episode could not be read")))
            }
            if Task.isCancelled { return nil }
            last = .init(items: items, isLoading: index < asks.count - 1, unsupported: unsupported)
            if let progress { await progress(last) }
        }
        return last
    }

    package func openShow(request: Tonight.OpenShow.Request) -> Bool {
        switch request.listing {
        case .tonight:
            guard let entry = entries.first(where: { String($0.episode.id) == request.id }) else { return false }
            selectedShow = entry.show
        case .upcoming:
            guard let item = items.first(where: { Tonight.upcomingRowID($0) == request.id }) else { return false }
            selectedShow = item.show
        case .premieres:
            guard let item = premiereItems.first(where: { Tonight.premiereRowID($0) == request.id }) else { return false }
            selectedShow = item.entry.show
        }
        return true
    }
}

extension Tonight {
    /// The id of an Upcoming row: the show's id (one row a show).
    package static func upcomingRowID(_ item: LoadUpcoming.Item) -> String { "show-\(item.show.id)" }
    /// The id of a New this week row: the episode's id.
    package static func premiereRowID(_ item: PremiereDays.Item) -> String { "premiere-\(item.entry.episode.id)" }
}
