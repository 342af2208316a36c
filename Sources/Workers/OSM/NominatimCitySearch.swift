import Domain
import FoundationEssentials

/// Towns and cities by name from OpenStreetMap's Nominatim
/// (https://nominatim.org/release-docs/latest/api/Search/, no key):
/// `GET /search?q=…&format=jsonv2&limit=N&addressdetails=1`.
///
/// The public instance's usage policy (https://operations.osmfoundation.org/policies/nominatim/)
/// allows at most one request per second and forbids search-as-you-type: give this search an
/// HTTP client paced by `RequestPacer.Rule.nominatim` (as the app's is, through Nominatim's one
/// pacer) and call it when the person submits the text, not on every key.
public struct NominatimCitySearch: CitySearching {
    /// The public instance's base URL.
    public static let defaultBaseURL = URL(string: "https://nominatim.openstreetmap.org")
    /// The provider's name as shown on screen, and the pacer's key.
    public static let provider = ProviderName.nominatim

    private let baseURL: URL
    private let http: any HTTPFetching

    /// Makes a search.
    /// - Parameters:
    ///   - baseURL: the server's base URL (tests use a loopback server).
    ///   - http: the HTTP client: one that sends an identifying `User-Agent` (as
    ///     `CurlHTTPClient` does) and keeps to one request a second (as
    ///     `ResilientHTTPClient` with a pacer of `RequestPacer.Rule.nominatim` does).
    public init(baseURL: URL, http: any HTTPFetching) {
        self.baseURL = baseURL
        self.http = http
    }

    /// Cities matching the text, in Nominatim's order; see `CitySearching.searchCities(matching:limit:)`.
    /// - Throws: `SourceError` when Nominatim cannot answer; `CancellationError` when
    ///   cancelled.
    public func searchCities(matching text: String, limit: Int) async throws -> [City] {
        let trimmed = text.trimming(.whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return [] }
        let count = min(40, max(1, limit))
        let query = QueryString.make([("q", trimmed), ("format", "jsonv2"), ("limit", String(count)), ("addressdetails", "1")])
        let url = try QueryString.url(base: baseURL, path: "search", query: query, provider: Self.provider)
        let data = try await ProviderResponse.body(of: url, provider: Self.provider, http: http)
        let list = try ProviderResponse.decode(LossyArray<OSMDTO.NominatimPOI>.self, from: data, provider: Self.provider)
        let source = DataSource.live(provider: Self.provider)
        return Array(list.elements.compactMap { OSMMapper.city($0, source: source) }.prefix(count))
    }
}
