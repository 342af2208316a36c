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
/// Opening hours are in `NearbyPOIsInteractor+Hours.swift`, the city search in
/// `NearbyPOIsInteractor+Cities.swift`.
@MainActor
package final class NearbyPOIsInteractor: NearbyPOIsBusinessLogic, NearbyPOIsDataStore {
    package typealias NearbyPOI = NearbyPOIs.LoadPOIs.Response.NearbyPOI

    package var presenter: NearbyPOIsPresentationLogic?
    private let worker: any POIsWorking
    private let fallbackReasons: @Sendable () async -> [SourceError]
    private let retryLiveSource: @Sendable () async -> Void
    let offlineCities: any CitySearching
    let onlineCities: (any CitySearching)?
    let onlineCitiesProvider: String?

    // The search.
    package private(set) var center: Coordinate
    var city: City?
    private var defaultAreaName: String?
    private let snapshotAreaNames: [String]
    private let snapshotAreas: [POIArea]
    private(set) var radiusMeters: Double
    private(set) var category: POICategory?

    // The list.
    package private(set) var places: [NearbyPOI] = []
    private var names = NameFilter()  // the places' names, in the order of places
    private var query = ""
    private var foldedQuery: [UInt8] = []
    private var matches: [Int] = []  // indices into places
    var hours: [String: OpeningHours?] = [:]  // by place id: parsed once
    private var openNowOnly = false
    private var openOnArrival = false
    private var hiddenByOpenNow = 0
    let now: @Sendable () -> Date
    let placeClock: any POIClockWorking
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
    let effects: RunningEffects

    // City search.
    var ambiguousName: String?
    var cities: [City]
    var cityQuery = ""
    var cityTask: Task<Void, Never>?
    var cityGeneration = 0

    // The streets under the map (`NearbyPOIsInteractor+Streets.swift`).
    let streetsWorker: (any StreetsWorking)?
    var streetMap: StreetMap?
    var streetsAsked: (center: Coordinate, radiusMeters: Double)?

    package internal(set) var selectedPOI: POI?

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
    package init(start: NearbyPOIs.Start, worker: any POIsWorking,
         fallbackReasons: @escaping @Sendable () async -> [SourceError] = { [] },
         retryLiveSource: @escaping @Sendable () async -> Void = {},
         offlineCities: any CitySearching, onlineCities: (any CitySearching)? = nil, onlineCitiesProvider: String? = nil,
         debounce: Duration = NearbyPOIs.searchDebounce, clock: any Clock<Duration> = ContinuousClock(),
         now: @escaping @Sendable () -> Date = { Date() }, placeClock: any POIClockWorking,
         effects: RunningEffects = RunningEffects(), streetsWorker: (any StreetsWorking)? = nil) {
        self.worker = worker
        self.streetsWorker = streetsWorker
        self.now = now
        self.placeClock = placeClock
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
        self.ambiguousName = start.cityCandidates.count > 1 ? start.ambiguousCityName : nil
        self.cities = start.cityCandidates
    }

    // MARK: Places

    @discardableResult
    package func loadPOIs(request: NearbyPOIs.LoadPOIs.Request) -> Task<Void, Never> {
        if !didLoad {
            didLoad = true
            if ambiguousName != nil { presentCities(isSearching: false, online: false, error: nil) }
        } else if !request.reload && (isLoading || !places.isEmpty) {
            present()
            return .nothing
        }
        if request.reload { streetsAsked = nil }
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
        let folded = NameFilter.fold(request.query)
        let narrowing = !foldedQuery.isEmpty && folded.starts(with: foldedQuery)
        query = request.query
        foldedQuery = folded
        recomputeMatches(narrowing: narrowing)
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
        recomputeMatches()
        present()
    }

    /// Moves the centre to a city (chosen in the city search) and searches around it.
    /// - Returns: the search's task.
    func moveCenter(to chosen: City) -> Task<Void, Never> {
        city = chosen
        defaultAreaName = nil
        center = chosen.coordinate
        query = ""
        foldedQuery = []
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
        if !keepingPOIs {
            places = []
            names = NameFilter()
            recomputeMatches()
        }
        present()
        return fetch(page: 0, replacing: true, retryLive: retryLive, after: debounced ? debounce : .zero)
    }

    private func fetch(page: Int, replacing: Bool, retryLive: Bool, after delay: Duration = .zero) -> Task<Void, Never> {
        let worker = self.worker
        let fallbackReasons = self.fallbackReasons
        let retryLiveSource = self.retryLiveSource
        let center = self.center, radius = self.radiusMeters, category = self.category
        let clock = self.clock
        return loader.load(page: page, { [weak self] generation in
            // A later change cancels this task during the wait: only the last is sent.
            if delay > .zero { try await clock.sleep(for: delay) }
            if retryLive { await retryLiveSource() }
            let result = try await worker.nearbyPOIs(near: center, radiusMeters: radius, category: category, page: page)
            let reasons = page == 0 ? await fallbackReasons() : []
            self?.receive(result, center: center, replacing: replacing, fallback: reasons, generation: generation)
        }, failed: { [weak self] error in
            self?.fail(error, page: page)
        })
    }

    private func receive(_ result: PagedResult<POI>, center: Coordinate, replacing: Bool, fallback: [SourceError], generation: Int) {
        guard loader.isCurrent(generation) else { return }
        var merged = replacing ? [] : places
        var known = Set(merged.map(\.poi.id))
        for poi in result.items where known.insert(poi.id).inserted {
            merged.append(Self.place(poi, from: center))
        }
        merged.sort { POI.isNearer($0.poi, $1.poi) }
        places = merged
        if replacing { hours = [:] }
        names = NameFilter(names: merged.lazy.map { $0.poi.name ?? "" })
        loader.advance(pastPage: result.page, hasMore: result.hasMore)
        loader.clearFailure()
        source = result.source
        if result.page == 0 { self.fallback = fallback }
        isLoading = false
        isLoadingMore = false
        error = nil
        recomputeMatches()
        present()
        if result.page == 0 { loadStreetsIfNeeded() }
    }

    /// A place with its distance (the source's, else the great-circle distance from the
    /// centre) and its bearing from the centre.
    package nonisolated static func place(_ poi: POI, from center: Coordinate) -> NearbyPOI {
        let distance = poi.distanceMeters.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
            ?? Geo.distanceMeters(from: center, to: poi.coordinate)
        return NearbyPOI(poi: poi.withDistance(distance), distanceMeters: distance,
                     bearingDegrees: Geo.initialBearingDegrees(from: center, to: poi.coordinate))
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
            countdownTask = countdown.start(retryAfter: seconds, tick: { [weak self] _ in
                self?.present()
            }, retry: { [weak self] in
                guard let self else { return nil }
                return page == 0 ? self.search(keepingPOIs: true, retryLive: false) : self.startNextPage()
            })
        }
        present()
        return countdownTask
    }

    /// Keeps `matches` in step with `places` and the query. A query that only grows narrows
    /// the previous matches instead of scanning every place again. Unnamed places match only
    /// the empty query.
    private func recomputeMatches(narrowing: Bool = false) {
        if foldedQuery.isEmpty {
            matches = Array(places.indices)
        } else if narrowing {
            matches = names.containing(foldedQuery, among: matches)
        } else {
            matches = names.containing(foldedQuery)
        }
    }

    func present() {
        let date = now()
        var moments: [String: WeekTime] = [:]
        var shown = matches.map { withHours(places[$0], at: date, moments: &moments) }
        hiddenByOpenNow = 0
        if openNowOnly {
            let open = openOnArrival ? shown.filter { isOpenOnArrival($0, leaving: date) } : shown.filter(Self.isOpen)
            hiddenByOpenNow = shown.count - open.count
            shown = open
        }
        presenter?.presentPOIs(response: .init(
            places: shown, totalCount: places.count, query: query,
            center: center, city: city, defaultAreaName: defaultAreaName, snapshotAreaNames: snapshotAreaNames, radiusMeters: radiusMeters, category: category,
            source: source, fallbackReasons: fallback, isLoading: isLoading, isLoadingMore: isLoadingMore,
            hasMore: loader.hasMore, error: error, retryInSeconds: countdown.remainingSeconds,
            openNowOnly: openNowOnly, hiddenByOpenNow: hiddenByOpenNow, snapshotAreas: snapshotAreas, openOnArrival: openOnArrival
        ))
    }
}
