import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// xterm's default 256-colour palette and WCAG 2.x contrast, to check a theme's colours.
///
/// Colours 0–15 are xterm's defaults (its `XTerm` app-defaults: `#000000`, `#cd0000`, `#00cd00`,
/// `#cdcd00`, `#0000ee`, `#cd00cd`, `#00cdcd`, `#e5e5e5`, then `#7f7f7f`, `#ff0000`, `#00ff00`,
/// `#ffff00`, `#5c5cff`, `#ff00ff`, `#00ffff`, `#ffffff`); 16–231 the 6×6×6 cube of levels 0,
/// 95, 135, 175, 215, 255; 232–255 the greys 8, 18, …, 238 (xterm's `256colres.h`).
public enum XtermPalette {
    private static let system: [UInt32] = [
        0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
        0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff
    ]
    private static let levels = [0, 95, 135, 175, 215, 255]

    /// The red, green and blue of a palette colour, each 0–255.
    /// - Parameter index: the colour, 0–255 (clamped).
    /// - Returns: its components.
    public static func rgb(_ index: Int) -> (red: Int, green: Int, blue: Int) {
        let i = min(255, max(0, index))
        if i < 16 {
            let v = system[i]
            return (Int(v >> 16 & 0xff), Int(v >> 8 & 0xff), Int(v & 0xff))
        }
        if i < 232 {
            let n = i - 16
            return (levels[n / 36], levels[n / 6 % 6], levels[n % 6])
        }
        let grey = 8 + 10 * (i - 232)
        return (grey, grey, grey)
    }

    /// The relative luminance of a palette colour, 0 (black) to 1 (white), as WCAG 2.x defines
    /// it: each sRGB component linearised, then `0.2126 R + 0.7152 G + 0.0722 B`.
    /// - Parameter index: the colour, 0–255.
    public static func luminance(of index: Int) -> Double {
        let (r, g, b) = rgb(index)
        return relativeLuminance(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255)
    }

    /// The relative luminance of an sRGB colour, 0 (black) to 1 (white), as WCAG 2.x defines
    /// it: each component `c` linearised (`c / 12.92` up to 0.03928, else
    /// `((c + 0.055) / 1.055)^2.4`), then `0.2126 R + 0.7152 G + 0.0722 B`.
    /// - Parameters:
    ///   - red: 0–1.
    ///   - green: 0–1.
    ///   - blue: 0–1.
    public static func relativeLuminance(red: Double, green: Double, blue: Double) -> Double {
        func linear(_ c: Double) -> Double {
            c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The contrast ratio of two palette colours, 1 to 21, as WCAG 2.x defines it:
    /// `(L1 + 0.05) / (L2 + 0.05)` with L1 the lighter's luminance. 4.5 is the least for text.
    /// - Parameters:
    ///   - a: one colour, 0–255.
    ///   - b: the other.
    public static func contrast(_ a: Int, _ b: Int) -> Double {
        let la = luminance(of: a), lb = luminance(of: b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// The colours a cell's text and background show in, in xterm with its defaults: reverse
    /// video swaps them, and bold text in one of colours 0–7 (set explicitly) shows in its
    /// bright version 8–15 (`boldColors`).
    /// - Parameters:
    ///   - style: the cell's style.
    ///   - theme: the theme, for the default colours (not `mono`).
    ///   - brightBold: true to show bold text in 0–7 bright, as xterm does.
    /// - Returns: the text's colour and the background's, as palette indices; nil for `mono`.
    public static func shown(_ style: Theme.Style, theme: Theme, brightBold: Bool) -> (text: Int, background: Int)? {
        guard let fgDefault = theme.defaultForeground, let bgDefault = theme.background else { return nil }
        var fg = style.foreground ?? fgDefault
        var bg = style.background ?? bgDefault
        if brightBold, style.attributes.contains(.bold), let explicit = style.foreground, explicit < 8 { fg = explicit + 8 }
        if style.attributes.contains(.reverse) { swap(&fg, &bg) }
        return (fg, bg)
    }
}
