import Domain
import FoundationEssentials

/// Places near a point from the live Geoapify Places API v2
/// (https://apidocs.geoapify.com/docs/places/, needs an API key).
///
/// One page is `GET /v2/places?categories=…&filter=circle:LON,LAT,RADIUS&bias=proximity:LON,LAT
/// &limit=N&offset=K&apiKey=KEY`, which Geoapify answers nearest first. The key travels only in
/// the request URL, and no error ever shows a URL.
public struct GeoapifyPOIsWorker: POIsWorking {
    /// The public API's base URL.
    public static let defaultBaseURL = URL(string: "https://api.geoapify.com")
    /// The provider's name as shown on screen.
    public static let provider = ProviderName.geoapify
    /// The largest search radius sent, in metres (larger radii are clamped to it).
    public static let maximumRadiusMeters = 50_000.0

    /// Places per page (Geoapify's `limit`).
    public let pageSize: Int
    private let apiKey: String
    private let baseURL: URL
    private let http: any HTTPFetching

    /// Makes a worker.
    /// - Parameters:
    ///   - apiKey: the Geoapify API key.
    ///   - baseURL: the API's base URL (tests use a loopback server).
    ///   - http: the HTTP client.
    ///   - pageSize: places per page, 1–500 (default 20).
    public init(apiKey: String, baseURL: URL, http: any HTTPFetching, pageSize: Int = 20) {
        self.apiKey = apiKey
        self.baseURL = baseURL
        self.http = http
        self.pageSize = min(500, max(1, pageSize))
    }

    /// One page of places, nearest first; see `POIsWorking.nearbyPOIs(near:radiusMeters:category:page:)`.
    /// `hasMore` is true when the page came back full. A place without a name is kept (name nil);
    /// one without a position is skipped.
    /// - Throws: `SourceError` (`.httpStatus` 401 for a bad key, `.rateLimited` for 429, …).
    public func nearbyPOIs(near center: Coordinate, radiusMeters: Double, category: POICategory?, page: Int) async throws -> PagedResult<POI> {
        let radius = min(Self.maximumRadiusMeters, max(1, radiusMeters.isFinite ? radiusMeters : 1))
        let lon = GeoFormat.degrees(center.longitude), lat = GeoFormat.degrees(center.latitude)
        let query = QueryString.make(
            [
                ("categories", POICategoryTable.geoapifyParameter(for: category)),
                ("filter", "circle:\(lon),\(lat),\(GeoFormat.meters(radius))"),
                ("bias", "proximity:\(lon),\(lat)"),
                ("limit", String(pageSize)),
                ("offset", String(max(0, page) * pageSize)),
                ("apiKey", apiKey)
            ], keep: ",:")
        let url = try QueryString.url(base: baseURL, path: "v2/places", query: query, provider: Self.provider)
        let data = try await ProviderResponse.body(of: url, provider: Self.provider, http: http)
        let reply = try ProviderResponse.decode(GeoapifyDTO.Reply.self, from: data, provider: Self.provider)
        let source = DataSource.live(provider: Self.provider)
        let places = reply.records.compactMap { GeoapifyMapper.place($0.properties, geometry: $0.geometry, center: center, source: source) }
        return PagedResult(items: places.sorted(by: POI.isNearer), page: page, hasMore: reply.rawCount >= pageSize, source: source)
    }
}
