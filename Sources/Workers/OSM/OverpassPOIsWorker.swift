import Domain
import FoundationEssentials

/// Places near a point from the live OpenStreetMap Overpass API
/// (https://wiki.openstreetmap.org/wiki/Overpass_API, no key).
///
/// A search is one Overpass QL query sent as `GET …/interpreter?data=QUERY` (Overpass accepts
/// the query URL-encoded in `data`), asking for nodes, ways and relations with the category's
/// tags within the radius, with a centre point for ways and relations:
///
///     [out:json][timeout:25];
///     (nwr["amenity"="cafe"](around:500,48.8566,2.3522););
///     out center;
///
/// Overpass cannot page, so the whole answer is sorted by distance (haversine from the centre)
/// and kept (only places of the asked category, should the server send others); later pages of the same search are cut from it without asking again. Page 0
/// always asks again.
public actor OverpassPOIsWorker: POIsWorking {
    /// The main public instance's endpoint.
    public static let defaultEndpoint = URL(string: "https://overpass-api.de/api/interpreter")
    /// The provider's name as shown on screen.
    public static let provider = ProviderName.overpass
    /// The largest search radius sent, in metres (larger radii are clamped to it).
    public static let maximumRadiusMeters = 50_000.0

    /// Places per page.
    public let pageSize: Int
    private let endpoint: URL
    private let http: any HTTPFetching
    private let serverTimeoutSeconds: Int
    private var cache: (key: SearchKey, places: [POI])?

    private struct SearchKey: Equatable {
        let center: Coordinate
        let radiusMeters: Double
        let category: POICategory?
    }

    /// Makes a worker.
    /// - Parameters:
    ///   - endpoint: the interpreter's URL (tests use a loopback server).
    ///   - http: the HTTP client.
    ///   - pageSize: places per page (at least 1; default 20).
    ///   - serverTimeoutSeconds: the `[timeout:N]` asked of the server, in seconds (default 25).
    public init(endpoint: URL, http: any HTTPFetching, pageSize: Int = 20, serverTimeoutSeconds: Int = 25) {
        self.endpoint = endpoint
        self.http = http
        self.pageSize = max(1, pageSize)
        self.serverTimeoutSeconds = max(1, serverTimeoutSeconds)
    }

    /// The Overpass QL text for a search.
    /// - Parameters:
    ///   - center: the point to search around.
    ///   - radiusMeters: the radius in metres (clamped to 1…`maximumRadiusMeters`).
    ///   - category: the kind of place, or nil for every kind in `POICategoryTable`.
    ///   - timeoutSeconds: the server-side time limit, in seconds.
    /// - Returns: the query.
    public static func query(near center: Coordinate, radiusMeters: Double, category: POICategory?, timeoutSeconds: Int = 25) -> String {
        let radius = GeoFormat.meters(min(maximumRadiusMeters, max(1, radiusMeters.isFinite ? radiusMeters : 1)))
        let around = "(around:\(radius),\(GeoFormat.degrees(center.latitude)),\(GeoFormat.degrees(center.longitude)))"
        let clauses = POICategoryTable.osmTags(for: category).map { tag in
            "nwr[\"\(escape(tag.key))\"=\"\(escape(tag.value))\"]\(around);"
        }
        return "[out:json][timeout:\(timeoutSeconds)];\n(\n" + clauses.joined(separator: "\n") + "\n);\nout center;"
    }

    /// One page of places, nearest first; see `POIsWorking.nearbyPOIs(near:radiusMeters:category:page:)`.
    /// - Throws: `SourceError`; a reply whose `remark` reports a runtime error (the server gave
    ///   up, for example on a timeout) is `.unreachable` with the server's words.
    public func nearbyPOIs(near center: Coordinate, radiusMeters: Double, category: POICategory?, page: Int) async throws -> PagedResult<POI> {
        let key = SearchKey(center: center, radiusMeters: radiusMeters, category: category)
        let places: [POI]
        if page > 0, let cache, cache.key == key {
            places = cache.places
        } else {
            places = try await fetch(key)
            cache = (key, places)
        }
        let start = min(max(0, page) * pageSize, places.count)
        let end = min(start + pageSize, places.count)
        return PagedResult(items: Array(places[start..<end]), page: page, hasMore: end < places.count, source: .live(provider: Self.provider))
    }

    private func fetch(_ key: SearchKey) async throws -> [POI] {
        let text = Self.query(near: key.center, radiusMeters: key.radiusMeters, category: key.category, timeoutSeconds: serverTimeoutSeconds)
        let url = try QueryString.url(base: endpoint, path: "", query: QueryString.make([("data", text)]), provider: Self.provider)
        let data = try await ProviderResponse.body(of: url, provider: Self.provider, http: http)
        let places = try Self.places(fromReply: data, center: key.center, source: .live(provider: Self.provider))
        guard let category = key.category else { return places }
        return places.filter { $0.categories.contains(category) }
    }

    /// Reads an Overpass `[out:json]` reply.
    /// - Parameters:
    ///   - data: the reply body.
    ///   - center: the point searched around, for distances.
    ///   - source: where the reply came from.
    /// - Returns: the places, nearest first.
    /// - Throws: `SourceError.badData` for a body that is not an Overpass reply;
    ///   `.unreachable` when its `remark` reports a runtime error.
    static func places(fromReply data: Data, center: Coordinate?, source: DataSource) throws -> [POI] {
        let reply = try ProviderResponse.decode(OSMDTO.OverpassReply.self, from: data, provider: provider)
        if let remark = reply.remark, remark.lowercased().contains("runtime error") {
            let line = remark.split(whereSeparator: \.isNewline).first.map(String.init) ?? remark
            throw SourceError.unreachable(provider: provider, reason: "server " + String(line.prefix(160)))
        }
        return OSMMapper.places(reply.elements.elements, center: center, source: source)
    }

    /// A string literal's content for Overpass QL: backslash and double quote escaped.
    private static func escape(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
    }
}
