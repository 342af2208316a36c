import Domain
import FoundationEssentials

/// Towns and cities by name from the live Geoapify Geocoding API
/// (https://apidocs.geoapify.com/docs/geocoding/, needs an API key).
///
/// `searchCities` is `GET /v1/geocode/search?text=…&type=city&format=json&limit=N&apiKey=KEY`;
/// `autocompleteCities` is the same on `/v1/geocode/autocomplete`, meant for text still being
/// typed. Replies may be `format=json` (`results`) or GeoJSON (`features`); both are read.
public struct GeoapifyCitySearch: CitySearching {
    /// The provider's name as shown on screen.
    public static let provider = ProviderName.geoapify

    private let apiKey: String
    private let baseURL: URL
    private let http: any HTTPFetching

    /// Makes a search.
    /// - Parameters:
    ///   - apiKey: the Geoapify API key.
    ///   - baseURL: the API's base URL (`GeoapifyPOIsWorker.defaultBaseURL`; tests use a
    ///     loopback server).
    ///   - http: the HTTP client.
    public init(apiKey: String, baseURL: URL, http: any HTTPFetching) {
        self.apiKey = apiKey
        self.baseURL = baseURL
        self.http = http
    }

    /// Cities matching complete text, best match first; see `CitySearching.searchCities(matching:limit:)`.
    /// - Throws: `SourceError` when Geoapify cannot answer.
    public func searchCities(matching text: String, limit: Int) async throws -> [City] {
        try await geocode(path: "v1/geocode/search", text: text, limit: limit)
    }

    /// Cities whose name starts like the text typed so far, best match first.
    /// - Parameters:
    ///   - text: the text typed so far; blank text gives no result.
    ///   - limit: the most results wanted, 1–20.
    /// - Returns: up to `limit` cities.
    /// - Throws: `SourceError` when Geoapify cannot answer.
    public func autocompleteCities(matching text: String, limit: Int) async throws -> [City] {
        try await geocode(path: "v1/geocode/autocomplete", text: text, limit: limit)
    }

    private func geocode(path: String, text: String, limit: Int) async throws -> [City] {
        let trimmed = text.trimming(.whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return [] }
        let count = min(20, max(1, limit))
        let query = QueryString.make([
            ("text", trimmed), ("type", "city"), ("format", "json"), ("limit", String(count)), ("apiKey", apiKey)
        ])
        let url = try QueryString.url(base: baseURL, path: path, query: query, provider: Self.provider)
        let data = try await ProviderResponse.body(of: url, provider: Self.provider, http: http)
        let reply = try ProviderResponse.decode(GeoapifyDTO.Reply.self, from: data, provider: Self.provider)
        let source = DataSource.live(provider: Self.provider)
        return Array(reply.records.compactMap { GeoapifyMapper.city($0.properties, geometry: $0.geometry, source: source) }.prefix(count))
    }
}
