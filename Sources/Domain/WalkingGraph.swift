#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The streets a person may walk, as a graph: every point of a walkable way
/// (`WalkableWay.allows`) is a node, each stretch between two consecutive points an edge both
/// ways, and ways meet where they share an OpenStreetMap node id (or, for ways without ids,
/// the very same point).
///
/// Shape: nodes `0..<nodeCount` with their positions; edges in compressed rows (the edges of
/// node `n` are `edgeStart[n]..<edgeStart[n + 1]`), each with its target, its great-circle
/// length in metres, its weight (the length, times `WalkingPace.stepsFactor` on steps) and its
/// way. Each node also carries its piece (connected component) number, so a walk between two
/// pieces is known to be impossible without a search.
public struct WalkingGraph: Sendable {
    /// One walkable way's facts the turn-by-turn steps need.
    public struct Way: Sendable, Hashable {
        /// Its `name` tag, raw (sanitise before showing), or nil.
        public let name: String?
        /// Its `highway` tag (`footway`, `residential`, `steps`…).
        public let highway: String
    }

    /// The ways the graph was built from, by the index its edges and segments hold.
    public let ways: [Way]
    /// Each node's position.
    let positions: [Coordinate]
    /// Where each node's edges start in `edgeTargets`; one more entry than nodes.
    let edgeStart: [Int32]
    /// Each edge's target node.
    let edgeTargets: [Int32]
    /// Each edge's length, in metres.
    let edgeMetres: [Double]
    /// Each edge's weight: metres, times the steps factor on steps.
    let edgeWeights: [Double]
    /// Each edge's way (an index into `ways`).
    let edgeWays: [Int32]
    /// Each node's piece: nodes of different pieces are not connected.
    let pieces: [Int32]
    /// The segments (each edge once): their two ends and way, for snapping a point to the graph.
    let segmentEnds: [(Int32, Int32)]
    /// Each segment's way.
    let segmentWays: [Int32]
    /// Each segment's length, in metres.
    let segmentMetres: [Double]
    /// Each segment's weight: metres, times the steps factor on steps.
    let segmentWeights: [Double]

    /// The number of nodes.
    public var nodeCount: Int { positions.count }
    /// The number of stretches between two points (each walkable both ways).
    public var segmentCount: Int { segmentEnds.count }
    /// True when no way of the map is walkable.
    public var isEmpty: Bool { segmentEnds.isEmpty }

    /// Builds the graph of a street map's walkable ways.
    /// - Parameter ways: the ways (any class; only walkable ones are kept).
    public init(ways mapWays: [StreetWay]) {
        var byID: [Int: Int32] = [:]
        var byPoint: [Coordinate: Int32] = [:]
        var positions: [Coordinate] = []
        var ways: [Way] = []
        var ends: [(Int32, Int32)] = []
        var segWays: [Int32] = []
        var segMetres: [Double] = []
        var segSteps: [Bool] = []
        func node(_ point: Coordinate, id: Int?) -> Int32 {
            if let id, let found = byID[id] { return found }
            if id == nil, let found = byPoint[point] { return found }
            let index = Int32(positions.count)
            positions.append(point)
            if let id { byID[id] = index } else { byPoint[point] = index }
            return index
        }
        for way in mapWays where way.points.count >= 2 && WalkableWay.allows(tags: way.tags) {
            let wayIndex = Int32(ways.count)
            ways.append(Way(name: way.name, highway: way.tags["highway"] ?? ""))
            let steps = WalkableWay.isSteps(tags: way.tags)
            var previous = node(way.points[0], id: way.nodeIDs.first)
            for k in 1..<way.points.count {
                let next = node(way.points[k], id: way.nodeIDs.isEmpty ? nil : way.nodeIDs[k])
                if next != previous {
                    ends.append((previous, next))
                    segWays.append(wayIndex)
                    segMetres.append(Geo.distanceMeters(from: way.points[k - 1], to: way.points[k]))
                    segSteps.append(steps)
                }
                previous = next
            }
        }
        let count = positions.count
        var degree = [Int32](repeating: 0, count: count + 1)
        for (a, b) in ends {
            degree[Int(a) + 1] += 1
            degree[Int(b) + 1] += 1
        }
        for n in 0..<count { degree[n + 1] += degree[n] }
        var fill = degree
        let edges = ends.count * 2
        var targets = [Int32](repeating: 0, count: edges), metres = [Double](repeating: 0, count: edges)
        var weights = [Double](repeating: 0, count: edges), edgeWays = [Int32](repeating: 0, count: edges)
        let segWeights = ends.indices.map { segMetres[$0] * (segSteps[$0] ? WalkingPace.stepsFactor : 1) }
        for (s, (a, b)) in ends.enumerated() {
            let weight = segWeights[s]
            for (from, to) in [(a, b), (b, a)] {
                let slot = Int(fill[Int(from)])
                fill[Int(from)] += 1
                targets[slot] = to
                metres[slot] = segMetres[s]
                weights[slot] = weight
                edgeWays[slot] = segWays[s]
            }
        }
        self.ways = ways
        self.positions = positions
        self.edgeStart = degree
        self.edgeTargets = targets
        self.edgeMetres = metres
        self.edgeWeights = weights
        self.edgeWays = edgeWays
        self.segmentEnds = ends
        self.segmentWays = segWays
        self.segmentMetres = segMetres
        self.segmentWeights = segWeights
        self.pieces = Self.pieces(count: count, start: degree, targets: targets)
    }

    /// A node's position.
    /// - Parameter node: a node index, `0..<nodeCount`.
    public func position(of node: Int) -> Coordinate { positions[node] }

    /// The nearest point of the graph to a point: on the nearest segment, measured on a local
    /// flat projection around the point (exact enough within a few kilometres).
    /// - Parameter point: the point.
    /// - Returns: the snap, or nil for an empty graph.
    public func snap(_ point: Coordinate) -> WalkingSnap? {
        guard !segmentEnds.isEmpty else { return nil }
        let metresPerDegree = Geo.meanEarthRadiusMeters * Double.pi / 180
        let xScale = metresPerDegree * cos(point.latitude * Double.pi / 180)
        var best = (distance: Double.infinity, segment: 0, fraction: 0.0)
        for (s, (a, b)) in segmentEnds.enumerated() {
            let pa = positions[Int(a)], pb = positions[Int(b)]
            let ax = (pa.longitude - point.longitude) * xScale, ay = (pa.latitude - point.latitude) * metresPerDegree
            let bx = (pb.longitude - point.longitude) * xScale, by = (pb.latitude - point.latitude) * metresPerDegree
            let dx = bx - ax, dy = by - ay
            let lengthSquared = dx * dx + dy * dy
            let t = lengthSquared > 0 ? min(1, max(0, -(ax * dx + ay * dy) / lengthSquared)) : 0
            let px = ax + t * dx, py = ay + t * dy
            let distance = (px * px + py * py).squareRoot()
            if distance < best.distance { best = (distance, s, t) }
        }
        let (a, b) = segmentEnds[best.segment]
        let pa = positions[Int(a)], pb = positions[Int(b)]
        let lat = pa.latitude + best.fraction * (pb.latitude - pa.latitude)
        let lon = pa.longitude + best.fraction * (pb.longitude - pa.longitude)
        let snapped = Coordinate(validLatitude: lat, longitude: lon) ?? point
        return WalkingSnap(segment: best.segment, fraction: best.fraction, point: snapped, distanceMeters: Geo.distanceMeters(from: point, to: snapped))
    }

    /// The piece of a segment's ends.
    func piece(ofSegment segment: Int) -> Int32 { pieces[Int(segmentEnds[segment].0)] }

    /// Numbers the connected pieces by a breadth-first walk from each node not yet reached.
    private static func pieces(count: Int, start: [Int32], targets: [Int32]) -> [Int32] {
        var piece = [Int32](repeating: -1, count: count)
        var queue: [Int32] = []
        queue.reserveCapacity(count)
        var next: Int32 = 0
        for seed in 0..<count where piece[seed] < 0 {
            piece[seed] = next
            queue.removeAll(keepingCapacity: true)
            queue.append(Int32(seed))
            var head = 0
            while head < queue.count {
                let n = Int(queue[head])
                head += 1
                for e in Int(start[n])..<Int(start[n + 1]) where piece[Int(targets[e])] < 0 {
                    piece[Int(targets[e])] = next
                    queue.append(targets[e])
                }
            }
            next += 1
        }
        return piece
    }
}
