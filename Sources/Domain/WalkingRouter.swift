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
        let hops = search(from: from, to: to)
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

    /// One stretch of the walk.
    private struct Hop {
        let from: Coordinate, to: Coordinate
        let meters: Double, weight: Double
        let way: Int32
    }

    /// The hops of a shortest walk between two snaps of one piece.
    private func search(from: WalkingSnap, to: WalkingSnap) -> [Hop] {
        let (a, b) = graph.segmentEnds[from.segment], (c, d) = graph.segmentEnds[to.segment]
        let startWeight = graph.segmentWeights[from.segment], endWeight = graph.segmentWeights[to.segment]
        let startMeters = graph.segmentMetres[from.segment], endMeters = graph.segmentMetres[to.segment]
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
        var heap = MinHeap()
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
        let startWay = graph.segmentWays[from.segment], endWay = graph.segmentWays[to.segment]
        guard bestEnd >= 0 else {
            // The same segment, walked directly.
            return [Hop(from: from.point, to: to.point, meters: abs(from.fraction - to.fraction) * startMeters, weight: bestCost.isFinite ? bestCost : 0, way: startWay)]
        }
        var nodes: [Int32] = [bestEnd]
        while parentNode[Int(nodes[nodes.count - 1])] >= 0 { nodes.append(parentNode[Int(nodes[nodes.count - 1])]) }
        nodes.reverse()
        let first = nodes[0]
        let firstShare = first == a ? from.fraction : 1 - from.fraction
        var hops = [Hop(from: from.point, to: graph.positions[Int(first)], meters: firstShare * startMeters, weight: firstShare * startWeight, way: startWay)]
        for n in nodes.dropFirst() {
            let e = Int(parentEdge[Int(n)])
            hops.append(Hop(from: graph.positions[Int(parentNode[Int(n)])], to: graph.positions[Int(n)], meters: graph.edgeMetres[e], weight: graph.edgeWeights[e], way: graph.edgeWays[e]))
        }
        let lastShare = bestEnd == c ? to.fraction : 1 - to.fraction
        hops.append(Hop(from: graph.positions[Int(bestEnd)], to: to.point, meters: lastShare * endMeters, weight: lastShare * endWeight, way: endWay))
        return hops.filter { $0.meters > 0 || hops.count == 1 }
    }
}

/// A binary min-heap of (priority, node).
private struct MinHeap {
    private var items: [(Double, Int32)] = []

    mutating func push(_ priority: Double, _ node: Int32) {
        items.append((priority, node))
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            if items[parent].0 <= items[child].0 { break }
            items.swapAt(parent, child)
            child = parent
        }
    }

    mutating func pop() -> (Double, Int32)? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < items.count, items[left].0 < items[smallest].0 { smallest = left }
                if right < items.count, items[right].0 < items[smallest].0 { smallest = right }
                if smallest == parent { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return top
    }
}
