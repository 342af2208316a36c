import Domain
import Foundation
import Workers
import XCTest

/// Routes over the embedded areas' streets against a second, simple shortest-path search
/// (Dijkstra's, over node ids and the same walkable ways, snapping to the nearest node).
final class RecordedAreasRoutingTests: XCTestCase {
    private struct Reference {
        var positions: [Coordinate] = []
        var edges: [[(to: Int, meters: Double, weight: Double)]] = []

        init(ways: [StreetWay]) {
            var index: [Int: Int] = [:]
            for way in ways where WalkableWay.allows(tags: way.tags) && way.nodeIDs.count == way.points.count {
                let factor = way.tags["highway"] == "steps" ? WalkingPace.stepsFactor : 1
                var previous: Int?
                for (id, point) in zip(way.nodeIDs, way.points) {
                    let node = index[id] ?? positions.count
                    if node == positions.count {
                        index[id] = node
                        positions.append(point)
                        edges.append([])
                    }
                    if let previous, previous != node {
                        let meters = positions[previous].distanceMeters(to: positions[node])
                        edges[previous].append((node, meters, meters * factor))
                        edges[node].append((previous, meters, meters * factor))
                    }
                    previous = node
                }
            }
        }

        func nearest(_ point: Coordinate) -> Int {
            positions.indices.min { positions[$0].distanceMeters(to: point) < positions[$1].distanceMeters(to: point) } ?? 0
        }

        /// The metres of the least-weight walk, by Dijkstra's algorithm with a linear scan.
        func meters(from start: Int, to end: Int) -> Double? {
            var weight = [Double](repeating: .infinity, count: positions.count)
            var meters = [Double](repeating: .infinity, count: positions.count)
            var done = [Bool](repeating: false, count: positions.count)
            var open: Set<Int> = [start]
            weight[start] = 0
            meters[start] = 0
            while let n = open.min(by: { weight[$0] < weight[$1] }) {
                open.remove(n)
                if n == end { return meters[n] }
                done[n] = true
                for edge in edges[n] where !done[edge.to] && weight[n] + edge.weight < weight[edge.to] {
                    weight[edge.to] = weight[n] + edge.weight
                    meters[edge.to] = meters[n] + edge.meters
                    open.insert(edge.to)
                }
            }
            return nil
        }
    }

    /// A repeatable sequence of numbers (SplitMix64).
    private struct Numbers {
        var state: UInt64
        mutating func next(below bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    private func compare(near center: Coordinate, seed: UInt64, pairs: Int) async throws {
        let map = try await SnapshotStreetsWorker().streets(near: center, radiusMeters: 2_000)
        let router = WalkingRouter(graph: WalkingGraph(ways: map.ways))
        let reference = Reference(ways: map.ways)
        XCTAssertGreaterThan(reference.positions.count, 500)
        var numbers = Numbers(state: seed)
        var routed = 0
        for _ in 0..<pairs {
            let from = reference.positions[numbers.next(below: reference.positions.count)]
            let to = reference.positions[numbers.next(below: reference.positions.count)]
            let expected = reference.meters(from: reference.nearest(from), to: reference.nearest(to))
            do {
                let route = try router.route(from: from, to: to)
                let shortest = try XCTUnwrap(expected, "the reference finds no walk where A* found \(route.meters) m")
                XCTAssertEqual(route.meters, shortest, accuracy: shortest * 0.05 + 40, "\(from) → \(to)")
                routed += 1
            } catch let problem as RouteProblem {
                XCTAssertEqual(problem, .unreachable)
                XCTAssertNil(expected, "A* found no walk where the reference found \(expected ?? 0) m: \(from) → \(to)")
            }
        }
        XCTAssertGreaterThan(routed, pairs / 2, "most pairs are connected")
    }

    func testEveryWalkFromOneStartAtOnceIsTheWalkAStarFinds() async throws {
        for (center, seed) in [(try Coordinate(latitude: 48.8795, longitude: 2.3490), UInt64(7)), (try Coordinate(latitude: 60.1699, longitude: 24.9384), 8)] {
            let map = try await SnapshotStreetsWorker().streets(near: center, radiusMeters: 2_000)
            let graph = WalkingGraph(ways: map.ways)
            let router = WalkingRouter(graph: graph)
            let points = map.ways.filter { WalkableWay.allows(tags: $0.tags) }.flatMap(\.points)
            var numbers = Numbers(state: seed)
            for _ in 0..<4 {
                let start = points[numbers.next(below: points.count)]
                let reach = try WalkingReach(graph: graph, from: start)
                for _ in 0..<15 {
                    let place = points[numbers.next(below: points.count)]
                    switch (Result { try router.route(from: start, to: place) }, Result { try reach.route(to: place) }) {
                    case (.success(let one), .success(let all)):
                        XCTAssertEqual(all.seconds, one.seconds, accuracy: 0.5, "\(start) → \(place)")
                        XCTAssertEqual(all.points.first, one.points.first)
                        XCTAssertEqual(all.points.last, one.points.last)
                    case (.failure(let one), .failure(let all)):
                        XCTAssertEqual(one as? RouteProblem, all as? RouteProblem)
                    case (let one, let all):
                        XCTFail("A* \(one), all at once \(all): \(start) → \(place)")
                    }
                }
            }
        }
    }

    func testRoutesOnParis10eAreAsLongAsASimpleDijkstraFinds() async throws {
        try await compare(near: try Coordinate(latitude: 48.8795, longitude: 2.3490), seed: 10, pairs: 60)
    }

    func testRoutesOnCentralHelsinkiAreAsLongAsASimpleDijkstraFinds() async throws {
        try await compare(near: try Coordinate(latitude: 60.1699, longitude: 24.9384), seed: 42, pairs: 40)
    }

    func testAWalkFromHelsinkiCentralStationToTheCathedralGoesByTheStreets() async throws {
        // Given: the station's square and Senate Square
        let map = try await SnapshotStreetsWorker().streets(near: try Coordinate(latitude: 60.1699, longitude: 24.9384), radiusMeters: 2_000)
        let router = WalkingRouter(graph: WalkingGraph(ways: map.ways))
        let station = try Coordinate(latitude: 60.17096, longitude: 24.94137), cathedral = try Coordinate(latitude: 60.16955, longitude: 24.95222)

        // When
        let route = try router.route(from: station, to: cathedral)

        // Then: longer than the straight line, with named steps. The recorded extract has no
        // way across the blocks east of the station, so the walk goes round by Vilhonkatu and
        // a long service road (about 1.3 km for 620 m as the crow flies).
        let straight = station.distanceMeters(to: cathedral)
        XCTAssertGreaterThan(route.meters, straight * 0.95)
        XCTAssertLessThan(route.meters, straight * 2.5)
        XCTAssertTrue(route.steps.contains { $0.street != nil })
        XCTAssertEqual(route.steps.first?.turn, .depart)
    }
}
