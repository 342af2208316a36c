import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

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
        if height % 2 == 1 {
            pixels = rgb + rgb[(height - 1) * width * 3..<height * width * 3]
        } else {
            pixels = rgb
        }
    }

    /// One pixel: red, green, blue (0–255 each).
    /// - Parameters:
    ///   - x: from 0 to `columns - 1`.
    ///   - y: from 0 to `2·rows - 1`.
    public func pixel(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
        let p = (y * columns + x) * 3
        return (pixels[p], pixels[p + 1], pixels[p + 2])
    }
}

/// How a screen can draw pictures.
public enum ImageColours: Sendable, Hashable {
    /// It draws none: no colour, 8 or 16 colours, ASCII, or pictures turned off.
    case none
    /// xterm's 256 colours: each pixel as the nearest colour of the cube (16–231) or the greys
    /// (232–255) in CIELAB, never 0–15 (which themes and terminals redefine).
    case palette
    /// 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    case truecolour

    /// What a screen can do.
    /// - Parameters:
    ///   - wanted: pictures are asked for (`--images` and the `images` setting).
    ///   - colorInUse: colour is in use (not `NO_COLOR`, `--no-color`, `--theme mono`).
    ///   - unicode: the locale shows `▀` (not `--ascii`).
    ///   - colors: the terminal's colours (ncurses' `COLORS`).
    ///   - colorterm: the `COLORTERM` variable.
    public static func choose(wanted: Bool, colorInUse: Bool, unicode: Bool, colors: Int, colorterm: String?) -> ImageColours {
        guard wanted, colorInUse, unicode else { return .none }
        if let colorterm, ["truecolor", "24bit"].contains(colorterm.lowercased()) { return .truecolour }
        return colors >= 256 ? .palette : .none
    }
}

/// The nearest of xterm's 256 colours to any colour, in CIELAB (ΔE 1976), over the cube and the
/// greys (16–255); answers are remembered by colour.
public enum PaletteMatch {
    /// The CIELAB coordinates of colours 16–255.
    private static let palette: [(Double, Double, Double)] = (16...255).map { index in
        let c = XtermPalette.rgb(index)
        return lab(UInt8(c.red), UInt8(c.green), UInt8(c.blue))
    }

    /// The palette colour (16–255) nearest to a colour.
    /// - Parameters:
    ///   - red: 0–255.
    ///   - green: 0–255.
    ///   - blue: 0–255.
    public static func nearest(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
        let (l, a, b) = lab(red, green, blue)
        var best = 16
        var bestDistance = Double.infinity
        for (i, p) in palette.enumerated() {
            let d = (p.0 - l) * (p.0 - l) + (p.1 - a) * (p.1 - a) + (p.2 - b) * (p.2 - b)
            if d < bestDistance {
                bestDistance = d
                best = i + 16
            }
        }
        return best
    }

    /// sRGB (D65) to CIELAB.
    static func lab(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> (Double, Double, Double) {
        func linear(_ c: UInt8) -> Double {
            let v = Double(c) / 255
            return v <= 0.040_45 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        let r = linear(red)
        let g = linear(green)
        let b = linear(blue)
        let x = (0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b) / 0.950_47
        let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175_0 * b
        let z = (0.019_333_9 * r + 0.119_192_0 * g + 0.950_304_1 * b) / 1.088_83
        func f(_ t: Double) -> Double { t > 216.0 / 24_389 ? cbrt(t) : (24_389.0 / 27 * t + 16) / 116 }
        let fx = f(x)
        let fy = f(y)
        let fz = f(z)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }
}
