import Domain
import FoundationEssentials

/// Builds the places and city sources the app uses, and says whom to credit for their data.
public enum POIsSources {
    /// The `auto` places source: Geoapify when a key is given (then OpenStreetMap Overpass when
    /// Geoapify fails), else Overpass, and the embedded snapshot when the live sources fail.
    /// - Parameters:
    ///   - geoapifyKey: the Geoapify API key, or nil or blank for none.
    ///   - http: the HTTP client.
    ///   - snapshot: the embedded snapshot worker (shared, so the scene can read its areas).
    ///   - pageSize: places per page.
    /// - Returns: the composed source.
    public static func auto(geoapifyKey: String?, http: any HTTPFetching, snapshot: SnapshotPOIsWorker, pageSize: Int = 20) -> any POIsWorking {
        var chain: any POIsWorking = snapshot
        if let endpoint = OverpassPOIsWorker.defaultEndpoint {
            chain = FallbackPOIsWorker(primary: OverpassPOIsWorker(endpoint: endpoint, http: http, pageSize: pageSize), fallback: chain)
        }
        if let key = geoapifyKey?.trimming(.whitespacesAndNewlines), !key.isEmpty,
           let base = GeoapifyPOIsWorker.defaultBaseURL {
            chain = FallbackPOIsWorker(primary: GeoapifyPOIsWorker(apiKey: key, baseURL: base, http: http, pageSize: pageSize), fallback: chain)
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
           let base = GeoapifyPOIsWorker.defaultBaseURL {
            return FallbackCitySearch(primary: GeoapifyCitySearch(apiKey: key, baseURL: base, http: http), fallback: offline)
        }
        if let base = NominatimCitySearch.defaultBaseURL {
            return FallbackCitySearch(primary: NominatimCitySearch(baseURL: base, http: http), fallback: offline)
        }
        return offline
    }
}
