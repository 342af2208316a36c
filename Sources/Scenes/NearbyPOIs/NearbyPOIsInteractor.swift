import Domain
import FoundationEssentials
import Workers

/// The NearbyPOIs scene's business logic: searches a `PlacesWorking` around a centre within a
/// radius, page by page, keeps the places nearest first (computing a distance the source left
/// out), filters them by name, moves the centre to a city, and remembers the place shown.
///
/// One task per use case: a new search cancels the page load it supersedes, and a new city
/// search cancels the one before it. Searches that follow the person's changes (radius,
/// category, city) wait `debounce` first, so that only the last of quick changes is sent. A
/// source that rate-limits is asked again by itself once its `Retry-After` has passed, counting
/// the seconds down on screen.
@MainActor
package final class NearbyPOIsInteractor: NearbyPOIsBusinessLogic, NearbyPOIsDataStore {
    package typealias Place = NearbyPOIs.LoadPlaces.Response.Place

    package var presenter: NearbyPOIsPresentationLogic?
    private let worker: any PlacesWorking
    private let fallbackReasons: @Sendable () async -> [SourceError]
    private let retryLiveSource: @Sendable () async -> Void
    private let offlineCities: any CitySearching
    private let onlineCities: (any CitySearching)?
    private let onlineCitiesProvider: String?

    // The search.
    package private(set) var center: Coordinate
    private var city: City?
    private var defaultAreaName: String?
    private let snapshotAreaNames: [String]
    private let snapshotAreas: [PlaceArea]
    private(set) var radiusMeters: Double
    private(set) var category: PlaceCategory?

    // The list.
    package private(set) var places: [Place] = []
    private var foldedNames: [String?] = []
    private var query = ""
    private var foldedQuery = ""
    private var matches: [Int] = []  // indices into places
    private var hours: [String: OpeningHours?] = [:]  // by place id: parsed once
    private var openNowOnly = false
    private var hiddenByOpenNow = 0
    private let now: @Sendable () -> Date
    private let clock: any PlaceClockWorking
    private var nextPage = 0
    private var hasMore = true
    private var source: DataSource?
    private var fallback: [SourceError] = []
    private var error: SourceError?
    private var isLoading = false
    private var isLoadingMore = false
    private var didLoad = false
    private var loadTask: Task<Void, Never>?
    private var generation = 0
    private let sleep: @Sendable (Duration) async throws -> Void
    private let debounce: Duration
    /// Seconds left before a rate-limited request is sent again; nil when none is waiting.
    private var retryInSeconds: Int?
    private var countdownTask: Task<Void, Never>?

    // City search.
    private var ambiguousName: String?
    private var cities: [City]
    private var cityQuery = ""
    private var cityTask: Task<Void, Never>?
    private var cityGeneration = 0

    package private(set) var selectedPlace: POI?

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
    ///   - sleep: waits for the debounce and the rate-limit countdown; throws when cancelled
    ///     (tests pass a faster one).
    ///   - now: the clock the opening hours are read at (tests pass a fixed one).
    ///   - clock: wall times in the places' zones, and in the viewer's for a place whose own zone is unknown.
    package init(start: NearbyPOIs.Start, worker: any PlacesWorking,
         fallbackReasons: @escaping @Sendable () async -> [SourceError] = { [] },
         retryLiveSource: @escaping @Sendable () async -> Void = {},
         offlineCities: any CitySearching, onlineCities: (any CitySearching)? = nil, onlineCitiesProvider: String? = nil,
         debounce: Duration = NearbyPOIs.searchDebounce,
         sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
         now: @escaping @Sendable () -> Date = { Date() }, clock: any PlaceClockWorking) {
        self.worker = worker
        self.now = now
        self.clock = clock
        self.snapshotAreas = start.snapshotAreas
        self.debounce = debounce
        self.sleep = sleep
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

    package func loadPlaces(request: NearbyPOIs.LoadPlaces.Request) {
        if !didLoad {
            didLoad = true
            if ambiguousName != nil { presentCities(isSearching: false, online: false, error: nil) }
        } else if !request.reload && (isLoading || !places.isEmpty) {
            present()
            return
        }
        search(keepingPlaces: request.reload, retryLive: request.reload)
    }

    package func loadNextPage(request: NearbyPOIs.LoadNextPage.Request) {
        guard hasMore, !isLoading, !isLoadingMore, !places.isEmpty, retryInSeconds == nil else { return }
        startNextPage()
    }

    private func startNextPage() {
        stopCountdown()
        isLoadingMore = true
        error = nil
        present()
        fetch(page: nextPage, replacing: false, retryLive: false)
    }

    package func changeRadius(request: NearbyPOIs.ChangeRadius.Request) {
        guard let radius = NearbyPOIs.radiusStep(from: radiusMeters, wider: request.wider) else {
            presenter?.presentRadiusLimit(response: .init(radiusMeters: radiusMeters, wider: request.wider))
            return
        }
        radiusMeters = radius
        // The places already found stay on screen until the new ones arrive.
        search(keepingPlaces: true, retryLive: false, debounced: true)
    }

    package func chooseCategory(request: NearbyPOIs.ChooseCategory.Request) {
        var chosen: PlaceCategory?
        if let id = request.id {
            guard let known = PlaceCategory(rawValue: id) else { return }
            chosen = known
        }
        guard chosen != category else { return }
        category = chosen
        search(keepingPlaces: false, retryLive: false, debounced: true)
    }

    package func filterPlaces(request: NearbyPOIs.FilterPlaces.Request) {
        let folded = SearchFolding.fold(request.query)
        let narrowing = !foldedQuery.isEmpty && folded.hasPrefix(foldedQuery)
        query = request.query
        foldedQuery = folded
        recomputeMatches(narrowing: narrowing)
        present()
    }

    package func toggleOpenNow(request: NearbyPOIs.ToggleOpenNow.Request) {
        openNowOnly.toggle()
        recomputeMatches()
        present()
    }

    package func showPlaceDetails(request: NearbyPOIs.ShowPlaceDetails.Request) {
        guard let place = places.first(where: { $0.poi.id == request.id }) else { return }
        selectedPlace = place.poi
        presenter?.presentPlaceDetails(response: .init(place: withHours(place, at: now())))
    }

    /// A place with its opening hours read at a moment, in its own zone: the city's (GeoNames)
    /// when the search is around a city, else its country's (`PlaceTimeZone`), else the
    /// viewer's. Nil hours when the place gives none.
    private func withHours(_ place: Place, at date: Date) -> Place {
        var moments: [String: WeekTime] = [:]
        return withHours(place, at: date, moments: &moments)
    }

    /// As `withHours(_:at:)`, reading each zone's moment once per presentation (`moments`, by
    /// zone id) and each zone once (`zones`).
    private func withHours(_ place: Place, at date: Date, moments: inout [String: WeekTime]) -> Place {
        guard let text = place.poi.openingHours, !text.allSatisfy(\.isWhitespace) else { return place }
        let parsed: OpeningHours?
        if let known = hours[place.poi.id] {
            parsed = known
        } else {
            parsed = OpeningHours(text)
            hours[place.poi.id] = parsed
        }
        let candidates = [city?.timeZone, PlaceTimeZone.region(for: place.poi.coordinate)?.zone].compactMap { $0 }
        var zone = clock.viewerZoneName, isViewers = true
        var moment = moments[zone]
        for id in candidates {
            if let known = moments[id] {
                (zone, isViewers, moment) = (id, false, known)
                break
            }
            if let wall = clock.wallTime(at: date, inZone: id) {
                (zone, isViewers, moment) = (id, false, Self.weekTime(wall))
                break
            }
        }
        if moment == nil {
            moment = clock.viewerWallTime(at: date).map(Self.weekTime)
        }
        let now = moment ?? WeekTime(weekday: .monday, minute: 0)
        moments[zone] = now
        var copy = place
        copy.hours = .init(parsed: parsed, status: parsed?.status(at: now), now: now, timeZone: zone, isViewersZone: isViewers)
        return copy
    }

    /// A wall time as a weekday and minute of the day.
    nonisolated static func weekTime(_ wall: LocalWallTime) -> WeekTime {
        WeekTime(weekday: Weekday(rawValue: wall.weekday - 1) ?? .monday, minute: wall.hour * 60 + wall.minute)
    }

    /// True when the place is open at the moment its hours were read.
    private static func isOpen(_ place: Place) -> Bool {
        switch place.hours?.status {
        case .alwaysOpen?, .open?: return true
        default: return false
        }
    }

    /// Starts a new search from page 0, after `debounce` when `debounced`.
    private func search(keepingPlaces: Bool, retryLive: Bool, debounced: Bool = false) {
        stopCountdown()
        loadTask?.cancel()
        generation += 1
        isLoading = true
        isLoadingMore = false
        error = nil
        if !keepingPlaces {
            places = []
            foldedNames = []
            recomputeMatches()
        }
        present()
        fetch(page: 0, replacing: true, retryLive: retryLive, after: debounced ? debounce : .zero)
    }

    private func fetch(page: Int, replacing: Bool, retryLive: Bool, after delay: Duration = .zero) {
        let worker = self.worker
        let fallbackReasons = self.fallbackReasons
        let retryLiveSource = self.retryLiveSource
        let generation = self.generation
        let center = self.center, radius = self.radiusMeters, category = self.category
        let sleep = self.sleep
        loadTask = Task { [weak self] in
            do {
                // A later change cancels this task during the wait: only the last is sent.
                if delay > .zero { try await sleep(delay) }
                if retryLive { await retryLiveSource() }
                let result = try await worker.nearbyPlaces(near: center, radiusMeters: radius, category: category, page: page)
                let reasons = page == 0 ? await fallbackReasons() : []
                self?.receive(result, center: center, replacing: replacing, fallback: reasons, generation: generation)
            } catch is CancellationError {
                return
            } catch {
                self?.fail(error, page: page, generation: generation)
            }
        }
    }

    private func receive(_ result: PagedResult<POI>, center: Coordinate, replacing: Bool, fallback: [SourceError], generation: Int) {
        guard generation == self.generation else { return }
        var merged = replacing ? [] : places
        var known = Set(merged.map(\.poi.id))
        for poi in result.items where known.insert(poi.id).inserted {
            merged.append(Self.place(poi, from: center))
        }
        merged.sort { POI.isNearer($0.poi, $1.poi) }
        places = merged
        if replacing { hours = [:] }
        foldedNames = merged.map { $0.poi.name.map(SearchFolding.fold) }
        nextPage = result.page + 1
        hasMore = result.hasMore
        source = result.source
        if result.page == 0 { self.fallback = fallback }
        isLoading = false
        isLoadingMore = false
        error = nil
        recomputeMatches()
        present()
    }

    /// A place with its distance (the source's, else the great-circle distance from the
    /// centre) and its bearing from the centre.
    package nonisolated static func place(_ poi: POI, from center: Coordinate) -> Place {
        let distance = poi.distanceMeters.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
            ?? Geo.distanceMeters(from: center, to: poi.coordinate)
        return Place(poi: poi.withDistance(distance), distanceMeters: distance,
                     bearingDegrees: Geo.initialBearingDegrees(from: center, to: poi.coordinate))
    }

    private func fail(_ failure: Error, page: Int, generation: Int) {
        guard generation == self.generation else { return }
        isLoading = false
        isLoadingMore = false
        let error = (failure as? SourceError) ?? .unreachable(provider: "source", reason: String(describing: type(of: failure)))
        self.error = error
        if case .rateLimited(_, let seconds) = error {
            startCountdown(seconds: max(1, seconds ?? RetryPolicy.defaultRetryAfterSeconds), page: page)
        }
        present()
    }

    /// Counts a rate limit's seconds down, one presentation a second, then asks again: the
    /// search from page 0, or the page that was refused.
    private func startCountdown(seconds: Int, page: Int) {
        countdownTask?.cancel()
        retryInSeconds = seconds
        let sleep = self.sleep
        let generation = self.generation
        countdownTask = Task { [weak self] in
            var left = seconds
            while left > 0 {
                do { try await sleep(.seconds(1)) } catch { return }
                left -= 1
                guard let self, generation == self.generation, self.retryInSeconds != nil else { return }
                if left > 0 {
                    self.retryInSeconds = left
                    self.present()
                }
            }
            guard let self, generation == self.generation, self.retryInSeconds != nil else { return }
            self.retryInSeconds = nil
            if page == 0 {
                self.search(keepingPlaces: true, retryLive: false)
            } else {
                self.startNextPage()
            }
        }
    }

    private func stopCountdown() {
        countdownTask?.cancel()
        countdownTask = nil
        retryInSeconds = nil
    }

    /// Keeps `matches` in step with `places` and the query. A query that only grows narrows
    /// the previous matches instead of scanning every place again. Unnamed places match only
    /// the empty query.
    private func recomputeMatches(narrowing: Bool = false) {
        if foldedQuery.isEmpty {
            matches = Array(places.indices)
        } else if narrowing {
            matches = matches.filter { foldedNames[$0]?.contains(foldedQuery) ?? false }
        } else {
            matches = places.indices.filter { foldedNames[$0]?.contains(foldedQuery) ?? false }
        }
    }

    private func present() {
        let date = now()
        var moments: [String: WeekTime] = [:]
        var shown = matches.map { withHours(places[$0], at: date, moments: &moments) }
        hiddenByOpenNow = 0
        if openNowOnly {
            let open = shown.filter(Self.isOpen)
            hiddenByOpenNow = shown.count - open.count
            shown = open
        }
        presenter?.presentPlaces(response: .init(
            places: shown, totalCount: places.count, query: query,
            center: center, city: city, defaultAreaName: defaultAreaName, snapshotAreaNames: snapshotAreaNames, radiusMeters: radiusMeters, category: category,
            source: source, fallbackReasons: fallback, isLoading: isLoading, isLoadingMore: isLoadingMore,
            hasMore: hasMore, error: error, retryInSeconds: retryInSeconds,
            openNowOnly: openNowOnly, hiddenByOpenNow: hiddenByOpenNow, snapshotAreas: snapshotAreas
        ))
    }

    // MARK: Cities

    package func searchCities(request: NearbyPOIs.SearchCities.Request) {
        cityTask?.cancel()
        cityGeneration += 1
        ambiguousName = nil
        let text = request.text
        let searcher: any CitySearching
        if request.online, let onlineCities {
            searcher = onlineCities
        } else {
            searcher = offlineCities
        }
        let online = request.online && onlineCities != nil
        guard !text.trimming(.whitespaces).isEmpty else {
            cities = []
            presentCities(query: text, isSearching: false, online: false, error: nil)
            return
        }
        if online { presentCities(query: text, isSearching: true, online: true, error: nil) }
        let generation = cityGeneration
        cityTask = Task { [weak self] in
            do {
                let found = try await searcher.searchCitiesReportingFallback(matching: text, limit: online ? 10 : 12)
                self?.receiveCities(found.cities, query: text, online: online, fallbackReason: found.fallbackReason, generation: generation)
            } catch is CancellationError {
                return
            } catch {
                let failure = (error as? SourceError) ?? .unreachable(provider: "city search", reason: String(describing: type(of: error)))
                self?.failCities(failure, query: text, online: online, generation: generation)
            }
        }
    }

    package func chooseCity(request: NearbyPOIs.ChooseCity.Request) {
        guard let chosen = cities.first(where: { $0.id == request.id }) else { return }
        cityTask?.cancel()
        ambiguousName = nil
        city = chosen
        defaultAreaName = nil
        center = chosen.coordinate
        query = ""
        foldedQuery = ""
        search(keepingPlaces: false, retryLive: false, debounced: true)
    }

    private func receiveCities(_ found: [City], query: String, online: Bool, fallbackReason: SourceError?, generation: Int) {
        guard generation == cityGeneration else { return }
        cities = found
        presentCities(query: query, isSearching: false, online: online, error: fallbackReason)
    }

    private func failCities(_ failure: SourceError, query: String, online: Bool, generation: Int) {
        guard generation == cityGeneration else { return }
        cities = []
        presentCities(query: query, isSearching: false, online: online, error: failure)
    }

    private func presentCities(query: String? = nil, isSearching: Bool, online: Bool, error: SourceError?) {
        if let query { cityQuery = query }
        presenter?.presentCities(response: .init(
            query: ambiguousName ?? cityQuery, cities: cities, isSearching: isSearching, searchedOnline: online,
            onlineProvider: onlineCitiesProvider, ambiguousName: ambiguousName, error: error
        ))
    }
}
