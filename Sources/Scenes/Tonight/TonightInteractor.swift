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
    package init(
        schedules: any ScheduleWorking, country: String, today: @escaping @Sendable () -> CalendarDate,
        favourites: @escaping @MainActor () async -> [Favourite], episodes: @escaping @Sendable (String) -> (any EpisodesWorking)?,
        seasons: (any SeasonsWorking)? = nil,
        premiereDays: @escaping @Sendable () -> (days: [CalendarDate], recorded: Bool) = { ([], false) },
        clock: any Clock<Duration> = ContinuousClock(), effects: RunningEffects = RunningEffects()
    ) {
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

    @discardableResult
    package func loadSchedule(request: Tonight.LoadSchedule.Request) -> Task<Void, Never> {
        let date = request.date ?? today()
        let country = self.country, schedules = self.schedules
        entries = []
        schedule = .init(country: country, date: date, entries: [], sources: [], isLoading: true, error: nil)
        return scheduleLoader.load(
            { Self.scheduleUpdates(schedules, country: country, date: date) },
            receive: { [weak self] response in
                self?.schedule = response
                self?.entries = response.entries
            },
            present: { [weak self] in
                self?.presentSchedule()
            },
            retry: { [weak self] in
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
        return premieresLoader.load(
            {
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
            },
            receive: { [weak self] (response: Tonight.LoadPremieres.Response) in
                self?.premiereItems = response.days.flatMap(\.items)
                self?.presenter?.presentPremieres(response: response)
            }, present: {}, retry: { nil })
    }

    private func presentSchedule() {
        guard var response = schedule else { return }
        response.retryInSeconds = scheduleLoader.retryInSeconds
        presenter?.presentSchedule(response: response)
    }

    /// A day's schedules as updates (`DaySchedule.fetch`'s), ending with the failure of one when
    /// one failed, so that a rate limit counts down and asks again.
    nonisolated static func scheduleUpdates(_ schedules: any ScheduleWorking, country: String, date: CalendarDate)
        -> AsyncThrowingStream<Tonight.LoadSchedule.Response, any Error>
    {
        AsyncThrowingStream { continuation in
            let task = Task {
                let last = await DaySchedule.fetch(schedules, country: country, date: date) { continuation.yield(.init($0)) }
                if let error = last?.error { continuation.finish(throwing: error) } else { continuation.finish() }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    @discardableResult
    package func loadUpcoming(request: Tonight.LoadUpcoming.Request) -> Task<Void, Never> {
        let episodes = self.episodes, favourites = self.favourites, seasons = self.seasons
        return upcomingLoader.load(
            {
                AsyncThrowingStream { continuation in
                    let task = Task { @MainActor in
                        let shows = await favourites()
                        await UpcomingEpisodes.fetch(shows, episodes: episodes, seasons: seasons) { continuation.yield($0) }
                        continuation.finish()
                    }
                    continuation.onTermination = { _ in task.cancel() }
                }
            },
            receive: { [weak self] response in
                self?.items = response.items
                self?.presenter?.presentUpcoming(response: response)
            }, present: {}, retry: { nil })
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
