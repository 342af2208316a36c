/// A picture as packed RGB pixels (3 bytes a pixel, rows top to bottom, no padding): a decoded
/// poster or photo, and what the half-block drawing is made from.
public struct RGBImage: Sendable, Hashable {
    /// Width in pixels (at least 1).
    public let width: Int
    /// Height in pixels (at least 1).
    public let height: Int
    /// `width × height × 3` bytes: red, green, blue, 0–255 each.
    public let pixels: [UInt8]

    /// Makes an image; nil when the sizes are not positive or the bytes are not
    /// `width × height × 3`.
    /// - Parameters:
    ///   - width: pixels across.
    ///   - height: pixels down.
    ///   - pixels: packed RGB.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0, pixels.count == width * height * 3 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The largest size of this image's shape that fits in a box, at least 1 × 1: a poster
    /// of 680 × 1000 in 30 × 44 is 30 × 44, in 30 × 40 is 27 × 40.
    /// - Parameters:
    ///   - width: the box's width in pixels.
    ///   - height: the box's height in pixels.
    /// - Returns: the size, in pixels.
    public func fitting(width boxWidth: Int, height boxHeight: Int) -> (width: Int, height: Int) {
        let w = max(1, boxWidth)
        let h = max(1, boxHeight)
        // Compared as cross products, so no rounding picks a size one pixel too big.
        if width * h <= height * w {
            return (max(1, min(w, (width * h + height / 2) / height)), h)
        }
        return (w, max(1, min(h, (height * w + width / 2) / width)))
    }

    /// The image scaled down by area averaging: each new pixel is the mean of the source area
    /// it covers, partly covered pixels weighted by the part covered (a box filter). Sizes
    /// larger than the image are taken as the image's own.
    /// - Parameters:
    ///   - newWidth: pixels across, at least 1.
    ///   - newHeight: pixels down, at least 1.
    /// - Returns: the smaller image.
    public func areaAveraged(width newWidth: Int, height newHeight: Int) -> RGBImage {
        let outWidth = max(1, min(width, newWidth))
        let outHeight = max(1, min(height, newHeight))
        if outWidth == width && outHeight == height { return self }
        let columns = Self.spans(from: width, to: outWidth)
        let rows = Self.spans(from: height, to: outHeight)
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 3)
        // Each source row is first reduced across into `outWidth` sums, then rows are added down.
        var rowSums = [Double](repeating: 0, count: outWidth * 3)
        var sums = [Double](repeating: 0, count: outWidth * 3)
        pixels.withUnsafeBufferPointer { source in
            for (y, rowSpan) in rows.enumerated() {
                for i in sums.indices { sums[i] = 0 }
                for (sourceRow, rowWeight) in rowSpan {
                    for i in rowSums.indices { rowSums[i] = 0 }
                    let base = sourceRow * width * 3
                    for (x, columnSpan) in columns.enumerated() {
                        var r = 0.0
                        var g = 0.0
                        var b = 0.0
                        for (sourceColumn, weight) in columnSpan {
                            let p = base + sourceColumn * 3
                            r += Double(source[p]) * weight
                            g += Double(source[p + 1]) * weight
                            b += Double(source[p + 2]) * weight
                        }
                        rowSums[x * 3] = r
                        rowSums[x * 3 + 1] = g
                        rowSums[x * 3 + 2] = b
                    }
                    for i in sums.indices { sums[i] += rowSums[i] * rowWeight }
                }
                for i in sums.indices {
                    out[y * outWidth * 3 + i] = UInt8(max(0, min(255, sums[i].rounded())))
                }
            }
        }
        return RGBImage(uncheckedWidth: outWidth, height: outHeight, pixels: out)
    }

    /// A test picture: a smooth gradient (red across, green down, blue the other diagonal in
    /// every other of eight bands, a dark blue in the rest), made rather than taken from any
    /// poster; the tests and the benchmark encode it.
    /// - Parameters:
    ///   - width: pixels across (at least 1).
    ///   - height: pixels down (at least 1).
    /// - Returns: the image.
    public static func gradient(width: Int, height: Int) -> RGBImage {
        let w = max(1, width)
        let h = max(1, height)
        var pixels = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            for x in 0..<w {
                let p = (y * w + x) * 3
                pixels[p] = UInt8(x * 255 / max(1, w - 1))
                pixels[p + 1] = UInt8(y * 255 / max(1, h - 1))
                pixels[p + 2] = (y * 8 / h) % 2 == 0 ? UInt8((w - 1 - x + y) * 255 / max(1, w + h - 2)) : 40
            }
        }
        return RGBImage(uncheckedWidth: w, height: h, pixels: pixels)
    }

    private init(uncheckedWidth width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// For each of `count` output positions, the source positions it covers and their weights
    /// (summing to 1), when `length` source pixels are spread over `count`.
    private static func spans(from length: Int, to count: Int) -> [[(Int, Double)]] {
        let scale = Double(length) / Double(count)
        return (0..<count).map { i in
            let start = Double(i) * scale
            let end = Double(i + 1) * scale
            var parts: [(Int, Double)] = []
            var p = Int(start)
            while Double(p) < end && p < length {
                let covered = min(end, Double(p + 1)) - max(start, Double(p))
                if covered > 1e-9 { parts.append((p, covered / scale)) }
                p += 1
            }
            return parts
        }
    }
}
