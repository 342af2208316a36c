/// Why there is no walking route, each with its own sentence.
public enum RouteProblem: Error, Sendable, Hashable {
    /// The map has no way a person may walk (none loaded, or none walkable).
    case noStreets
    /// The start is farther than `WalkingRouter.maximumSnapMeters` from any walkable way: it
    /// lies outside the area the streets cover. The distance is in metres.
    case startOutside(meters: Double)
    /// The destination lies outside the area the streets cover (as `startOutside`).
    case destinationOutside(meters: Double)
    /// Both ends are on streets, but on pieces of the street data that do not connect
    /// (an island: a courtyard's paths, a fenced park, an extract cut at its edge).
    case unreachable
    /// The destination is farther from the start than the streets loaded for one walk reach
    /// (their radius is at most `StreetMap.maximumRadiusMeters`), so none are loaded around
    /// it. The distance between the two, in metres.
    case destinationBeyondStreets(meters: Double)
    /// The streets could not be loaded, and the walking-route server finds no walk either.
    case noWalkFound

    /// The problem in one sentence, for a person.
    public var sentence: String {
        switch self {
        case .noStreets:
            return "No walkable streets are loaded here, so there is no walking route."
        case .startOutside(let meters):
            return "The start is \(RouteWords.distance(meters)) from the nearest street loaded: outside the area the streets cover."
        case .destinationOutside(let meters):
            return "The place is \(RouteWords.distance(meters)) from the nearest street loaded: outside the area the streets cover."
        case .unreachable:
            return "The streets near the place do not connect with the streets near the start in the loaded data (an island), so there is no walking route."
        case .destinationBeyondStreets(let meters):
            return "The destination is \(RouteWords.distance(meters)) from the start: outside the streets loaded for a walk, so there is no walking route."
        case .noWalkFound:
            return "No streets could be loaded, and the walking-route server finds no walk between the two points."
        }
    }
}
