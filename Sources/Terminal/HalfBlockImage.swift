/// A picture to draw in half-blocks: each cell shows two pixels, one above the other, as `▀`
/// with the upper pixel's colour in front and the lower one's behind. Plain Unicode and two
/// colours a cell is what survives tmux, GNU screen, mosh and ssh as they are.
public struct HalfBlockImage: Sendable, Hashable {
    /// Cells across (the picture's width in pixels).
    public let columns: Int
    /// Cells down (half the picture's height in pixels, rounded up).
    public let rows: Int
    /// The pixels, `columns × 2·rows × 3` bytes of RGB; an odd last pixel row is repeated.
    public let pixels: [UInt8]
    /// Each pixel's nearest colour of the 256-colour palette (16–255, `PaletteMatch`), worked
    /// out once here rather than at each frame: `columns × 2·rows` values.
    public let palette: [UInt8]

    /// Makes one from packed RGB pixels.
    /// - Parameters:
    ///   - width: pixels across (at least 1).
    ///   - height: pixels down (at least 1); each cell row holds two.
    ///   - rgb: `width × height × 3` bytes.
    /// - Returns: nil when the sizes and the bytes disagree.
    public init?(width: Int, height: Int, rgb: [UInt8]) {
        guard width > 0, height > 0, rgb.count == width * height * 3 else { return nil }
        columns = width
        rows = (height + 1) / 2
        let all = height % 2 == 1 ? rgb + rgb[(height - 1) * width * 3..<height * width * 3] : rgb
        pixels = all
        palette = stride(from: 0, to: all.count, by: 3).map { UInt8(PaletteMatch.nearest(all[$0], all[$0 + 1], all[$0 + 2])) }
    }

    /// One pixel: red, green, blue (0–255 each).
    /// - Parameters:
    ///   - x: from 0 to `columns - 1`.
    ///   - y: from 0 to `2·rows - 1`.
    public func pixel(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
        let p = (y * columns + x) * 3
        return (pixels[p], pixels[p + 1], pixels[p + 2])
    }

    /// One pixel's nearest palette colour (16–255).
    /// - Parameters:
    ///   - x: from 0 to `columns - 1`.
    ///   - y: from 0 to `2·rows - 1`.
    public func paletteColour(x: Int, y: Int) -> Int {
        Int(palette[y * columns + x])
    }
}
