/// Every shortest walk from one start at once: Dijkstra's search over the whole piece of the
/// `WalkingGraph` the start is on (E. W. Dijkstra, "A note on two problems in connexion with
/// graphs", Numerische Mathematik 1, 1959, pp. 269–271), so that the walks to a list of places
/// cost one search and a snap each.
public struct WalkingReach: Sendable {
    /// The graph searched.
    public let graph: WalkingGraph
    /// The walking pace.
    public let pace: WalkingPace
    private let start: WalkingSnap
    private let cost: [Double]
    private let parentNode: [Int32]
    private let parentEdge: [Int32]

    /// Searches from a start.
    /// - Parameters:
    ///   - graph: the walking graph.
    ///   - start: where every walk starts.
    ///   - pace: the walking pace (default 4.8 km/h).
    /// - Throws: `RouteProblem.noStreets` for an empty graph, `.startOutside` for a start
    ///   farther than `WalkingRouter.maximumSnapMeters` from any walkable way.
    public init(graph: WalkingGraph, from start: Coordinate, pace: WalkingPace = .standard) throws(RouteProblem) {
        guard let snap = graph.snap(start) else { throw .noStreets }
        guard snap.distanceMeters <= WalkingRouter.maximumSnapMeters else { throw .startOutside(meters: snap.distanceMeters) }
        self.graph = graph
        self.pace = pace
        self.start = snap
        let count = graph.nodeCount
        var cost = [Double](repeating: .infinity, count: count)
        var parentNode = [Int32](repeating: -1, count: count)
        var parentEdge = [Int32](repeating: -1, count: count)
        var heap = WalkingHeap()
        let (a, b) = graph.segmentEnds[snap.segment]
        let weight = graph.segmentWeights[snap.segment]
        for (node, g) in [(a, snap.fraction * weight), (b, (1 - snap.fraction) * weight)] where g < cost[Int(node)] {
            cost[Int(node)] = g
            heap.push(g, node)
        }
        while let (g, n) = heap.pop() {
            let ni = Int(n)
            if g > cost[ni] { continue }
            for e in Int(graph.edgeStart[ni])..<Int(graph.edgeStart[ni + 1]) {
                let m = Int(graph.edgeTargets[e])
                let next = g + graph.edgeWeights[e]
                if next < cost[m] {
                    cost[m] = next
                    parentNode[m] = n
                    parentEdge[m] = Int32(e)
                    heap.push(next, Int32(m))
                }
            }
        }
        self.cost = cost
        self.parentNode = parentNode
        self.parentEdge = parentEdge
    }

    /// The shortest walk from the start to a point.
    /// - Parameter destination: the place.
    /// - Returns: the route.
    /// - Throws: `RouteProblem.destinationOutside` for a point farther than
    ///   `WalkingRouter.maximumSnapMeters` from any walkable way, `.unreachable` for one on a
    ///   piece the start's does not connect with.
    public func route(to destination: Coordinate) throws(RouteProblem) -> WalkingRoute {
        guard let to = graph.snap(destination) else { throw .noStreets }
        guard to.distanceMeters <= WalkingRouter.maximumSnapMeters else { throw .destinationOutside(meters: to.distanceMeters) }
        guard graph.piece(ofSegment: to.segment) == graph.piece(ofSegment: start.segment) else { throw .unreachable }
        let (c, d) = graph.segmentEnds[to.segment]
        let weight = graph.segmentWeights[to.segment]
        var best = (cost: cost[Int(c)] + to.fraction * weight, end: c)
        let viaD = cost[Int(d)] + (1 - to.fraction) * weight
        if viaD < best.cost { best = (viaD, d) }
        if to.segment == start.segment, abs(to.fraction - start.fraction) * weight <= best.cost {
            best = (abs(to.fraction - start.fraction) * weight, -1)
        }
        let tree = WalkingTree(graph: graph, parentNode: parentNode, parentEdge: parentEdge, end: best.end, cost: best.cost)
        return tree.route(from: start, to: to, pace: pace)
    }
}
