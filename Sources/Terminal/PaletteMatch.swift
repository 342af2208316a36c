import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

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
