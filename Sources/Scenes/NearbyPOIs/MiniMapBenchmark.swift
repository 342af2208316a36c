import Domain
import FoundationEssentials
import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// The places map drawn off screen for `make bench` (`Tests/MapBench`): a grid of streets
/// made up (a seeded random walk of roads of every class around a centre, with places on
/// them) drawn into a `GridCanvas`, timed per frame, and a pan of one step compared with a
/// redraw of the whole map pane.
package enum MiniMapBenchmark {
    /// What a run measured.
    package struct Result: Sendable {
        /// The drawing's time per frame, in milliseconds of the thread's CPU time
        /// (`CLOCK_THREAD_CPUTIME_ID`): the median, and the slowest.
        package let medianMilliseconds: Double, slowestMilliseconds: Double
        /// The way segments drawn in each frame.
        package let segments: Int
        /// The cells a pan of one step changed, and the cells of the map pane (a redraw).
        package let pannedCells: Int, paneCells: Int
    }

    /// Draws the map `frames` times.
    /// - Parameters:
    ///   - columns: the map pane's width, in cells.
    ///   - rows: its height, in cells.
    ///   - segments: how many way segments to draw (split among ways of 10 segments).
    ///   - frames: how many frames to time (at least 1).
    /// - Returns: the figures.
    @MainActor
    package static func run(columns: Int, rows: Int, segments: Int, frames: Int) -> Result {
        guard let center = Coordinate(validLatitude: 60.1699, longitude: 24.9384) else {
            return Result(medianMilliseconds: .nan, slowestMilliseconds: .nan, segments: 0, pannedCells: 0, paneCells: 0)
        }
        let radius = 1_000.0
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        var lines: [NearbyPOIs.LoadStreets.ViewModel.Line] = []
        let perWay = 10
        for index in 0..<max(1, segments / perWay) {
            var east = Float((random() * 2 - 1) * radius), north = Float((random() * 2 - 1) * radius)
            var eastPoints = [east], northPoints = [north]
            let heading = random() * 2 * Double.pi
            for _ in 0..<perWay {
                east += Float(cos(heading + random() * 0.4) * 40)
                north += Float(sin(heading + random() * 0.4) * 40)
                eastPoints.append(east)
                northPoints.append(north)
            }
            let kind = StreetClass.allCases[index % StreetClass.allCases.count]
            lines.append(.init(kind: kind, name: kind.isMain ? "Street \(index)" : nil, east: eastPoints, north: northPoints, isClosed: false))
        }
        let streets = NearbyPOIs.LoadStreets.ViewModel(origin: center, lines: lines, message: nil)
        var places: [NearbyPOIs.LoadPOIs.Response.NearbyPOI] = []
        for index in 0..<40 {
            guard let at = Coordinate(validLatitude: center.latitude + (random() - 0.5) * 0.01, longitude: center.longitude + (random() - 0.5) * 0.02) else { continue }
            let poi = POI(id: "bench:\(index)", name: "Place \(index)", categories: [.cafe], coordinate: at, source: .live(provider: .unnamed("bench")))
            places.append(NearbyPlacesList.place(poi, from: center))
        }
        let response = NearbyPOIs.LoadPOIs.Response(
            places: places, totalCount: places.count, query: "", center: center, city: nil, defaultAreaName: nil,
            snapshotAreaNames: [], radiusMeters: radius, category: nil, source: .live(provider: .unnamed("bench")),
            fallbackReasons: [], isLoading: false, isLoadingMore: false, hasMore: false, error: nil)
        let viewModel = NearbyPOIsPresenter.viewModel(for: response, units: .metric, now: 0)
        let rect = Rect(row: 0, column: 0, height: rows, width: columns)
        var pane = MiniMapPane()
        pane.streets = streets
        var times: [Double] = []
        // The drawing thread's CPU time, which a machine busy with other work does not inflate
        // as it does the wall clock's.
        func cpuMilliseconds() -> Double {
            var spec = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
            return Double(spec.tv_sec) * 1_000 + Double(spec.tv_nsec) / 1e6
        }
        var last = GridCanvas(width: columns, height: rows)
        for _ in 0..<max(1, frames) {
            let canvas = GridCanvas(width: columns, height: rows)
            let started = cpuMilliseconds()
            pane.beginFrame()
            pane.draw(on: canvas, in: rect, bordered: false, viewModel: viewModel, selectedID: places.first?.poi.id)
            times.append(cpuMilliseconds() - started)
            last = canvas
        }
        pane.panBy(east: 1, north: 0, radiusMeters: radius)
        let panned = GridCanvas(width: columns, height: rows)
        pane.beginFrame()
        pane.draw(on: panned, in: rect, bordered: false, viewModel: viewModel, selectedID: places.first?.poi.id)
        var changed = 0
        for row in 0..<rows {
            for column in 0..<columns where last.cells[row][column] != panned.cells[row][column] { changed += 1 }
        }
        times.sort()
        return Result(
            medianMilliseconds: times[times.count / 2], slowestMilliseconds: times[times.count - 1],
            segments: lines.reduce(0) { $0 + $1.east.count - 1 }, pannedCells: changed, paneCells: rows * columns)
    }
}
