// Walks by the streets timed for `make bench` (scripts/bench.py): for each recorded area
// (central Helsinki, Paris 10e) the walking graph's build and one walk by A* between random
// points of its streets; then the places map at 200x50 over the Helsinki streets with the
// selected place's walk drawn. Each figure is the thread's CPU time in milliseconds, median
// and slowest; one JSON line.
//
// usage: route-bench [ROUTES FRAMES]   (default 200 50)
import Domain
import Scenes
import Workers

#if canImport(Glibc)
    import Glibc
#endif

let numbers = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let routes = numbers.count == 2 ? max(1, numbers[0]) : 200
let frames = numbers.count == 2 ? max(1, numbers[1]) : 50

func cpuMilliseconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) * 1_000 + Double(spec.tv_nsec) / 1e6
}

func medianAndSlowest(_ values: [Double]) -> String {
    let sorted = values.sorted()
    guard let slowest = sorted.last else { return "\"median_ms\": null, \"slowest_ms\": null" }
    return "\"median_ms\": \(sorted[sorted.count / 2]), \"slowest_ms\": \(slowest)"
}

var parts: [String] = []
struct Numbers {
    var seed: UInt64 = 0x2545_F491_4F6C_DD1D
    mutating func next(below bound: Int) -> Int {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((seed >> 33) % UInt64(max(1, bound)))
    }
}
var numbersDrawn = Numbers()
let areas: [(String, Double, Double)] = [("helsinki", 60.1699, 24.9384), ("paris", 48.8795, 2.3490)]
var helsinki: StreetMap?
for (name, latitude, longitude) in areas {
    guard let center = Coordinate(validLatitude: latitude, longitude: longitude),
        let map = try? await SnapshotStreetsWorker().streets(near: center, radiusMeters: 2_000)
    else { continue }
    if name == "helsinki" { helsinki = map }
    var builds: [Double] = []
    var graph = WalkingGraph(ways: [])
    for _ in 0..<10 {
        let started = cpuMilliseconds()
        graph = WalkingGraph(ways: map.ways)
        builds.append(cpuMilliseconds() - started)
    }
    let router = WalkingRouter(graph: graph)
    let points = (0..<graph.nodeCount).map(graph.position(of:))
    var times: [Double] = []
    var walked = 0
    for _ in 0..<routes {
        let from = points[numbersDrawn.next(below: points.count)], to = points[numbersDrawn.next(below: points.count)]
        let started = cpuMilliseconds()
        let route = try? router.route(from: from, to: to)
        times.append(cpuMilliseconds() - started)
        if route != nil { walked += 1 }
    }
    parts.append(
        "\"\(name)\": {\"nodes\": \(graph.nodeCount), \"segments\": \(graph.segmentCount), \"build\": {\(medianAndSlowest(builds))}, "
            + "\"route\": {\(medianAndSlowest(times)), \"walked\": \(walked), \"asked\": \(routes)}}")
}
if let map = helsinki, let center = Coordinate(validLatitude: 60.1699, longitude: 24.9384),
    let stockmann = Coordinate(validLatitude: 60.16833, longitude: 24.94225)
{
    let place = POI(id: "bench:walk", name: "Walked to", categories: [.cafe], coordinate: stockmann, source: .live(provider: .unnamed("bench")))
    let frame = await RouteMapBenchmark.run(map: map, center: center, places: [place], columns: 200, rows: 50, frames: frames)
    parts.append("\"frame\": {\"median_ms\": \(frame.median), \"slowest_ms\": \(frame.slowest), \"walk_points\": \(frame.walkPoints)}")
}
print("{" + parts.joined(separator: ", ") + "}")
