import Domain
import FoundationEssentials
import Workers

/// The standard rows' settings, probes and Worker makers (see `ProviderTable.standard`).
enum StandardProviders {
    /// TMDB: a key or read access token; popular list, details, seasons; no schedules.
    static let tmdbSetup = ProviderSetup(
        keySettings: ["tmdb-read-access-token", "tmdb-api-key"], baseURLSetting: "tmdb-url",
        configured: { options in
            options.tmdbSecret.map { "\(options.tmdbReadAccessToken != nil ? "token" : "key") set (\($0.origin))" }
                ?? "no key (\(variables("tmdb-read-access-token", "tmdb-api-key")))"
        },
        baseURL: { $0.tmdbBase ?? TMDBShowsWorker.defaultBaseURL },
        probe: { options, base, http in
            guard let credential = options.tmdbCredential else { return nil }
            return { try await SourceProbe.tmdb(credential: credential, baseURL: base, http: http) }
        })

    /// TMDB's Workers.
    static let tmdbWorkers = TVWorkers(
        usableInAuto: { $0.tmdbCredential != nil },
        missing: { options in
            options.tmdbCredential == nil
                ? "--source tmdb needs a TMDB key: set TMDB_READ_ACCESS_TOKEN or TMDB_API_KEY, or tmdb-read-access-token or tmdb-api-key in the config file"
                : nil
        },
        shows: { options in
            guard let credential = options.tmdbCredential, let base = options.tmdbBase ?? TMDBShowsWorker.defaultBaseURL else { return nil }
            return { TMDBShowsWorker(credential: credential, baseURL: base, http: $0) }
        },
        episodes: { options in
            guard let credential = options.tmdbCredential, let base = options.tmdbBase ?? TMDBShowsWorker.defaultBaseURL else { return nil }
            return TVWorkers.kept(.tmdb) { TMDBShowsWorker(credential: credential, baseURL: base, http: $0) }
        },
        people: { options in
            guard let credential = options.tmdbCredential, let base = options.tmdbBase ?? TMDBShowsWorker.defaultBaseURL else { return nil }
            return TVWorkers.keptPeople(.tmdb) { TMDBPeopleWorker(credential: credential, baseURL: base, http: $0) }
        })

    /// TVmaze: no key.
    static let tvmazeSetup = ProviderSetup(
        baseURLSetting: "tvmaze-url",
        baseURL: { $0.tvmazeBase ?? TVmazeShowsWorker.defaultBaseURL },
        probe: { _, base, http in { try await SourceProbe.tvmaze(baseURL: base, http: http) } })

    /// TVmaze's Workers: "Popular now" from its schedules, the whole index, episodes and day
    /// schedules, with the recordings (TVmaze's ids) behind them in `auto`.
    static let tvmazeWorkers = TVWorkers(
        shows: { options in
            guard let base = options.tvmazeBase ?? TVmazeShowsWorker.defaultBaseURL else { return nil }
            let country = options.country
            return { TVmazeAiringShowsWorker(baseURL: base, http: $0, country: country) }
        },
        index: { options in
            guard let base = options.tvmazeBase ?? TVmazeShowsWorker.defaultBaseURL else { return nil }
            return { TVmazeShowsWorker(baseURL: base, http: $0) }
        },
        schedules: { options in
            guard let base = options.tvmazeBase ?? TVmazeShowsWorker.defaultBaseURL else { return nil }
            return TVWorkers.kept(.tvmaze) { TVmazeEpisodesWorker(baseURL: base, http: $0) }
        },
        people: { options in
            guard let base = options.tvmazeBase ?? TVmazeShowsWorker.defaultBaseURL else { return nil }
            return TVWorkers.keptPeople(.tvmaze) { TVmazePeopleWorker(baseURL: base, http: $0) }
        },
        seasons: { options in
            guard let base = options.tvmazeBase ?? TVmazeShowsWorker.defaultBaseURL else { return nil }
            return TVWorkers.keptSeasons(.tvmaze) { TVmazeEpisodesWorker(baseURL: base, http: $0) }
        })

    /// Geoapify: a key.
    static let geoapifySetup = ProviderSetup(
        keySettings: ["geoapify-api-key"], baseURLSetting: "geoapify-url",
        configured: { options in options.geoapifyKey.map { "key set (\($0.origin))" } ?? "no key (\(variables("geoapify-api-key")))" },
        baseURL: { $0.geoapifyBase ?? GeoapifyPOIsWorker.defaultBaseURL },
        probe: { options, base, http in
            guard let key = options.geoapifyKey?.value else { return nil }
            return { try await SourceProbe.geoapify(apiKey: key, baseURL: base, http: http) }
        })

    /// The Geoapify key: the settings' (`geoapify-api-key`, `GEOAPIFY_API_KEY`), else the
    /// environment's `GEOAPIFY_API_KEY`, trimmed; nil when empty. It is handed only to the
    /// Geoapify Workers, which send it in request URLs and never in an error.
    static func geoapifyKey(_ options: AppOptions, _ environment: [String: String]) -> String? {
        let key = (options.geoapifyKey?.value ?? environment["GEOAPIFY_API_KEY"])?.trimming(.whitespacesAndNewlines)
        return (key?.isEmpty ?? true) ? nil : key
    }

    /// Geoapify's Workers: places and the city search, with a key; no streets.
    static let geoapifyWorkers = PlacesWorkers(
        usableInAuto: { geoapifyKey($0, $1) != nil },
        missing: { options, environment in
            geoapifyKey(options, environment) == nil
                ? "--source geoapify needs a Geoapify API key: set GEOAPIFY_API_KEY, or geoapify-api-key in the config file"
                : nil
        },
        places: { options, environment in
            guard let key = geoapifyKey(options, environment), let base = options.geoapifyBase ?? GeoapifyPOIsWorker.defaultBaseURL else { return nil }
            return { GeoapifyPOIsWorker(apiKey: key, baseURL: base, http: $0) }
        },
        cities: { options, environment in
            guard let key = geoapifyKey(options, environment), let base = options.geoapifyBase ?? GeoapifyPOIsWorker.defaultBaseURL else { return nil }
            return { GeoapifyCitySearch(apiKey: key, baseURL: base, http: $0) }
        })

    /// How long Overpass runs a query before it gives up (`[timeout:12]`), in seconds: less
    /// than the client waits, so that the server's own answer arrives first.
    static let overpassServerSeconds = 12

    /// Overpass's Workers: places and the streets under the map; no city search. It sends
    /// nothing until its query has run, so the wait for a byte is the whole call's.
    static let overpassWorkers = PlacesWorkers(
        requestTimeout: 15,
        places: { options, _ in
            guard let endpoint = options.overpassEndpoint ?? OverpassPOIsWorker.defaultEndpoint else { return nil }
            return { OverpassPOIsWorker(endpoint: endpoint, http: $0, serverTimeoutSeconds: overpassServerSeconds) }
        },
        streets: { options, _ in
            guard let endpoint = options.overpassEndpoint ?? OverpassPOIsWorker.defaultEndpoint else { return nil }
            return { OverpassStreetsWorker(endpoint: endpoint, http: $0, serverTimeoutSeconds: overpassServerSeconds) }
        })

    /// OpenStreetMap's Overpass: no key.
    static let overpassSetup = ProviderSetup(
        baseURLSetting: "overpass-url",
        baseURL: { $0.overpassEndpoint ?? OverpassPOIsWorker.defaultEndpoint },
        probe: { _, base, http in { try await SourceProbe.overpass(endpoint: base, http: http) } })

    /// OpenStreetMap's Nominatim: no key.
    static let nominatimSetup = ProviderSetup(
        baseURLSetting: "nominatim-url",
        baseURL: { $0.nominatimBase ?? NominatimCitySearch.defaultBaseURL },
        probe: { _, base, http in { try await SourceProbe.nominatim(baseURL: base, http: http) } })

    /// Nominatim's Worker: the city search behind the places providers that have none.
    static let nominatimWorkers = PlacesWorkers(
        cities: { options, _ in
            guard let base = options.nominatimBase ?? NominatimCitySearch.defaultBaseURL else { return nil }
            return { NominatimCitySearch(baseURL: base, http: $0) }
        })

    /// The environment variables of settings, from the settings table: `TMDB_API_KEY, …`.
    static func variables(_ names: String...) -> String {
        names.compactMap { SettingsTable.row(named: $0)?.environment }.joined(separator: ", ")
    }
}
