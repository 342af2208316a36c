import Domain
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
        let geoapifyTimeouts = ProviderTable.standard.row(.geoapify)?.timeouts ?? (alone: 15, inChain: 8)
        let geoapifyHTTP = ResilientHTTPClient.live(provider: GeoapifyPOIsWorker.provider, totalSeconds: options.placesSource == .auto ? geoapifyTimeouts.inChain : geoapifyTimeouts.alone, authorities: options.authorities, pacer: ProviderTable.pacer)
        // Overpass sends nothing until its query has run, so the wait for a byte is the whole
        // call's; the query's own server limit (`[timeout:12]`) ends before the client's.
        let overpassHTTP = ResilientHTTPClient.live(provider: OverpassPOIsWorker.provider, requestTimeout: 15, authorities: options.authorities, pacer: ProviderTable.pacer)
        let overpassServerSeconds = 12
        let nominatimHTTP = ResilientHTTPClient.live(provider: NominatimCitySearch.provider, authorities: options.authorities, pacer: ProviderTable.pacer)

        func geocoder() -> (any CitySearching, String)? {
            if let geoapifyKey, let geoapifyBase {
                return (FallbackCitySearch(primary: GeoapifyCitySearch(apiKey: geoapifyKey, baseURL: geoapifyBase, http: geoapifyHTTP), fallback: offline), GeoapifyCitySearch.provider.name)
            }
            if let nominatimBase {
                return (FallbackCitySearch(primary: NominatimCitySearch(baseURL: nominatimBase, http: nominatimHTTP), fallback: offline), NominatimCitySearch.provider.name)
            }
            return nil
        }

        // The streets under the map: Overpass where it is a places source (`osm`, `auto`; one
        // query per centre and radius, after the places), else and when it fails the embedded
        // offline areas.
        places.streets = SnapshotStreetsWorker()
        if let overpassEndpoint, [.osm, .auto].contains(options.placesSource), let offlineStreets = places.streets {
            let live = OverpassStreetsWorker(endpoint: overpassEndpoint, http: overpassHTTP, serverTimeoutSeconds: overpassServerSeconds)
            places.streets = options.placesSource == .auto ? FallbackStreetsWorker(primary: live, fallback: offlineStreets) : live
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
                places.onlineCitiesProvider = NominatimCitySearch.provider.name
            }
        case .auto:
            // Geoapify (with a key), else Overpass, else the snapshot: each gives way to the
            // next as its switch rules (see FallbackSwitch).
            var chain: any POIsWorking = snapshot
            var switches: [FallbackSwitch] = []
            if let overpassEndpoint {
                let fallbackSwitch = FallbackSwitch(provider: OverpassPOIsWorker.provider)
                chain = FallbackPOIsWorker(primary: OverpassPOIsWorker(endpoint: overpassEndpoint, http: overpassHTTP, serverTimeoutSeconds: overpassServerSeconds),
                                           fallback: chain, fallbackSwitch: fallbackSwitch)
                switches.insert(fallbackSwitch, at: 0)
            }
            if let geoapifyKey, let geoapifyBase {
                let fallbackSwitch = FallbackSwitch(provider: GeoapifyPOIsWorker.provider)
                chain = FallbackPOIsWorker(primary: GeoapifyPOIsWorker(apiKey: geoapifyKey, baseURL: geoapifyBase, http: geoapifyHTTP),
                                           fallback: chain, fallbackSwitch: fallbackSwitch)
                switches.insert(fallbackSwitch, at: 0)
            }
            places.worker = chain
            // Every source given up, outermost first (Geoapify, then Overpass), with a rejected
            // key or a refusal before the rest: the status bar names each one (case C32).
            places.switches = FallbackSwitches(switches)
            places.fallbackReasons = TVComposition.reasons(places.switches)
            let all = places.switches
            places.retryLiveSource = { await all.retry() }
            if let found = geocoder() { (places.onlineCities, places.onlineCitiesProvider) = (found.0, found.1) }
        }
        return places
    }

    /// Where the scene starts: `--near`, `--city` (resolved offline), else the centre of the
    /// snapshot's first area (Istanbul).
    /// - Parameters:
    ///   - options: the parsed command line.
    ///   - areas: the embedded snapshot's areas (`POICatalog.embedded().areas`).
    /// - Returns: the start.
    /// - Throws: `UsageError` when no city carries the `--city` name; `SourceError` when the
    ///   embedded data cannot be read.
    static func start(options: AppOptions, areas: [POIArea]) throws -> NearbyPOIs.Start {
        let radius = options.radiusMeters ?? NearbyPOIs.defaultRadiusMeters
        let areaNames = areas.map(\.name)
        if let near = options.near {
            return NearbyPOIs.Start(center: near, radiusMeters: radius, category: options.category, snapshotAreaNames: areaNames, snapshotAreas: areas)
        }
        if let name = options.city {
            let found = cities(named: name, in: try CityIndex.embedded())
            guard let first = found.first else {
                throw UsageError(message: "no city called '\(SettingsTable.shown(name))' in the offline list (GeoNames cities of 15,000 people or more); try a larger city nearby, or --near LAT,LON")
            }
            // One rule for the screen and a pipe: a clear choice starts there; only a name the
            // rule cannot decide opens the picker on the screen (a pipe takes the most populous
            // and says so).
            let undecided = chosenCity(among: found) == nil
            return NearbyPOIs.Start(center: first.coordinate, city: first, radiusMeters: radius, category: options.category,
                                    ambiguousCityName: undecided ? name : nil, cityCandidates: undecided ? found : [],
                                    snapshotAreaNames: areaNames, snapshotAreas: areas)
        }
        guard let area = areas.first else {
            throw SourceError.badData(provider: .snapshot, reason: "no area in the embedded places")
        }
        return NearbyPOIs.Start(center: area.center, defaultAreaName: area.name, radiusMeters: radius, category: options.category,
                                snapshotAreaNames: areaNames, snapshotAreas: areas)
    }

    /// How many times more people the most populous city of a name must have than the next
    /// for the name to mean it (Paris, France: 2.1 million; Paris, Texas: 25,000).
    static let clearChoiceRatio = 10

    /// The city a `--city` name means when the choice is clear: the only one, or the most
    /// populous when it has `clearChoiceRatio` times the people of the next; nil when the rule
    /// cannot decide (several cities of like size share the name).
    /// - Parameter found: the cities of the name, most populous first (`cities(named:in:)`).
    /// - Returns: the city, or nil.
    static func chosenCity(among found: [City]) -> City? {
        guard let first = found.first else { return nil }
        guard found.count > 1 else { return first }
        guard let most = first.population, let next = found[1].population, next > 0 else { return nil }
        return most >= next * clearChoiceRatio ? first : nil
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
}
