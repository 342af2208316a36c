import Domain
import FoundationEssentials
import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// The places map with a walk by the streets, drawn off screen for `make bench`
/// (`Tests/RouteBench`): real streets (a recorded area), the places on them, the selected
/// place's walk worked out as the scene does (`PlaceWalks`), then the map pane drawn into a
/// `GridCanvas` and timed per frame (the drawing thread's CPU time).
package enum RouteMapBenchmark {
    /// Draws the map with the walk from a centre to a place `frames` times.
    /// - Parameters:
    ///   - map: the streets.
    ///   - center: the search centre, where the walk starts.
    ///   - places: the places; the first is selected and walked to.
    ///   - columns: the map pane's width, in cells.
    ///   - rows: its height, in cells.
    ///   - frames: how many frames to time (at least 1).
    /// - Returns: the median and slowest milliseconds a frame, and the walk's points (0 when
    ///   the streets do not reach the place).
    @MainActor
    package static func run(map: StreetMap, center: Coordinate, places: [POI], columns: Int, rows: Int, frames: Int) -> (median: Double, slowest: Double, walkPoints: Int) {
        var walks = PlaceWalks(pace: .standard)
        walks.use(map)
        let nearby = places.map { walks.withWalk(NearbyPlacesList.place($0, from: center), from: center) }
        let response = NearbyPOIs.LoadPOIs.Response(
            places: nearby, totalCount: nearby.count, query: "", center: center, city: nil, defaultAreaName: nil,
            snapshotAreaNames: [], radiusMeters: 1_000, category: nil, source: map.source,
            fallbackReasons: [], isLoading: false, isLoadingMore: false, hasMore: false, error: nil)
        let viewModel = NearbyPOIsPresenter.viewModel(for: response, units: .metric, now: 0)
        var pane = MiniMapPane()
        pane.streets = StreetsFormatter.viewModel(for: .init(map: map, error: nil))
        let rect = Rect(row: 0, column: 0, height: rows, width: columns)
        func cpuMilliseconds() -> Double {
            var spec = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
            return Double(spec.tv_sec) * 1_000 + Double(spec.tv_nsec) / 1e6
        }
        var times: [Double] = []
        for _ in 0..<max(1, frames) {
            let canvas = GridCanvas(width: columns, height: rows)
            let started = cpuMilliseconds()
            pane.beginFrame()
            pane.draw(on: canvas, in: rect, bordered: false, viewModel: viewModel, selectedID: nearby.first?.poi.id)
            times.append(cpuMilliseconds() - started)
        }
        times.sort()
        return (times[times.count / 2], times[times.count - 1], nearby.first?.walk?.points.count ?? 0)
    }
}
