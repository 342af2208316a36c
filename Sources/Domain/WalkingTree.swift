/// A finished search over a `WalkingGraph`: each reached node's parent (node and edge), the
/// node the walk ends at (-1 when the two snaps share a segment and the walk is a part of it)
/// and the walk's weight; it writes the walk out as a `WalkingRoute`.
struct WalkingTree {
    /// The graph searched.
    let graph: WalkingGraph
    /// Each node's parent on the tree, -1 for a start node or one not reached.
    let parentNode: [Int32]
    /// The edge from each node's parent to it.
    let parentEdge: [Int32]
    /// The node the walk leaves the graph at for the destination, or -1 (one segment).
    let end: Int32
    /// The walk's weight (metres, steps counted `WalkingPace.stepsFactor` times).
    let cost: Double

    /// One stretch of the walk.
    private struct Hop {
        let from: Coordinate, to: Coordinate
        let meters: Double, weight: Double
        let way: Int32
    }

    /// The walk from one snap to another along the tree.
    /// - Parameters:
    ///   - from: the start's snap (its segment holds the tree's start nodes).
    ///   - to: the destination's snap.
    ///   - pace: the walking pace.
    func route(from: WalkingSnap, to: WalkingSnap, pace: WalkingPace) -> WalkingRoute {
        let hops = self.hops(from: from, to: to)
        let weighted = hops.reduce(0.0) { $0 + $1.weight }
        let meters = hops.reduce(0.0) { $0 + $1.meters }
        var points = [from.point]
        for hop in hops where hop.to != points.last { points.append(hop.to) }
        if points.count < 2 { points.append(to.point) }
        return WalkingRoute(
            meters: meters, seconds: pace.seconds(weightedMetres: weighted), points: points,
            steps: RouteStepsBuilder.steps(hops.map { ($0.from, $0.to, $0.meters, graph.ways[Int($0.way)]) }),
            startSnapMeters: from.distanceMeters, endSnapMeters: to.distanceMeters)
    }

    private func hops(from: WalkingSnap, to: WalkingSnap) -> [Hop] {
        let (a, _) = graph.segmentEnds[from.segment], (c, _) = graph.segmentEnds[to.segment]
        let startWeight = graph.segmentWeights[from.segment], endWeight = graph.segmentWeights[to.segment]
        let startMeters = graph.segmentMetres[from.segment], endMeters = graph.segmentMetres[to.segment]
        let startWay = graph.segmentWays[from.segment], endWay = graph.segmentWays[to.segment]
        guard end >= 0 else {
            // The same segment, walked directly.
            let share = abs(from.fraction - to.fraction)
            return [Hop(from: from.point, to: to.point, meters: share * startMeters, weight: share * startWeight, way: startWay)]
        }
        var nodes: [Int32] = [end]
        while parentNode[Int(nodes[nodes.count - 1])] >= 0 { nodes.append(parentNode[Int(nodes[nodes.count - 1])]) }
        nodes.reverse()
        let first = nodes[0]
        let firstShare = first == a ? from.fraction : 1 - from.fraction
        var hops = [Hop(from: from.point, to: graph.positions[Int(first)], meters: firstShare * startMeters, weight: firstShare * startWeight, way: startWay)]
        for n in nodes.dropFirst() {
            let e = Int(parentEdge[Int(n)])
            hops.append(Hop(from: graph.positions[Int(parentNode[Int(n)])], to: graph.positions[Int(n)], meters: graph.edgeMetres[e], weight: graph.edgeWeights[e], way: graph.edgeWays[e]))
        }
        let lastShare = end == c ? to.fraction : 1 - to.fraction
        hops.append(Hop(from: graph.positions[Int(end)], to: to.point, meters: lastShare * endMeters, weight: lastShare * endWeight, way: endWay))
        let walked = hops.filter { $0.meters > 0 }
        return walked.isEmpty ? Array(hops.prefix(1)) : walked
    }
}
