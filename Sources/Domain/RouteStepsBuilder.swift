/// Turns the stretches of a walk into turn-by-turn steps: consecutive stretches along one
/// street (one name, or unnamed ways of one kind) make one step; a step shorter than
/// `shortestStepMeters` between two others (a crossing, a kerb's footway) is counted into its
/// longer neighbour, the shortest first; the turn onto a step is the change of heading between the last stretch before
/// it and its first.
enum RouteStepsBuilder {
    /// Steps shorter than this, in metres, between two others are folded into the one before.
    static let shortestStepMeters = 15.0

    private struct Group {
        var street: String?
        var highway: String
        var meters: Double
        var firstHeading: Double?
        var lastHeading: Double?
        var key: String { street.map { "name:" + $0 } ?? "kind:" + highway }
    }

    /// The steps of a walk.
    /// - Parameter hops: its stretches in order: from, to, metres and way.
    /// - Returns: the steps; the first with `.depart`.
    static func steps(_ hops: [(Coordinate, Coordinate, Double, WalkingGraph.Way)]) -> [RouteStep] {
        var groups: [Group] = []
        for (from, to, meters, way) in hops {
            let heading: Double? = meters > 0.5 ? from.bearingDegrees(to: to) : nil
            let group = Group(street: way.name, highway: way.highway, meters: meters, firstHeading: heading, lastHeading: heading)
            append(group, to: &groups)
        }
        // The shortest inner step first, into its longer neighbour, until none is short.
        while groups.count > 2,
            let index = (1..<(groups.count - 1)).min(by: { groups[$0].meters < groups[$1].meters }),
            groups[index].meters < shortestStepMeters
        {
            let short = groups.remove(at: index)
            if groups[index - 1].meters >= groups[index].meters {
                groups[index - 1].meters += short.meters
                groups[index - 1].lastHeading = short.lastHeading ?? groups[index - 1].lastHeading
            } else {
                groups[index].meters += short.meters
                groups[index].firstHeading = short.firstHeading ?? groups[index].firstHeading
            }
            if groups[index].key == groups[index - 1].key {
                let same = groups.remove(at: index)
                groups[index - 1].meters += same.meters
                groups[index - 1].lastHeading = same.lastHeading ?? groups[index - 1].lastHeading
            }
        }
        return groups.enumerated().map { k, group in
            var turn = RouteTurn.depart
            if k > 0 {
                if let before = groups[k - 1].lastHeading, let after = group.firstHeading {
                    turn = RouteTurn(headingChange: after - before)
                } else {
                    turn = .straight
                }
            }
            return RouteStep(street: group.street, highway: group.highway, meters: group.meters, turn: turn)
        }
    }

    private static func append(_ group: Group, to groups: inout [Group]) {
        guard let last = groups.indices.last, groups[last].key == group.key else {
            groups.append(group)
            return
        }
        groups[last].meters += group.meters
        if groups[last].firstHeading == nil { groups[last].firstHeading = group.firstHeading }
        groups[last].lastHeading = group.lastHeading ?? groups[last].lastHeading
    }
}
