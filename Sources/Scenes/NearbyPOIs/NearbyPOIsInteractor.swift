import Domain
import FoundationEssentials

/// The NearbyPOIs scene's business logic: searches a `POIsWorking` around a centre within a
/// radius, page by page, keeps the places nearest first (computing a distance the source left
/// out), filters them by name, moves the centre to a city, and remembers the place shown.
///
/// Pages load through a `PageLoader`: a new search restarts it, cancelling the page loads it
/// supersedes, and a new city search cancels the one before it. Searches that follow the
/// person's changes (radius, category, city) wait `debounce` first, so that only the last of
/// quick changes is sent. A source that rate-limits is asked again by itself once its
/// `Retry-After` has passed (`RetryCountdown`, counting the seconds down on screen). Each use
/// case that starts work returns its task.
///
/// Its state is held in values with their own rules: the places and the name filter
/// (`NearbyPlacesList`), their opening hours (`PlaceHoursReader`), the city search
/// (`CitySearchState`) and the streets under the map (`StreetsLoadState`).
@MainActor
package final class NearbyPOIsInteractor: NearbyPOIsBusinessLogic, NearbyPOIsDataStore {
    package typealias NearbyPOI = NearbyPOIs.LoadPOIs.Response.NearbyPOI

    package var presenter: NearbyPOIsPresentationLogic?
    private let worker: any POIsWorking
    private let fallbackReasons: @Sendable () async -> [SourceError]
    private let retryLiveSource: @Sendable () async -> Void
    private let offlineCities: any CitySearching
    private let onlineCities: (any CitySearching)?
    private let onlineCitiesProvider: String?

    // The search.
    package private(set) var center: Coordinate
    private(set) var city: City?
    private var defaultAreaName: String?
    private let snapshotAreaNames: [String]
    private let snapshotAreas: [POIArea]
    private(set) var radiusMeters: Double
    private(set) var category: POICategory?

    // The list.
    private var list = NearbyPlacesList()
    /// The places loaded, nearest first.
    package var places: [NearbyPOI] { list.places }
    private var hours: PlaceHoursReader
    private var openNowOnly = false
    private var openOnArrival = false
    private let now: @Sendable () -> Date
    private var source: DataSource?
    private var fallback: [SourceError] = []
    private var error: SourceError?
    private var isLoading = false
    private var isLoadingMore = false
    private var didLoad = false
    /// The pages' loads: generation, tasks, next page, failed page.
    private let loader = PageLoader()
    /// A rate limit's wait before the search or the refused page goes again.
    private let countdown: RetryCountdown
    private let clock: any Clock<Duration>
    private let debounce: Duration
    /// Where the use cases' tasks are tracked.
    private let effects: RunningEffects

    // City search.
    private var citySearch: CitySearchState
    private var cityTask: Task<Void, Never>?

    // The streets under the map.
    private let streetsWorker: (any StreetsWorking)?
    private var streets = StreetsLoadState()
    private var walks: PlaceWalks

    package private(set) var selectedPOI: POI?

    /// Makes an Interactor.
    /// - Parameters:
    ///   - start: where to search first, and the cities of an ambiguous `--city`.
    ///   - worker: the source of places.
    ///   - fallbackReasons: why each live source was given up, asked after each first page.
    ///   - retryLiveSource: goes back to the live source after a fallback (on `r`).
    ///   - offlineCities: the type-ahead city search (the embedded GeoNames list).
    ///   - onlineCities: a live geocoder asked on request, or nil when offline.
    ///   - onlineCitiesProvider: the live geocoder's name, for example `Nominatim`.
    ///   - debounce: how long a search after a change of radius, category or city waits for
    ///     a further change before it is sent (default 250 ms).
    ///   - clock: the clock the debounce and the rate-limit countdown wait on (tests pass one
    ///     that does not wait).
    ///   - now: the clock the opening hours are read at (tests pass a fixed one).
    ///   - placeClock: wall times in the places' zones, and in the viewer's for a place whose
    ///     own zone is unknown.
    ///   - effects: where the use cases' tasks are tracked.
    ///   - streetsWorker: the source of the streets drawn under the map, asked after the
    ///     places are shown; nil for none (the map's ring alone).
    package init(
        start: NearbyPOIs.Start, worker: any POIsWorking,
        fallbackReasons: @escaping @Sendable () async -> [SourceError] = { [] },
        retryLiveSource: @escaping @Sendable () async -> Void = {},
        offlineCities: any CitySearching, onlineCities: (any CitySearching)? = nil, onlineCitiesProvider: String? = nil,
        debounce: Duration = NearbyPOIs.searchDebounce, clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() }, placeClock: any POIClockWorking,
        effects: RunningEffects = RunningEffects(), streetsWorker: (any StreetsWorking)? = nil
    ) {
        self.worker = worker
        self.streetsWorker = streetsWorker
        self.now = now
        self.hours = PlaceHoursReader(placeClock: placeClock)
        self.snapshotAreas = start.snapshotAreas
        self.debounce = debounce
        self.clock = clock
        self.countdown = RetryCountdown(clock: clock)
        self.effects = effects
        self.fallbackReasons = fallbackReasons
        self.retryLiveSource = retryLiveSource
        self.offlineCities = offlineCities
        self.onlineCities = onlineCities
        self.onlineCitiesProvider = onlineCities == nil ? nil : onlineCitiesProvider
        self.center = start.center
        self.city = start.city
        self.defaultAreaName = start.defaultAreaName
        self.snapshotAreaNames = start.snapshotAreaNames
        self.radiusMeters = start.radiusMeters
        self.category = start.category
        self.citySearch = CitySearchState(start: start)
        self.walks = PlaceWalks(pace: start.walkingPace)
    }

    // MARK: Places

    @discardableResult
    package func loadPOIs(request: NearbyPOIs.LoadPOIs.Request) -> Task<Void, Never> {
        if !didLoad {
            didLoad = true
            if citySearch.ambiguousName != nil { presentCities(isSearching: false, online: false, error: nil) }
        } else if !request.reload && (isLoading || !places.isEmpty) {
            present()
            return .nothing
        }
        if request.reload { streets.forgetAsked() }
        return effects.track(search(keepingPOIs: request.reload, retryLive: request.reload))
    }

    @discardableResult
    package func loadNextPage(request: NearbyPOIs.LoadNextPage.Request) -> Task<Void, Never> {
        guard loader.hasMore, !isLoading, !isLoadingMore, !places.isEmpty, !countdown.isCounting else { return .nothing }
        return effects.track(startNextPage())
    }

    private func startNextPage() -> Task<Void, Never> {
        countdown.stop()
        isLoadingMore = true
        error = nil
        present()
        return fetch(page: loader.nextPage, replacing: false, retryLive: false)
    }

    @discardableResult
    package func changeRadius(request: NearbyPOIs.ChangeRadius.Request) -> Task<Void, Never> {
        guard let radius = NearbyPOIs.radiusStep(from: radiusMeters, wider: request.wider) else {
            presenter?.presentRadiusLimit(response: .init(radiusMeters: radiusMeters, wider: request.wider))
            return .nothing
        }
        radiusMeters = radius
        // The places already found stay on screen until the new ones arrive.
        return effects.track(search(keepingPOIs: true, retryLive: false, debounced: true))
    }

    @discardableResult
    package func chooseCategory(request: NearbyPOIs.ChooseCategory.Request) -> Task<Void, Never> {
        var chosen: POICategory?
        if let id = request.id {
            guard let known = POICategory(rawValue: id) else { return .nothing }
            chosen = known
        }
        guard chosen != category else { return .nothing }
        category = chosen
        return effects.track(search(keepingPOIs: false, retryLive: false, debounced: true))
    }

    package func filterPOIs(request: NearbyPOIs.FilterPOIs.Request) {
        list.filter(by: request.query)
        present()
    }

    package func toggleOpenNow(request: NearbyPOIs.ToggleOpenNow.Request) {
        // `o` flips "open now"; `O` flips "open when I get there", and each replaces the other.
        if openNowOnly && openOnArrival == request.onArrival {
            openNowOnly = false
        } else {
            openNowOnly = true
        }
        openOnArrival = openNowOnly && request.onArrival
        present()
    }

    /// Moves the centre to a city (chosen in the city search) and searches around it.
    /// - Returns: the search's task.
    private func moveCenter(to chosen: City) -> Task<Void, Never> {
        city = chosen
        defaultAreaName = nil
        center = chosen.coordinate
        list.clearQuery()
        return search(keepingPOIs: false, retryLive: false, debounced: true)
    }

    /// Starts a new search from page 0, after `debounce` when `debounced`.
    /// - Returns: the search's task.
    private func search(keepingPOIs: Bool, retryLive: Bool, debounced: Bool = false) -> Task<Void, Never> {
        countdown.stop()
        loader.restart()
        isLoading = true
        isLoadingMore = false
        error = nil
        if !keepingPOIs { list.removeAll() }
        present()
        return fetch(page: 0, replacing: true, retryLive: retryLive, after: debounced ? debounce : .zero)
    }

    private func fetch(page: Int, replacing: Bool, retryLive: Bool, after delay: Duration = .zero) -> Task<Void, Never> {
        let worker = self.worker
        let fallbackReasons = self.fallbackReasons
        let retryLiveSource = self.retryLiveSource
        let center = self.center, radius = self.radiusMeters, category = self.category
        let clock = self.clock
        return loader.load(
            page: page,
            { [weak self] generation in
                // A later change cancels this task during the wait: only the last is sent.
                if delay > .zero { try await clock.sleep(for: delay) }
                if retryLive { await retryLiveSource() }
                let result = try await worker.nearbyPOIs(near: center, radiusMeters: radius, category: category, page: page)
                let reasons = page == 0 ? await fallbackReasons() : []
                self?.receive(result, center: center, replacing: replacing, fallback: reasons, generation: generation)
            },
            failed: { [weak self] error in
                self?.fail(error, page: page)
            })
    }

    private func receive(_ result: PagedResult<POI>, center: Coordinate, replacing: Bool, fallback: [SourceError], generation: Int) {
        guard loader.isCurrent(generation) else { return }
        list.merge(result.items, from: center, replacing: replacing)
        if replacing { hours.forget() }
        loader.advance(pastPage: result.page, hasMore: result.hasMore)
        loader.clearFailure()
        source = result.source
        if result.page == 0 { self.fallback = fallback }
        isLoading = false
        isLoadingMore = false
        error = nil
        present()
        if result.page == 0 { loadStreetsIfNeeded() }
    }

    /// A page failed: the places stay, the error is shown, and a rate limit counts down to
    /// asking again: the search from page 0, or the page that was refused.
    /// - Returns: the countdown's task, for a rate limit.
    private func fail(_ error: SourceError, page: Int) -> Task<Void, Never>? {
        isLoading = false
        isLoadingMore = false
        self.error = error
        var countdownTask: Task<Void, Never>?
        if case .rateLimited(_, let seconds) = error {
            countdownTask = countdown.start(
                retryAfter: seconds,
                tick: { [weak self] _ in
                    self?.present()
                },
                retry: { [weak self] in
                    guard let self else { return nil }
                    return page == 0 ? self.search(keepingPOIs: true, retryLive: false) : self.startNextPage()
                })
        }
        present()
        return countdownTask
    }

    private func present() {
        let date = now()
        let zone = city?.timeZone
        var moments: [String: WeekTime] = [:]
        var shown = list.matching.map { withWalk(hours.withHours($0, at: date, cityZone: zone, moments: &moments), leaving: date) }
        var hiddenByOpenNow = 0
        if openNowOnly {
            let open = openOnArrival ? shown.filter { hours.isOpenOnArrival($0, leaving: date, cityZone: zone) } : shown.filter(PlaceHoursReader.isOpen)
            hiddenByOpenNow = shown.count - open.count
            shown = open
        }
        presenter?.presentPOIs(
            response: .init(
                places: shown, totalCount: list.places.count, query: list.query,
                center: center, city: city, defaultAreaName: defaultAreaName, snapshotAreaNames: snapshotAreaNames, radiusMeters: radiusMeters, category: category,
                source: source, fallbackReasons: fallback, isLoading: isLoading, isLoadingMore: isLoadingMore,
                hasMore: loader.hasMore, error: error, retryInSeconds: countdown.remainingSeconds,
                openNowOnly: openNowOnly, hiddenByOpenNow: hiddenByOpenNow, snapshotAreas: snapshotAreas, openOnArrival: openOnArrival
            ))
    }

    // MARK: A place's details

    package func showPOIDetails(request: NearbyPOIs.ShowPOIDetails.Request) {
        guard let place = list.places.first(where: { $0.poi.id == request.id }) else { return }
        selectedPOI = place.poi
        presentDetails(of: place, isUpdate: false)
    }

    /// Presents a place's details with its walk (or why there is none yet): `isUpdate` when the streets arrived.
    private func presentDetails(of place: NearbyPOIs.LoadPOIs.Response.NearbyPOI, isUpdate: Bool) {
        let date = now(), walked = withWalk(hours.withHours(place, at: date, cityZone: city?.timeZone), leaving: date)
        presenter?.presentPOIDetails(response: .init(place: walked, streetsLoading: streets.isLoading, isUpdate: isUpdate))
    }

    /// A place with its walk by the streets, and whether it is open when one arrives.
    private func withWalk(_ place: NearbyPOIs.LoadPOIs.Response.NearbyPOI, leaving date: Date) -> NearbyPOIs.LoadPOIs.Response.NearbyPOI {
        var walked = walks.withWalk(place, from: center)
        if walked.walk != nil, walked.hours?.parsed != nil {
            walked.openOnArrival = hours.isOpenOnArrival(walked, leaving: date, cityZone: city?.timeZone)
        }
        return walked
    }

    // MARK: The city search: type-ahead over the embedded list, a live geocoder on request

    @discardableResult
    package func searchCities(request: NearbyPOIs.SearchCities.Request) -> Task<Void, Never> {
        cityTask?.cancel()
        let text = request.text
        let generation = citySearch.begin(text)
        let online = request.online && onlineCities != nil
        let searcher: any CitySearching = online ? (onlineCities ?? offlineCities) : offlineCities
        guard !text.trimming(.whitespaces).isEmpty else {
            citySearch.clear()
            presentCities(isSearching: false, online: false, error: nil)
            return .nothing
        }
        if online { presentCities(isSearching: true, online: true, error: nil) }
        let task = Task { [weak self] in
            do {
                let found = try await searcher.searchCitiesReportingFallback(matching: text, limit: online ? 10 : 12)
                self?.receiveCities(found.cities, online: online, error: found.fallbackReason, generation: generation)
            } catch is CancellationError {
                return
            } catch {
                let failure = (error as? SourceError) ?? .unreachable(provider: .unnamed("city search"), reason: String(describing: type(of: error)))
                self?.receiveCities([], online: online, error: failure, generation: generation)
            }
        }
        cityTask = task
        return effects.track(task)
    }

    @discardableResult
    package func chooseCity(request: NearbyPOIs.ChooseCity.Request) -> Task<Void, Never> {
        guard let chosen = citySearch.choose(id: request.id) else { return .nothing }
        cityTask?.cancel()
        return effects.track(moveCenter(to: chosen))
    }

    private func receiveCities(_ found: [City], online: Bool, error: SourceError?, generation: Int) {
        guard citySearch.receive(found, generation: generation) else { return }
        presentCities(isSearching: false, online: online, error: error)
    }

    private func presentCities(isSearching: Bool, online: Bool, error: SourceError?) {
        presenter?.presentCities(response: citySearch.response(isSearching: isSearching, online: online, provider: onlineCitiesProvider, error: error))
    }

    // MARK: The streets under the map

    /// Asks the streets once the first page of places is shown (so the list never waits for
    /// them), within the radius up to `StreetMap.maximumRadiusMeters`, unless they are loaded
    /// or already asked; presents them, or the failure (the map keeps its ring).
    /// - Returns: the request's task, or nil when nothing is asked.
    @discardableResult
    private func loadStreetsIfNeeded() -> Task<Void, Never>? {
        guard let streetsWorker else { return nil }
        let center = self.center, radius = min(radiusMeters, StreetMap.maximumRadiusMeters)
        guard streets.ask(center: center, radiusMeters: radius) else { return nil }
        let task = Task { [weak self] in
            do {
                let map = try await streetsWorker.streets(near: center, radiusMeters: radius)
                self?.receiveStreets(map, error: nil, center: center, radiusMeters: radius)
            } catch is CancellationError {
                return
            } catch {
                let failure = (error as? SourceError) ?? .unreachable(provider: .unnamed("streets"), reason: String(describing: type(of: error)))
                self?.receiveStreets(nil, error: failure, center: center, radiusMeters: radius)
            }
        }
        return effects.track(task)
    }

    private func receiveStreets(_ map: StreetMap?, error: SourceError?, center: Coordinate, radiusMeters: Double) {
        guard streets.receive(map, center: center, radiusMeters: radiusMeters) else { return }
        presenter?.presentStreets(response: .init(map: map, error: error))
        // The list's walks, and the details if still open, are by the streets from now on.
        walks.use(map)
        present()
        if let id = selectedPOI?.id, let place = list.places.first(where: { $0.poi.id == id }) {
            presentDetails(of: place, isUpdate: true)
        }
    }
}
