import Domain
import FoundationEssentials

/// One small real request to each provider, to tell whether it answers (`discover-tui --check`).
/// Each throws the same `SourceError`s as the provider's Worker and never puts a key in one.
public enum SourceProbe {
    /// TVmaze: `GET /shows/1` (one show, about 2 KB).
    /// - Parameters:
    ///   - baseURL: the API's base URL.
    ///   - http: the HTTP client.
    /// - Throws: `SourceError` when TVmaze does not answer with a show.
    public static func tvmaze(baseURL: URL, http: any HTTPFetching) async throws {
        let url = try QueryString.url(base: baseURL, path: "shows/1", query: "", provider: TVmazeShowsWorker.provider)
        let data = try await ProviderResponse.body(of: url, provider: TVmazeShowsWorker.provider, http: http)
        _ = try ProviderResponse.decode(TVmazeDTO.Show.self, from: data, provider: TVmazeShowsWorker.provider)
    }

    /// TMDB: `GET /3/genre/tv/list` with the credential (a few hundred bytes).
    /// - Parameters:
    ///   - credential: the API key or read access token.
    ///   - baseURL: the API's base URL.
    ///   - http: the HTTP client.
    /// - Throws: `SourceError` (`.httpStatus` 401 when TMDB rejects the credential).
    public static func tmdb(credential: TMDBCredential, baseURL: URL, http: any HTTPFetching) async throws {
        try await TMDBShowsWorker(credential: credential, baseURL: baseURL, http: http).probe()
    }

    /// Geoapify: a geocoding search for one city (`Paris`, limit 1) with the key.
    /// - Parameters:
    ///   - apiKey: the Geoapify API key.
    ///   - baseURL: the API's base URL.
    ///   - http: the HTTP client.
    /// - Throws: `SourceError` (`.httpStatus` 401 for a bad key).
    public static func geoapify(apiKey: String, baseURL: URL, http: any HTTPFetching) async throws {
        _ = try await GeoapifyCitySearch(apiKey: apiKey, baseURL: baseURL, http: http).searchCities(matching: "Paris", limit: 1)
    }

    /// Overpass: the empty query `[out:json][timeout:5];out;`, which the server answers at
    /// once with an empty `elements` list (https://wiki.openstreetmap.org/wiki/Overpass_API/Overpass_QL).
    /// - Parameters:
    ///   - endpoint: the interpreter's URL.
    ///   - http: the HTTP client.
    /// - Throws: `SourceError` when Overpass does not answer with an Overpass reply.
    public static func overpass(endpoint: URL, http: any HTTPFetching) async throws {
        let provider = OverpassPOIsWorker.provider
        let url = try QueryString.url(base: endpoint, path: "", query: QueryString.make([("data", "[out:json][timeout:5];out;")]), provider: provider)
        let data = try await ProviderResponse.body(of: url, provider: provider, http: http)
        _ = try OverpassPOIsWorker.places(fromReply: data, center: nil, source: .live(provider: provider))
    }

    /// Nominatim: a search for one city (`Paris`, limit 1).
    /// - Parameters:
    ///   - baseURL: the instance's base URL.
    ///   - http: the HTTP client.
    /// - Throws: `SourceError` when Nominatim does not answer.
    public static func nominatim(baseURL: URL, http: any HTTPFetching) async throws {
        _ = try await NominatimCitySearch(baseURL: baseURL, http: http).searchCities(matching: "Paris", limit: 1)
    }
}
