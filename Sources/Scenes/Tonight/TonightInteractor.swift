import Domain
import FoundationEssentials

/// The Tonight scene's business logic: fetches a day's schedules (a country's broadcast TV,
/// then the worldwide streaming one) and the favourite shows' next episodes, and keeps the
/// show chosen with Enter. Each use case runs in one Task, returned so callers can await it;
/// a new request cancels the one it replaces.
@MainActor
package final class TonightInteractor: TonightBusinessLogic, TonightDataStore {
    package var presenter: TonightPresentationLogic?
    package private(set) var selectedShow: TVShow?

    private let schedules: any ScheduleWorking
    private let country: String
    private let today: @Sendable () -> CalendarDate
    private let favourites: @MainActor () async -> [Favourite]
    private let episodes: @Sendable (String) -> (any EpisodesWorking)?
    private var entries: [ScheduleEntry] = []
    private var items: [Tonight.LoadUpcoming.Item] = []
    private var scheduleTask: Task<Void, Never>?
    private var upcomingTask: Task<Void, Never>?

    /// Makes an Interactor.
    /// - Parameters:
    ///   - schedules: the day schedules' source.
    ///   - country: the ISO 3166-1 alpha-2 code of the broadcast schedule.
    ///   - today: the viewer's calendar day (for a request without a date).
    ///   - favourites: the favourites, read when Upcoming loads.
    ///   - episodes: the source of next episodes for a favourite's provider (`TVmaze`, `TMDB`);
    ///     nil when that provider cannot tell.
    package init(schedules: any ScheduleWorking, country: String, today: @escaping @Sendable () -> CalendarDate,
                 favourites: @escaping @MainActor () async -> [Favourite], episodes: @escaping @Sendable (String) -> (any EpisodesWorking)?) {
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
        scheduleTask?.cancel()
        let date = request.date ?? today()
        let country = self.country, schedules = self.schedules
        entries = []
        presenter?.presentSchedule(response: .init(country: country, date: date, entries: [], sources: [], isLoading: true, error: nil))
        let task = Task { [weak self] () -> Void in
            await Self.fetchSchedule(schedules, country: country, date: date) { response in
                guard !Task.isCancelled, let self else { return }
                self.entries = response.entries
                self.presenter?.presentSchedule(response: response)
            }
        }
        scheduleTask = task
        return task
    }

    /// A day's two schedules, the country's then the streaming one, merged and sorted.
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
        var collected: [ScheduleEntry] = []
        var sources: [(source: DataSource, date: CalendarDate)] = []
        var failure: SourceError?
        var last: Tonight.LoadSchedule.Response?
        let steps: [@Sendable () async throws -> Schedule?] = [
            { try await schedules.schedule(countryCode: country, date: date) },
            { try await schedules.webSchedule(date: date) },
        ]
        for (index, step) in steps.enumerated() {
            do {
                if let schedule = try await step() {
                    collected += schedule.entries
                    sources.append((schedule.source, schedule.date))
                }
            } catch is CancellationError {
                return nil
            } catch let error as SourceError {
                failure = failure ?? error
            } catch {
                failure = failure ?? .badData(provider: "TVmaze", reason: "the schedule could not be read")
            }
            if Task.isCancelled { return nil }
            collected.sort(by: airsBefore)
            let response = Tonight.LoadSchedule.Response(country: country, date: date, entries: collected, sources: sources,
                                                         isLoading: index < steps.count - 1, error: failure)
            last = response
            if let progress { await progress(response) }
        }
        return last
    }

    @discardableResult
    package func loadUpcoming(request: Tonight.LoadUpcoming.Request) -> Task<Void, Never> {
        upcomingTask?.cancel()
        let episodes = self.episodes
        let task = Task { [weak self] () -> Void in
            guard let self else { return }
            let shows = await self.favourites()
            await Self.fetchUpcoming(shows, episodes: episodes) { [weak self] response in
                guard !Task.isCancelled, let self else { return }
                self.items = response.items
                self.presenter?.presentUpcoming(response: response)
            }
        }
        upcomingTask = task
        return task
    }

    /// Each favourite show's next episode, asked one show at a time.
    /// - Parameters:
    ///   - favourites: the favourites (places are left out).
    ///   - episodes: the source of next episodes for a provider; nil when it cannot tell.
    ///   - progress: called on the main actor before the first answer and after each.
    /// - Returns: the last response, or nil when cancelled.
    @discardableResult
    nonisolated package static func fetchUpcoming(_ favourites: [Favourite], episodes: @escaping @Sendable (String) -> (any EpisodesWorking)?,
                                                  progress: (@MainActor (Tonight.LoadUpcoming.Response) -> Void)? = nil)
        async -> Tonight.LoadUpcoming.Response? {
        var items: [Tonight.LoadUpcoming.Item] = []
        var unsupported = 0
        var asks: [(TVShow, any EpisodesWorking)] = []
        for favourite in favourites where favourite.key.kind == .show {
            guard let id = Int(favourite.key.id), let worker = episodes(favourite.key.provider) else {
                unsupported += 1
                continue
            }
            asks.append((TVShow(id: id, name: favourite.name), worker))
        }
        var last = Tonight.LoadUpcoming.Response(items: [], isLoading: !asks.isEmpty, unsupported: unsupported)
        if let progress { await progress(last) }
        for (index, (show, worker)) in asks.enumerated() {
            do {
                if let pair = try await worker.nextAndPreviousEpisode(showID: show.id) {
                    items.append(.init(show: show, next: pair.next, error: nil))
                } else {
                    unsupported += 1
                }
            } catch is CancellationError {
                return nil
            } catch let error as SourceError {
                items.append(.init(show: show, next: nil, error: error))
            } catch {
                items.append(.init(show: show, next: nil, error: .badData(provider: "TVmaze", reason: "the next episode could not be read")))
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
        }
        return true
    }
}

extension Tonight {
    /// The id of an Upcoming row: the show's id (one row a show).
    package static func upcomingRowID(_ item: LoadUpcoming.Item) -> String { "show-\(item.show.id)" }
}
