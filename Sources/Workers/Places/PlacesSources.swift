import Domain
import FoundationEssentials

/// Live places first, another source when the live one cannot answer: the `auto` places source.
///
/// A search starts at page 0. When the primary source fails on a page 0, this search and every
/// later one go to the fallback, and the pages say so through their `source`; `retryPrimary()`
/// goes back to the primary. Once a search is served by the primary, a later page's failure is
/// reported as an error rather than mixing sources in one list.
public actor FallbackPlacesWorker: PlacesWorking {
    private let primary: any PlacesWorking
    private let fallback: any PlacesWorking
    private var useFallback = false
    /// Why the primary source was given up, for the status bar; nil while it is in use.
    public private(set) var fallbackReason: SourceError?

    /// Makes a worker.
    /// - Parameters:
    ///   - primary: the preferred source.
    ///   - fallback: the source used once the preferred one failed.
    public init(primary: any PlacesWorking, fallback: any PlacesWorking) {
        self.primary = primary
        self.fallback = fallback
    }

    /// A page from the primary source, or from the fallback once the primary failed on a page 0.
    public func nearbyPlaces(near center: Coordinate, radiusMeters: Double, category: PlaceCategory?, page: Int) async throws -> PagedResult<POI> {
        if useFallback {
            return try await fallback.nearbyPlaces(near: center, radiusMeters: radiusMeters, category: category, page: page)
        }
        do {
            return try await primary.nearbyPlaces(near: center, radiusMeters: radiusMeters, category: category, page: page)
        } catch let error as SourceError where page == 0 {
            useFallback = true
            fallbackReason = error
            return try await fallback.nearbyPlaces(near: center, radiusMeters: radiusMeters, category: category, page: page)
        }
    }

    /// Uses the primary source again from the next search (after the person asks to retry).
    public func retryPrimary() {
        useFallback = false
        fallbackReason = nil
    }
}

/// City search that asks a live source and answers from another (usually the offline table)
/// whenever the live one fails. Each search decides on its own.
public struct FallbackCitySearch: CitySearching {
    private let primary: any CitySearching
    private let fallback: any CitySearching

    /// Makes a search.
    /// - Parameters:
    ///   - primary: the preferred source.
    ///   - fallback: the source asked when the preferred one throws a `SourceError`.
    public init(primary: any CitySearching, fallback: any CitySearching) {
        self.primary = primary
        self.fallback = fallback
    }

    /// Cities from the primary source, or from the fallback when it fails.
    public func searchCities(matching text: String, limit: Int) async throws -> [City] {
        try await searchCitiesReportingFallback(matching: text, limit: limit).cities
    }

    /// Cities from the primary source; when it fails, the fallback's cities with the primary's
    /// failure, so that a refusal (Nominatim's 403 "Access blocked") or a server error is
    /// never reported as "no such city".
    public func searchCitiesReportingFallback(matching text: String, limit: Int) async throws -> CitySearchAnswer {
        do {
            return CitySearchAnswer(cities: try await primary.searchCities(matching: text, limit: limit), fallbackReason: nil)
        } catch let error as SourceError {
            return CitySearchAnswer(cities: try await fallback.searchCities(matching: text, limit: limit), fallbackReason: error)
        }
    }
}

/// Builds the places and city sources the app uses, and says whom to credit for their data.
public enum PlacesSources {
    /// The `auto` places source: Geoapify when a key is given (then OpenStreetMap Overpass when
    /// Geoapify fails), else Overpass, and the embedded snapshot when the live sources fail.
    /// - Parameters:
    ///   - geoapifyKey: the Geoapify API key, or nil or blank for none.
    ///   - http: the HTTP client.
    ///   - snapshot: the embedded snapshot worker (shared, so the scene can read its areas).
    ///   - pageSize: places per page.
    /// - Returns: the composed source.
    public static func auto(geoapifyKey: String?, http: any HTTPFetching, snapshot: SnapshotPlacesWorker, pageSize: Int = 20) -> any PlacesWorking {
        var chain: any PlacesWorking = snapshot
        if let endpoint = OverpassPlacesWorker.defaultEndpoint {
            chain = FallbackPlacesWorker(primary: OverpassPlacesWorker(endpoint: endpoint, http: http, pageSize: pageSize), fallback: chain)
        }
        if let key = geoapifyKey?.trimming(.whitespacesAndNewlines), !key.isEmpty,
           let base = GeoapifyPlacesWorker.defaultBaseURL {
            chain = FallbackPlacesWorker(primary: GeoapifyPlacesWorker(apiKey: key, baseURL: base, http: http, pageSize: pageSize), fallback: chain)
        }
        return chain
    }

    /// The `auto` city search: Geoapify when a key is given, else Nominatim (one request a
    /// second; call it on submit, not per key), answering from the embedded GeoNames table
    /// whenever the live source fails.
    /// - Parameters:
    ///   - geoapifyKey: the Geoapify API key, or nil or blank for none.
    ///   - http: the HTTP client.
    /// - Returns: the composed search.
    public static func autoCitySearch(geoapifyKey: String?, http: any HTTPFetching) -> any CitySearching {
        let offline = CitySearch()
        if let key = geoapifyKey?.trimming(.whitespacesAndNewlines), !key.isEmpty,
           let base = GeoapifyPlacesWorker.defaultBaseURL {
            return FallbackCitySearch(primary: GeoapifyCitySearch(apiKey: key, baseURL: base, http: http), fallback: offline)
        }
        if let base = NominatimCitySearch.defaultBaseURL {
            return FallbackCitySearch(primary: NominatimCitySearch(baseURL: base, http: http), fallback: offline)
        }
        return offline
    }

    /// The credit line the screen must show under data from a source (the data licences' terms).
    /// - Parameter source: where the data came from.
    /// - Returns: for example `"Powered by Geoapify · © OpenStreetMap contributors"`.
    public static func attribution(for source: DataSource) -> String {
        let provider: String
        switch source {
        case .live(let p), .cache(let p, _): provider = p
        case .embeddedSnapshot(let p, _): provider = p
        case .snapshotFile: return "© OpenStreetMap contributors"
        }
        switch provider {
        case GeoapifyPlacesWorker.provider: return "Powered by Geoapify · © OpenStreetMap contributors"
        case "GeoNames": return "GeoNames (geonames.org), CC BY 4.0"
        default: return "© OpenStreetMap contributors"
        }
    }
}
