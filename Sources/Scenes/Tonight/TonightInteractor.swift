import Domain
import FoundationEssentials

/// The Tonight scene's business logic: fetches a day's schedules (a country's broadcast TV,
/// then the worldwide streaming one) and the favourite shows' next episodes, and keeps the
/// show chosen with Enter. Each list loads through a `ResourceLoader`: its Task is returned so
/// callers can await it, and tracked; a new request cancels the one it replaces; a schedule
/// that is rate limited counts down (`RetryCountdown`) and is asked again by itself; leaving
/// the scene (`cancel()`) stops both loads and the countdown. The episodes marked watched are
/// read for the shows the lists hold, and `w` and `u` change them (`TonightInteractor+Watched`).
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
    private var entries: [ScheduleEntry] = []
    private var items: [Tonight.LoadUpcoming.Item] = []
    var schedule: Tonight.LoadSchedule.Response?
    var upcoming: Tonight.LoadUpcoming.Response?
    var premieres: Tonight.LoadPremieres.Response?
    /// Each list's episode rows by id: the show, its provider and the episode.
    var targets: [Tonight.Listing: [String: Tonight.Target]] = [:]
    private let scheduleLoader: ResourceLoader
    private let upcomingLoader: ResourceLoader
    private let premieresLoader: ResourceLoader
    /// The watched episodes; nil for none (`w` then says so).
    let watchedWorker: (any WatchedWorking)?
    /// Whether the watched episodes' database exists (reading marks must not make one).
    let hasWatchedStore: @Sendable () -> Bool
    /// The wall clock, for a mark's time.
    let wallClock: @Sendable () -> Date
    let effects: RunningEffects
    /// What is known of the marks: plays by episode, the shows read, the started shows.
    var marks = Tonight.Marks()

    /// Makes an Interactor.
    /// - Parameters:
    ///   - schedules: the day schedules' source.
    ///   - country: the ISO 3166-1 alpha-2 code of the broadcast schedule.
    ///   - today: the viewer's calendar day (for a request without a date).
    ///   - favourites: the favourites, read when Upcoming loads.
    ///   - episodes: the source of next episodes for a favourite's provider (`TVmaze`, `TMDB`);
    ///     nil when that provider cannot tell.
    ///   - seasons: TVmaze's seasons (episode order, premiere and end days), asked for each
    ///     TVmaze favourite's next episode on Upcoming (`FINALE`) and for each later season on
    ///     New this week (`ReturningSeason`); nil to ask none.
    ///   - premiereDays: the days of New this week and whether they are recordings.
    ///   - watched: the watched episodes (`w`, `u`, the dim rows); nil for none.
    ///   - hasWatchedStore: whether the watched database exists; until it does no mark is read.
    ///   - now: the wall clock, for a mark's time.
    ///   - clock: the clock a rate limit's countdown runs on (tests pass one that does not wait).
    ///   - effects: where the use cases' tasks are tracked.
    package init(
        schedules: any ScheduleWorking, country: String, today: @escaping @Sendable () -> CalendarDate,
        favourites: @escaping @MainActor () async -> [Favourite], episodes: @escaping @Sendable (String) -> (any EpisodesWorking)?,
        seasons: (any SeasonsWorking)? = nil,
        premiereDays: @escaping @Sendable () -> (days: [CalendarDate], recorded: Bool) = { ([], false) },
        watched: (any WatchedWorking)? = nil, hasWatchedStore: @escaping @Sendable () -> Bool = { true },
        now: @escaping @Sendable () -> Date = { Date() },
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
        self.watchedWorker = watched
        self.hasWatchedStore = hasWatchedStore
        self.wallClock = now
        self.effects = effects
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
                guard let self else { return }
                self.schedule = response
                self.entries = response.entries
                self.targets[.tonight] = Dictionary(
                    response.entries.map { (String($0.episode.id), Tonight.Target(show: $0.show, provider: ProviderName.tvmaze.name, episode: $0.episode)) },
                    uniquingKeysWith: { first, _ in first })
                self.readMarks(of: response.entries.map { WatchedShowID(provider: ProviderName.tvmaze.name, id: $0.show.id) })
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
        let schedules = self.schedules, country = self.country, plan = premiereDays(), seasons = self.seasons
        return premieresLoader.load(
            {
                AsyncThrowingStream<Tonight.LoadPremieres.Response, any Error> { continuation in
                    let task = Task {
                        var days: [Tonight.LoadPremieres.Day] = []
                        continuation.yield(Tonight.LoadPremieres.Response(days: [], asked: plan.days, isLoading: !plan.days.isEmpty, recorded: plan.recorded))
                        await PremiereDays.fetch(schedules, country: country, days: plan.days, recorded: plan.recorded, seasons: seasons) { day in
                            days.append(day)
                            continuation.yield(Tonight.LoadPremieres.Response(days: days, asked: plan.days, isLoading: days.count < plan.days.count, recorded: plan.recorded))
                        }
                        continuation.finish()
                    }
                    continuation.onTermination = { _ in task.cancel() }
                }
            },
            receive: { [weak self] (response: Tonight.LoadPremieres.Response) in
                guard let self else { return }
                var targets: [String: Tonight.Target] = [:]
                for item in response.days.flatMap(\.items) {
                    for entry in [item.entry] + item.drop {
                        targets[Tonight.premiereRowID(entry)] = Tonight.Target(show: entry.show, provider: ProviderName.tvmaze.name, episode: entry.episode)
                    }
                }
                self.targets[.premieres] = targets
                self.premieres = response
                self.readMarks(of: targets.values.map { WatchedShowID(provider: $0.provider, id: $0.show.id) })
                self.presentPremieres()
            }, present: {}, retry: { nil })
    }

    func presentSchedule() {
        guard var response = schedule else { return }
        response.retryInSeconds = scheduleLoader.retryInSeconds
        response.watched = marks.watched
        presenter?.presentSchedule(response: response)
    }

    func presentUpcoming() {
        guard var response = upcoming else { return }
        response.watched = marks.watched
        presenter?.presentUpcoming(response: response)
    }

    func presentPremieres() {
        guard var response = premieres else { return }
        response.watched = marks.watched
        presenter?.presentPremieres(response: response)
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
            receive: { [weak self] (found: UpcomingEpisodes) in
                guard let self else { return }
                self.items = found.items
                self.upcoming = Tonight.LoadUpcoming.Response(found)
                self.targets[.upcoming] = Dictionary(
                    found.items.compactMap { item in item.next.map { (Tonight.upcomingRowID(item), Tonight.Target(show: item.show, provider: item.provider, episode: $0)) } },
                    uniquingKeysWith: { first, _ in first })
                self.readMarks(of: found.items.map { WatchedShowID(provider: $0.provider, id: $0.show.id) })
                self.presentUpcoming()
            }, present: {}, retry: { nil })
    }

    package func openShow(request: Tonight.OpenShow.Request) -> Bool {
        switch request.listing {
        case .tonight:
            guard let entry = entries.first(where: { String($0.episode.id) == request.id }) else { return false }
            selectedShow = entry.show
        case .upcoming:
            guard let item = items.first(where: { Tonight.upcomingRowID($0) == request.id || request.id.hasPrefix(Tonight.changedRowPrefix($0)) })
            else { return false }
            selectedShow = item.show
        case .premieres:
            guard let target = targets[.premieres]?[request.id] else { return false }
            selectedShow = target.show
        }
        return true
    }
}

extension Tonight {
    /// The id of an Upcoming row: the show's id (one row a show).
    package static func upcomingRowID(_ item: LoadUpcoming.Item) -> String { "show-\(item.show.id)" }
    /// The start of the ids of an Upcoming show's "What changed" rows (`changed-82-`, then the change's index).
    package static func changedRowPrefix(_ item: LoadUpcoming.Item) -> String { "changed-\(item.show.id)-" }
    /// The id of a New this week row: the premiere's episode id.
    package static func premiereRowID(_ item: PremiereDays.Item) -> String { premiereRowID(item.entry) }
    /// The id of a New this week episode row: its episode id.
    package static func premiereRowID(_ entry: ScheduleEntry) -> String { "premiere-\(entry.episode.id)" }
    /// The id of a folded row: its show, season and day (`drop-82-2-2024-01-01`), on any list.
    package static func dropRowID(_ key: SeasonDrop.Key) -> String { "drop-\(key.show)-\(key.season)-\(key.day)" }

    /// The episode a row stands for: its show, the show's provider, the episode.
    package struct Target: Sendable {
        /// The show.
        package let show: TVShow
        /// The show's provider (`ProviderName.tvmaze.name` for the schedules).
        package let provider: String
        /// The episode.
        package let episode: Episode
    }
}
