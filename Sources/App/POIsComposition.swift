import Domain
import Dispatch
import FoundationEssentials
import Scenes
import Workers

/// Builds the Places section from the command line: the chain of places sources, the city
/// searches, and where the scene starts.
///
/// The Geoapify key (from the options: `GEOAPIFY_API_KEY` or the config file's
/// `geoapify-api-key`) is handed only to the Geoapify Workers, which send it in request URLs
/// and never in an error.
enum POIsComposition {
    /// The environment variable that holds the Geoapify API key.
    static let keyVariable = "GEOAPIFY_API_KEY"

    /// The sources for the options.
    /// - Parameters:
    ///   - options: the parsed command line (source, base URLs, units).
    ///   - environment: the environment (for `GEOAPIFY_API_KEY` when the options carry no key).
    ///   - snapshot: the embedded snapshot (shared with `start`).
    ///   - start: where the scene starts.
    /// - Returns: the scene's dependencies.
    /// - Throws: `UsageError` for `--source geoapify` without a key.
    static func dependencies(options: AppOptions, environment: [String: String], snapshot: SnapshotPOIsWorker, start: NearbyPOIs.Start) throws -> POIsDependencies {
        let key = (options.geoapifyKey?.value ?? environment[keyVariable])?.trimming(.whitespacesAndNewlines)
        let geoapifyKey = (key?.isEmpty ?? true) ? nil : key
        let geoapifyBase = options.geoapifyBase ?? GeoapifyPOIsWorker.defaultBaseURL
        let overpassEndpoint = options.overpassEndpoint ?? OverpassPOIsWorker.defaultEndpoint
        let nominatimBase = options.nominatimBase ?? NominatimCitySearch.defaultBaseURL
        let offline = CitySearch()
        var places = POIsDependencies(worker: snapshot, offlineCities: offline, units: options.units, start: start)

        // Each provider has its own resilient client (timeouts, retries, and its pace through
        // the shared RequestPacer); see DECISIONS.md, "HTTP".
        // In `auto`, Geoapify gives way to Overpass and the snapshot, so it is waited for less.
        let geoapifyHTTP = ResilientHTTPClient.live(provider: GeoapifyPOIsWorker.provider, totalSeconds: options.placesSource == .auto ? 8 : 15, authorities: options.authorities)
        // Overpass sends nothing until its query has run, so the wait for a byte is the whole
        // call's; the query's own server limit (`[timeout:12]`) ends before the client's.
        let overpassHTTP = ResilientHTTPClient.live(provider: OverpassPOIsWorker.provider, requestTimeout: 15, authorities: options.authorities)
        let overpassServerSeconds = 12
        let nominatimHTTP = ResilientHTTPClient.live(provider: NominatimCitySearch.provider, authorities: options.authorities)

        func geocoder() -> (any CitySearching, String)? {
            if let geoapifyKey, let geoapifyBase {
                return (FallbackCitySearch(primary: GeoapifyCitySearch(apiKey: geoapifyKey, baseURL: geoapifyBase, http: geoapifyHTTP), fallback: offline), GeoapifyCitySearch.provider)
            }
            if let nominatimBase {
                return (FallbackCitySearch(primary: NominatimCitySearch(baseURL: nominatimBase, http: nominatimHTTP), fallback: offline), NominatimCitySearch.provider)
            }
            return nil
        }

        switch options.placesSource {
        case .snapshot:
            break
        case .geoapify:
            guard let geoapifyKey, let geoapifyBase else {
                throw UsageError(message: "--source geoapify needs a Geoapify API key: set \(keyVariable), or geoapify-api-key in the config file")
            }
            places.worker = GeoapifyPOIsWorker(apiKey: geoapifyKey, baseURL: geoapifyBase, http: geoapifyHTTP)
            if let found = geocoder() { (places.onlineCities, places.onlineCitiesProvider) = (found.0, found.1) }
        case .osm:
            guard let overpassEndpoint else { break }
            places.worker = OverpassPOIsWorker(endpoint: overpassEndpoint, http: overpassHTTP, serverTimeoutSeconds: overpassServerSeconds)
            if let nominatimBase {
                places.onlineCities = FallbackCitySearch(primary: NominatimCitySearch(baseURL: nominatimBase, http: nominatimHTTP), fallback: offline)
                places.onlineCitiesProvider = NominatimCitySearch.provider
            }
        case .auto:
            // Geoapify (with a key), else Overpass, else the snapshot: each gives way to the
            // next when it cannot answer a first page (see FallbackPlacesWorker).
            var chain: any POIsWorking = snapshot
            var fallbacks: [FallbackPOIsWorker] = []
            if let overpassEndpoint {
                let fallback = FallbackPOIsWorker(primary: OverpassPOIsWorker(endpoint: overpassEndpoint, http: overpassHTTP, serverTimeoutSeconds: overpassServerSeconds), fallback: chain)
                fallbacks.append(fallback)
                chain = fallback
            }
            if let geoapifyKey, let geoapifyBase {
                let fallback = FallbackPOIsWorker(primary: GeoapifyPOIsWorker(apiKey: geoapifyKey, baseURL: geoapifyBase, http: geoapifyHTTP), fallback: chain)
                fallbacks.append(fallback)
                chain = fallback
            }
            places.worker = chain
            let layers = fallbacks
            // Every source given up, outermost first (Geoapify, then Overpass), with a rejected
            // key or a refusal before the rest: the status bar names each one (case C32).
            places.fallbackReasons = {
                var reasons: [SourceError] = []
                for layer in layers.reversed() {
                    if let reason = await layer.fallbackReason { reasons.append(reason) }
                }
                return ShowFormatting.refusalsFirst(reasons)
            }
            places.retryLiveSource = {
                for layer in layers { await layer.retryPrimary() }
            }
            if let found = geocoder() { (places.onlineCities, places.onlineCitiesProvider) = (found.0, found.1) }
        }
        return places
    }

    /// Where the scene starts: `--near`, `--city` (resolved offline), else the centre of the
    /// snapshot's first area (Istanbul).
    /// - Parameters:
    ///   - options: the parsed command line.
    ///   - snapshot: the embedded snapshot, for its areas.
    /// - Returns: the start.
    /// - Throws: `UsageError` when no city carries the `--city` name; `SourceError` when the
    ///   embedded data cannot be read.
    static func start(options: AppOptions, snapshot: SnapshotPOIsWorker) throws -> NearbyPOIs.Start {
        let radius = options.radiusMeters ?? NearbyPOIs.defaultRadiusMeters
        // The embedded places are small (a few hundred); reading them here costs milliseconds.
        let areas = try wait { try await snapshot.areas() }.get()
        let areaNames = areas.map(\.name)
        if let near = options.near {
            return NearbyPOIs.Start(center: near, radiusMeters: radius, category: options.category, snapshotAreaNames: areaNames, snapshotAreas: areas)
        }
        if let name = options.city {
            let found = cities(named: name, in: try CityIndex.embedded())
            guard let first = found.first else {
                throw UsageError(message: "no city called '\(AppOptions.shown(name))' in the offline list (GeoNames cities of 15,000 people or more); try a larger city nearby, or --near LAT,LON")
            }
            return NearbyPOIs.Start(center: first.coordinate, city: first, radiusMeters: radius, category: options.category,
                                    ambiguousCityName: found.count > 1 ? name : nil, cityCandidates: found.count > 1 ? found : [],
                                    snapshotAreaNames: areaNames, snapshotAreas: areas)
        }
        guard let area = areas.first else {
            throw SourceError.badData(provider: "snapshot", reason: "no area in the embedded places")
        }
        return NearbyPOIs.Start(center: area.center, defaultAreaName: area.name, radiusMeters: radius, category: options.category,
                                snapshotAreaNames: areaNames, snapshotAreas: areas)
    }

    /// The cities a `--city` name means: those with exactly that name (ignoring case, accents
    /// and repeated spaces), else those whose name starts with it (at most 20); most populous
    /// first.
    static func cities(named name: String, in index: CityIndex) -> [City] {
        let candidates = index.cities(matching: name, limit: 5_000)
        let wanted = CityIndex.fold(name)
        let exact = candidates.filter { CityIndex.fold($0.name) == wanted }
        return exact.isEmpty ? Array(candidates.prefix(20)) : exact
    }

    /// Runs async work to its end from synchronous start-up code (before the event loop).
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) -> Result<T, Error> {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<T>()
        Task.detached {
            do {
                box.result = .success(try await work())
            } catch {
                box.result = .failure(error)
            }
            done.signal()
        }
        done.wait()
        return box.result ?? .failure(CancellationError())
    }
}

/// Carries a result from a task to a thread waiting on a semaphore.
private final class ResultBox<T>: @unchecked Sendable {
    // Written once by the task before the semaphore is signalled, read after the wait.
    var result: Result<T, Error>?
}
