/// A colour as a terminal tells it in an answer to an OSC 10/11 query: red, green and blue,
/// each scaled to 16 bits (0–65535), as X11's `XParseColor` reads `rgb:` colours.
public struct TerminalColour: Sendable, Hashable {
    /// Red, 0–65535.
    public let red: UInt16
    /// Green, 0–65535.
    public let green: UInt16
    /// Blue, 0–65535.
    public let blue: UInt16

    /// Makes a colour from 16-bit components.
    /// - Parameters:
    ///   - red: 0–65535.
    ///   - green: 0–65535.
    ///   - blue: 0–65535.
    public init(red: UInt16, green: UInt16, blue: UInt16) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Reads a colour in the forms terminals answer with: `rgb:R/G/B`, each component of 1 to 4
    /// hex digits (any case) scaled to 16 bits (`h` is h/15, `hh` hh/255, `hhh` hhh/4095, `hhhh`
    /// as it is: X11's `XParseColor`, which xterm's answers follow), and `rgba:R/G/B/A` (rxvt-unicode),
    /// whose alpha is ignored.
    /// - Parameter text: the colour, without the `11;` before it or the terminator.
    /// - Returns: the colour, or nil when the text is no such colour.
    public init?(x11 text: some StringProtocol) {
        let text = String(text)
        let parts: [Substring]
        if text.hasPrefix("rgb:") {
            parts = text.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 3 else { return nil }
        } else if text.hasPrefix("rgba:") {
            parts = text.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 4, Self.component(parts[3]) != nil else { return nil }
        } else {
            return nil
        }
        guard let r = Self.component(parts[0]), let g = Self.component(parts[1]), let b = Self.component(parts[2]) else { return nil }
        self.init(red: r, green: g, blue: b)
    }

    /// One component of 1 to 4 hex digits, scaled to 16 bits.
    private static func component(_ digits: Substring) -> UInt16? {
        guard (1...4).contains(digits.count), digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        let maximum = UInt32(1) << (4 * UInt32(digits.count)) - 1
        // Rounded to the nearest 16-bit value: `f` is 0xffff, `8` is 0x8888.
        return UInt16((value * 65_535 + maximum / 2) / maximum)
    }

    /// The colour's relative luminance, 0 (black) to 1 (white), as WCAG 2.x defines it (the
    /// components taken as sRGB): `XtermPalette.relativeLuminance`.
    public var relativeLuminance: Double {
        XtermPalette.relativeLuminance(red: Double(red) / 65_535, green: Double(green) / 65_535, blue: Double(blue) / 65_535)
    }
}
