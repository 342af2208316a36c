// Pictures' decoding and drawing, timed for `make bench` (scripts/bench.py): a 680 × 1000 JPEG
// made here (a gradient, encoded with libturbojpeg), decoded scaled, area-averaged to a 30 × 22
// cell poster and mapped to half-blocks with each pixel's nearest palette colour, as the details
// page does. Prints one JSON line with the median and slowest milliseconds and the JPEG's size.
//
// usage: image-bench [RUNS]            (default 50)
//        image-bench --write-jpeg PATH (the same JPEG, for the pseudo-terminal rows)
import Domain
import FoundationEssentials
import Terminal
import Workers

#if canImport(Glibc)
    import Glibc
#endif

let jpeg: Data
do {
    jpeg = try JPEGCodec.encode(RGBImage.gradient(width: 680, height: 1000), quality: 85)
} catch {
    print("{\"error\": \"\(error.sentence)\"}")
    exit(1)
}
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--write-jpeg", arguments.count == 2 {
    guard FileManager.default.createFile(atPath: arguments[1], contents: jpeg) else {
        print("{\"error\": \"cannot write \(arguments[1])\"}")
        exit(1)
    }
    exit(0)
}
let runs = max(1, arguments.first.flatMap { Int($0) } ?? 50)
var times: [Double] = []
var cells = 0
for _ in 0..<runs {
    let start = ContinuousClock.now
    guard case .image(let poster) = ImageWorker.decode(jpeg, fittingWidth: 30, height: 44),
        let blocks = HalfBlockImage(width: poster.width, height: poster.height, rgb: poster.pixels)
    else {
        print("{\"error\": \"the JPEG did not decode\"}")
        exit(1)
    }
    let elapsed = ContinuousClock.now - start
    cells = blocks.columns * blocks.rows
    times.append(Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15)
}
times.sort()
print("{\"median_ms\": \(times[times.count / 2]), \"slowest_ms\": \(times[times.count - 1]), \"jpeg_bytes\": \(jpeg.count), \"cells\": \(cells)}")
