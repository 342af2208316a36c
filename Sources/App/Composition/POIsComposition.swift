import Domain
import FoundationEssentials
import Scenes
import Workers

/// Builds the Places section from the command line and the provider table: the chain of
/// places sources (its `.places` rows, each making its Workers), the streets under the map,
/// the city searches, and where the scene starts.
///
/// `auto` tries the places providers with a key set first (Geoapify), then the rest
/// (Overpass), then the embedded snapshot, each giving way to the next as its switch rules.
/// A key is handed only to its provider's Workers, which send it in request URLs and never in
/// an error.
enum POIsComposition {
    /// The live places sources the settings use, in the order tried; empty for the snapshot.
    /// - Parameters:
    ///   - options: the parsed settings.
    ///   - environment: the environment (where a key may be set).
    ///   - table: the providers.
    /// - Returns: for example the Geoapify row, then the Overpass one, for `auto` with a key.
    static func liveSources(_ options: AppOptions, environment: [String: String], table: ProviderTable = .standard) -> [ProviderRow] {
        let rows = table.rows(.places)
        switch options.placesSource {
        case .snapshot:
            return []
        case .auto:
            let usable = rows.filter { $0.places?.usableInAuto(options, environment) ?? false }
            let keyed = usable.filter { !($0.setup?.keySettings.isEmpty ?? true) }
            return keyed + usable.filter { $0.setup?.keySettings.isEmpty ?? true }
        case .provider(let word):
            return rows.filter { $0.choice == word }
        }
    }

    /// The sources for the options.
    /// - Parameters:
    ///   - options: the parsed command line (source, base URLs, units).
    ///   - environment: the environment (for a key the options do not carry).
    ///   - snapshot: the embedded snapshot (shared with `start`).
    ///   - start: where the scene starts.
    ///   - table: the providers.
    /// - Returns: the scene's dependencies.
    /// - Throws: `UsageError` for `--source NAME` whose provider cannot be used (`geoapify`
    ///   without a key).
    static func dependencies(
        options: AppOptions, environment: [String: String], snapshot: SnapshotPOIsWorker, start: NearbyPOIs.Start,
        table: ProviderTable = .standard
    ) throws -> POIsDependencies {
        let sources = liveSources(options, environment: environment, table: table)
        if options.placesSource != .auto, let missing = sources.first?.places?.missing(options, environment) {
            throw UsageError(message: missing)
        }
        let offline = CitySearch()
        var places = POIsDependencies(worker: snapshot, offlineCities: offline, units: options.units, start: start)
        let auto = options.placesSource == .auto
        // Each provider has its own resilient client (timeouts, retries, and its pace through
        // its row's one RequestPacer; see DECISIONS.md, "HTTP"), shared by its Workers. In
        // `auto`, a places source gives way to the next, so it is waited for less long.
        var clients: [String: any HTTPFetching] = [:]
        func http(_ row: ProviderRow) -> any HTTPFetching {
            if let made = clients[row.name.name] { return made }
            let seconds = auto && row.role == .places ? row.timeouts.inChain : row.timeouts.alone
            let made = row.client(requestTimeout: row.places?.requestTimeout ?? 5, totalSeconds: seconds, authorities: options.authorities)
            clients[row.name.name] = made
            return made
        }

        // The streets under the map: the first live source that has them (Overpass: one query
        // per centre and radius, after the places), else and in `auto` when it fails the
        // embedded offline areas.
        let offlineStreets = SnapshotStreetsWorker()
        places.streets = offlineStreets
        if let row = sources.first(where: { $0.places?.streets(options, environment) != nil }),
            let make = row.places?.streets(options, environment)
        {
            let live = make(http(row))
            places.streets = auto ? FallbackStreetsWorker(primary: live, fallback: offlineStreets) : live
        }

        var chain: any POIsWorking = snapshot
        var switches: [FallbackSwitch] = []
        for row in sources.reversed() {
            guard let make = row.places?.places(options, environment) else { continue }
            guard auto else {
                chain = make(http(row))
                continue
            }
            let fallbackSwitch = FallbackSwitch(provider: row.name)
            chain = FallbackPOIsWorker(primary: make(http(row)), fallback: chain, fallbackSwitch: fallbackSwitch)
            switches.insert(fallbackSwitch, at: 0)
        }
        places.worker = chain
        if auto {
            // Every source given up, outermost first (Geoapify, then Overpass), with a rejected
            // key or a refusal before the rest: the status bar names each one (case C32).
            places.switches = FallbackSwitches(switches)
            places.fallbackReasons = TVComposition.reasons(places.switches)
            let all = places.switches
            places.retryLiveSource = { await all.retry() }
        }

        // The live city search: the first live source's own (Geoapify), else a city search
        // row's (Nominatim); the offline list answers when it fails. None on the snapshot.
        guard !sources.isEmpty else { return places }
        for row in sources + table.rows(.cities) {
            guard let make = row.places?.cities(options, environment) else { continue }
            places.onlineCities = FallbackCitySearch(primary: make(http(row)), fallback: offline)
            places.onlineCitiesProvider = row.name.name
            break
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
            return NearbyPOIs.Start(
                center: first.coordinate, city: first, radiusMeters: radius, category: options.category,
                ambiguousCityName: undecided ? name : nil, cityCandidates: undecided ? found : [],
                snapshotAreaNames: areaNames, snapshotAreas: areas)
        }
        guard let area = areas.first else {
            throw SourceError.badData(provider: .snapshot, reason: "no area in the embedded places")
        }
        return NearbyPOIs.Start(
            center: area.center, defaultAreaName: area.name, radiusMeters: radius, category: options.category,
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
