/// One step of a walking route: along one street (or one unnamed way of a kind), after a turn.
public struct RouteStep: Sendable, Hashable {
    /// The street's name (raw: sanitise before showing), or nil for an unnamed way.
    public let street: String?
    /// The way's `highway` tag (`footway`, `steps`, `residential`…), for naming an unnamed way.
    public let highway: String
    /// The length walked along it, in metres.
    public let meters: Double
    /// The turn onto it (`.depart` for the first step).
    public let turn: RouteTurn

    /// Makes a step.
    /// - Parameters:
    ///   - street: the name, or nil.
    ///   - highway: the `highway` tag.
    ///   - meters: metres, 0 or more.
    ///   - turn: the turn onto it.
    public init(street: String?, highway: String, meters: Double, turn: RouteTurn) {
        self.street = street
        self.highway = highway
        self.meters = meters
        self.turn = turn
    }

    /// What the step walks along, for a sentence: the name, else a phrase for its kind
    /// ("a footway", "steps", "a service road").
    public var along: String { street ?? RouteWords.unnamed(highway: highway) }
}
