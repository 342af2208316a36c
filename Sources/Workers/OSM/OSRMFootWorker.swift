import Domain
import FoundationEssentials

/// Walks by the streets from an OSRM server's foot profile: by default FOSSGIS's public
/// server (https://routing.openstreetmap.de, `routed-foot`), whose usage policy asks for at most
/// one request a second, a real User-Agent, answers kept rather than asked again, and the
/// attribution shown (the provider row's pacer keeps the rate, the app's client sends its
/// User-Agent, this actor keeps the last answers, `provider.credit` is the attribution).
///
/// One request a walk: `GET BASE/route/v1/foot/LON,LAT;LON,LAT?overview=full&geometries=geojson&steps=true`
/// (Project-OSRM/osrm-backend `docs/http.md`). The time is OSRM's, scaled from its foot
/// profile's 5 km/h to the pace asked.
public actor OSRMFootWorker: WalkRoutesWorking {
    /// The provider's name and the attribution its terms ask for.
    public static let provider = ProviderName(
        "FOSSGIS OSRM", credit: "Walks by FOSSGIS e.V.'s OSRM (routing.openstreetmap.de) · © OpenStreetMap contributors")
    /// FOSSGIS's public foot server.
    public static let defaultBaseURL = URL(string: "https://routing.openstreetmap.de/routed-foot")
    /// The walking speed of OSRM's foot profile, in km/h (`walking_speed = 5`, profiles/foot.lua).
    public static let profileKilometresPerHour = 5.0
    /// How many answers are kept in memory.
    public static let keptAnswers = 32

    private let baseURL: URL
    private let http: any HTTPFetching
    private let pace: WalkingPace
    private var kept: [(key: String, route: WalkingRoute)] = []

    /// Makes a worker.
    /// - Parameters:
    ///   - baseURL: the server with its profile's prefix (tests use a loopback server).
    ///   - http: the HTTP client (with the provider's pacer).
    ///   - pace: the walking pace the times are scaled to.
    public init(baseURL: URL, http: any HTTPFetching, pace: WalkingPace = .standard) {
        self.baseURL = baseURL
        self.http = http
        self.pace = pace
    }

    /// The request's path for two points: `route/v1/foot/LON,LAT;LON,LAT`.
    public static func path(from start: Coordinate, to destination: Coordinate) -> String {
        func point(_ c: Coordinate) -> String { "\(GeoFormat.degrees(c.longitude)),\(GeoFormat.degrees(c.latitude))" }
        return "route/v1/foot/\(point(start));\(point(destination))"
    }

    /// The walk between two points; see `WalkRoutesWorking`. A walk asked before is answered
    /// from memory.
    /// - Throws: `RouteProblem.unreachable` for OSRM's `NoRoute`; `SourceError` when the server
    ///   cannot be asked or answers something else.
    public func walk(from start: Coordinate, to destination: Coordinate) async throws -> WalkingRoute {
        let key = Self.path(from: start, to: destination)
        if let found = kept.first(where: { $0.key == key }) { return found.route }
        let url = try QueryString.url(
            base: baseURL, path: key, query: QueryString.make([("overview", "full"), ("geometries", "geojson"), ("steps", "true")]), provider: Self.provider)
        let response = try await ProviderResponse.answer(to: url, provider: Self.provider, http: http)
        // OSRM answers a walk it cannot find with 400 and `"code": "NoRoute"`.
        if response.status == 400, let reply = try? ProviderResponse.decode(OSRMDTO.Reply.self, from: response.body, provider: Self.provider),
            reply.code == "NoRoute"
        {
            throw RouteProblem.unreachable
        }
        guard (200..<300).contains(response.status) else {
            throw SourceError.httpStatus(provider: Self.provider, status: response.status, message: ProviderResponse.statusMessage(response.status))
        }
        let route = try Self.route(fromReply: response.body, pace: pace)
        kept.insert((key, route), at: 0)
        if kept.count > Self.keptAnswers { kept.removeLast() }
        return route
    }

    /// Reads a route reply: the first route's metres, its time scaled to the pace, its line and
    /// its steps (OSRM's `arrive` step and empty ones left out; a step's name, or nil for an
    /// unnamed way).
    /// - Parameters:
    ///   - data: the reply body.
    ///   - pace: the walking pace.
    /// - Returns: the route.
    /// - Throws: `RouteProblem.unreachable` for `NoRoute`; `SourceError.badData` for a body that
    ///   is not a route reply or a route without a line.
    public static func route(fromReply data: Data, pace: WalkingPace = .standard) throws -> WalkingRoute {
        let reply = try ProviderResponse.decode(OSRMDTO.Reply.self, from: data, provider: provider)
        if reply.code == "NoRoute" { throw RouteProblem.unreachable }
        guard reply.code == "Ok", let first = reply.routes.first, let metres = first.distance, let seconds = first.duration else {
            let said = reply.message.map { ": " + String($0.prefix(160)) } ?? ""
            throw SourceError.badData(provider: provider, reason: "no route in the answer (\(reply.code ?? "no code")\(said))")
        }
        let points = (first.geometry?.coordinates ?? []).compactMap { pair -> Coordinate? in
            guard pair.count >= 2 else { return nil }
            return Coordinate(validLatitude: pair[1], longitude: pair[0])
        }
        guard points.count >= 2 else { throw SourceError.badData(provider: provider, reason: "a route without its line") }
        var steps: [RouteStep] = []
        for step in first.legs.flatMap(\.steps) where step.maneuver?.type != "arrive" && (step.distance ?? 0) > 0 {
            let name = step.name.flatMap { $0.isEmpty ? nil : $0 }
            steps.append(RouteStep(street: name, highway: "", meters: step.distance ?? 0, turn: steps.isEmpty ? .depart : turn(step.maneuver)))
        }
        let scale = profileKilometresPerHour / pace.kilometresPerHour
        return WalkingRoute(
            meters: metres, seconds: seconds * scale, points: points, steps: steps,
            startSnapMeters: reply.waypoints.first?.distance ?? 0, endSnapMeters: reply.waypoints.last?.distance ?? 0)
    }

    /// The turn of an OSRM manoeuvre's modifier; a U-turn is a sharp one.
    static func turn(_ maneuver: OSRMDTO.Maneuver?) -> RouteTurn {
        switch maneuver?.modifier {
        case "left"?: return .left
        case "right"?: return .right
        case "slight left"?: return .slightLeft
        case "slight right"?: return .slightRight
        case "sharp left"?, "uturn"?: return .sharpLeft
        case "sharp right"?: return .sharpRight
        default: return .straight
        }
    }
}
