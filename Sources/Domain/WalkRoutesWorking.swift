/// A source of walking routes asked over the network (a routing server), for walks the
/// streets loaded here do not connect, or when asked for by name.
public protocol WalkRoutesWorking: Sendable {
    /// The walk by the streets from one point to another.
    /// - Parameters:
    ///   - start: where the walk starts.
    ///   - destination: where it ends.
    /// - Returns: the route, its steps and its line.
    /// - Throws: `RouteProblem.unreachable` when the source finds no walk between the points;
    ///   `SourceError` when it cannot answer.
    func walk(from start: Coordinate, to destination: Coordinate) async throws -> WalkingRoute
}
