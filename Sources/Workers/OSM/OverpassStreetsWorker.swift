import Domain
import FoundationEssentials

/// Street geometry near a point from the live OpenStreetMap Overpass API: roads, paths,
/// railways, water and parks, for the places map.
///
/// One query per centre and radius, sent as `GET …/interpreter?data=QUERY`, asking for the
/// ways with their points inline (`out geom`):
///
///     [out:json][timeout:25];
///     (
///     way["highway"~"^(motorway|trunk|primary|…|footway|path)(_link)?$"](around:1000,60.1699,24.9384);
///     way["railway"~"^(rail|tram|light_rail|subway|narrow_gauge)$"](around:…);
///     way["natural"="water"](around:…); way["waterway"~"^(river|canal|stream)$"](around:…);
///     way["leisure"~"^(park|garden)$"](around:…);
///     );
///     out geom;
///
/// `out geom` writes each way's node ids beside its points: the walking graph joins ways where
/// they share one. The reply is read in either form Overpass writes: ways with inline `geometry` (`out geom`),
/// or ways with `nodes` ids and the nodes themselves (`out body; >; out skel qt;`). The last
/// few answers are kept in memory, so returning to a centre asks nothing (the public
/// instances ask to be used sparingly: https://wiki.openstreetmap.org/wiki/Overpass_API#Public_Overpass_API_instances).
public actor OverpassStreetsWorker: StreetsWorking {
    /// The provider's name as shown on screen.
    public static let provider = ProviderName.overpass
    /// The widest radius asked, in metres (`StreetMap.maximumRadiusMeters`).
    public static let maximumRadiusMeters = StreetMap.maximumRadiusMeters
    /// How many answers are kept in memory.
    public static let keptAnswers = 4

    private let endpoint: URL
    private let http: any HTTPFetching
    private let serverTimeoutSeconds: Int
    private var kept: [(key: Key, map: StreetMap)] = []

    private struct Key: Equatable {
        let center: Coordinate
        let radiusMeters: Double
    }

    /// Makes a worker.
    /// - Parameters:
    ///   - endpoint: the interpreter's URL (tests use a loopback server).
    ///   - http: the HTTP client (with the app's pacing and retries).
    ///   - serverTimeoutSeconds: the `[timeout:N]` asked of the server, in seconds (default 25).
    public init(endpoint: URL, http: any HTTPFetching, serverTimeoutSeconds: Int = 25) {
        self.endpoint = endpoint
        self.http = http
        self.serverTimeoutSeconds = max(1, serverTimeoutSeconds)
    }

    /// The Overpass QL text for the streets around a point.
    /// - Parameters:
    ///   - center: the point.
    ///   - radiusMeters: the radius in metres (clamped to 1…`maximumRadiusMeters`).
    ///   - timeoutSeconds: the server-side time limit, in seconds.
    /// - Returns: the query.
    public static func query(near center: Coordinate, radiusMeters: Double, timeoutSeconds: Int = 25) -> String {
        let radius = GeoFormat.meters(clamped(radiusMeters))
        let around = "(around:\(radius),\(GeoFormat.degrees(center.latitude)),\(GeoFormat.degrees(center.longitude)))"
        let filters = [
            "[\"highway\"~\"^(motorway|trunk|primary|secondary|tertiary|unclassified|residential|living_street|service|pedestrian|footway|path|cycleway|steps|track)(_link)?$\"]",
            "[\"railway\"~\"^(rail|tram|light_rail|subway|narrow_gauge)$\"]",
            "[\"natural\"=\"water\"]",
            "[\"waterway\"~\"^(river|canal|stream)$\"]",
            "[\"leisure\"~\"^(park|garden)$\"]"
        ]
        return "[out:json][timeout:\(timeoutSeconds)];\n(\n" + filters.map { "way\($0)\(around);" }.joined(separator: "\n") + "\n);\nout geom;"
    }

    /// The radius asked for a search radius, in metres.
    public static func clamped(_ radiusMeters: Double) -> Double {
        min(maximumRadiusMeters, max(1, radiusMeters.isFinite ? radiusMeters : 1))
    }

    /// The streets around a point; see `StreetsWorking.streets(near:radiusMeters:)`. An
    /// answer kept for the same centre and radius is returned without asking.
    /// - Throws: `SourceError`; a reply whose `remark` reports a runtime error is
    ///   `.unreachable` with the server's words.
    public func streets(near center: Coordinate, radiusMeters: Double) async throws -> StreetMap {
        let key = Key(center: center, radiusMeters: Self.clamped(radiusMeters))
        if let found = kept.first(where: { $0.key == key }) { return found.map }
        let text = Self.query(near: center, radiusMeters: key.radiusMeters, timeoutSeconds: serverTimeoutSeconds)
        let url = try QueryString.url(base: endpoint, path: "", query: QueryString.make([("data", text)]), provider: Self.provider)
        let data = try await ProviderResponse.body(of: url, provider: Self.provider, http: http)
        let map = try Self.streetMap(fromReply: data, center: center, radiusMeters: key.radiusMeters, source: .live(provider: Self.provider))
        kept.insert((key, map), at: 0)
        if kept.count > Self.keptAnswers { kept.removeLast() }
        return map
    }

    /// Reads an Overpass `[out:json]` reply of ways, in either form (inline `geometry`, or
    /// `nodes` ids with the nodes); ways of no drawn class, and points that are not valid
    /// coordinates or ids with no node, are left out.
    /// - Parameters:
    ///   - data: the reply body.
    ///   - center: the point loaded around.
    ///   - radiusMeters: the radius loaded, in metres.
    ///   - source: where the reply came from.
    /// - Returns: the street map.
    /// - Throws: `SourceError.badData` for a body that is not an Overpass reply;
    ///   `.unreachable` when its `remark` reports a runtime error.
    public static func streetMap(fromReply data: Data, center: Coordinate, radiusMeters: Double, source: DataSource) throws -> StreetMap {
        let reply = try ProviderResponse.decode(OSMDTO.OverpassReply.self, from: data, provider: provider)
        if let remark = reply.remark, remark.lowercased().contains("runtime error") {
            let line = remark.split(whereSeparator: \.isNewline).first.map(String.init) ?? remark
            throw SourceError.unreachable(provider: provider, reason: "server " + String(line.prefix(160)))
        }
        return StreetMap(center: center, radiusMeters: radiusMeters, ways: OSMMapper.ways(reply.elements.elements), source: source)
    }
}
