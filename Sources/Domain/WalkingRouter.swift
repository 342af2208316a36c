/// The shortest walk between two points over a `WalkingGraph`, by A* search.
///
/// Each end is snapped to the nearest point of the graph (`WalkingGraph.snap`); the search
/// minimises the weighted length (steps count `WalkingPace.stepsFactor` times their metres)
/// with the great-circle distance to the destination as its estimate, which never
/// overestimates (an edge is at least as long as the great circle between its ends, and no
/// weight is below its length), so the walk found is a shortest one (P. E. Hart, N. J. Nilsson
/// and B. Raphael, "A Formal Basis for the Heuristic Determination of Minimum Cost Paths",
/// IEEE Transactions on Systems Science and Cybernetics 4 (2), 1968, pp. 100–107).
public struct WalkingRouter: Sendable {
    /// The farthest a point may be from the nearest walkable way and still be routed, in
    /// metres: farther, it is outside the area the streets cover.
    public static let maximumSnapMeters = 250.0

    /// The graph searched.
    public let graph: WalkingGraph
    /// The walking pace, for the time.
    public let pace: WalkingPace

    /// Makes a router.
    /// - Parameters:
    ///   - graph: the walking graph.
    ///   - pace: the walking pace (default 4.8 km/h).
    public init(graph: WalkingGraph, pace: WalkingPace = .standard) {
        self.graph = graph
        self.pace = pace
    }

    /// The shortest walk from one point to another.
    /// - Parameters:
    ///   - start: where the walk starts (the search centre or your location).
    ///   - destination: the place.
    /// - Returns: the route.
    /// - Throws: `RouteProblem.noStreets` for an empty graph, `.startOutside` or
    ///   `.destinationOutside` for an end farther than `maximumSnapMeters` from any walkable
    ///   way, `.unreachable` when the ends are on pieces that do not connect.
    public func route(from start: Coordinate, to destination: Coordinate) throws(RouteProblem) -> WalkingRoute {
        guard let from = graph.snap(start), let to = graph.snap(destination) else { throw .noStreets }
        guard from.distanceMeters <= Self.maximumSnapMeters else { throw .startOutside(meters: from.distanceMeters) }
        guard to.distanceMeters <= Self.maximumSnapMeters else { throw .destinationOutside(meters: to.distanceMeters) }
        guard graph.piece(ofSegment: from.segment) == graph.piece(ofSegment: to.segment) else { throw .unreachable }
        return search(from: from, to: to).route(from: from, to: to, pace: pace)
    }

    /// The search tree of a shortest walk between two snaps of one piece, with its end.
    private func search(from: WalkingSnap, to: WalkingSnap) -> WalkingTree {
        let (a, b) = graph.segmentEnds[from.segment], (c, d) = graph.segmentEnds[to.segment]
        let startWeight = graph.segmentWeights[from.segment], endWeight = graph.segmentWeights[to.segment]
        var bestCost = Double.infinity
        var bestEnd: Int32 = -1
        if from.segment == to.segment {
            bestCost = abs(from.fraction - to.fraction) * startWeight
        }
        let count = graph.nodeCount
        var cost = [Double](repeating: .infinity, count: count)
        var parentEdge = [Int32](repeating: -1, count: count)
        var parentNode = [Int32](repeating: -1, count: count)
        var closed = [Bool](repeating: false, count: count)
        var heap = WalkingHeap()
        let target = to.point
        func estimate(_ n: Int32) -> Double { Geo.distanceMeters(from: graph.positions[Int(n)], to: target) }
        for (node, g) in [(a, from.fraction * startWeight), (b, (1 - from.fraction) * startWeight)] where g < cost[Int(node)] {
            cost[Int(node)] = g
            heap.push(g + estimate(node), node)
        }
        while let (f, n) = heap.pop() {
            let ni = Int(n)
            if closed[ni] { continue }
            if f >= bestCost { break }
            closed[ni] = true
            let g = cost[ni]
            if n == c, g + to.fraction * endWeight < bestCost { bestCost = g + to.fraction * endWeight; bestEnd = n }
            if n == d, g + (1 - to.fraction) * endWeight < bestCost { bestCost = g + (1 - to.fraction) * endWeight; bestEnd = n }
            for e in Int(graph.edgeStart[ni])..<Int(graph.edgeStart[ni + 1]) {
                let m = Int(graph.edgeTargets[e])
                let next = g + graph.edgeWeights[e]
                if next < cost[m] {
                    cost[m] = next
                    parentEdge[m] = Int32(e)
                    parentNode[m] = n
                    heap.push(next + estimate(Int32(m)), Int32(m))
                }
            }
        }
        return WalkingTree(graph: graph, parentNode: parentNode, parentEdge: parentEdge, end: bestEnd, cost: bestCost)
    }
}
