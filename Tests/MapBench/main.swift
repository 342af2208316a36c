// The places map's drawing, timed off screen for `make bench` (scripts/bench.py): prints one
// JSON line with the median and slowest milliseconds per frame, the segments drawn, and the
// cells a pan of one step changed against the cells of the whole map pane.
//
// usage: map-bench [COLUMNS ROWS SEGMENTS FRAMES]   (default 250 70 5000 50)
import Scenes

let numbers = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let values = numbers.count == 4 ? numbers : [250, 70, 5_000, 50]
let result = MainActor.assumeIsolated {
    MiniMapBenchmark.run(columns: values[0], rows: values[1], segments: values[2], frames: values[3])
}
print(
    "{\"median_ms\": \(result.medianMilliseconds), \"slowest_ms\": \(result.slowestMilliseconds), \"segments\": \(result.segments), "
        + "\"panned_cells\": \(result.pannedCells), \"pane_cells\": \(result.paneCells)}")
