/// The colour themes: which attributes and colours each `TextRole` gets, for a dark or a light
/// terminal background, or none at all (`mono`).
///
/// Every colour of a theme is chosen so that its text has a contrast of at least 4.5:1 (WCAG 2.x,
/// `XtermPalette.contrast`) against the theme's background in xterm's default palette, in both
/// of the palettes a terminal may offer (`Theme.Palette`): the eight standard colours, where
/// xterm shows bold text in colours 0–7 in their bright versions (its `boldColors` resource, on by
/// default), so both versions must pass; and the 256-colour palette, where only colours 16–255
/// are used (never brightened by bold). DECISIONS.md ("Themes a light terminal can read") says why.
public enum Theme: String, Sendable, CaseIterable {
    /// Light text on a dark background (xterm's palette: background colour 0, `#000000`).
    case dark
    /// Dark text on a light background (xterm's palette: background colour 15, `#ffffff`, as
    /// xterm's own default and macOS Terminal's).
    case light
    /// No colour: attributes only (bold, underline, reverse, dim), as with `NO_COLOR`.
    case mono

    /// The palette a terminal offers.
    public enum Palette: Sendable, CaseIterable {
        /// The eight standard colours (`colors#8`, `TERM=xterm`, `screen`, `linux`).
        case basic
        /// xterm's 256 colours (`colors#256`, `TERM=xterm-256color`): colours 16–255 only.
        case extended

        /// The palette of a terminal with `colors` colours.
        /// - Parameter colors: ncurses' `COLORS`.
        public init(colors: Int) {
            self = colors >= 256 ? .extended : .basic
        }
    }

    /// Text attributes, as a set.
    public struct Attributes: OptionSet, Sendable, Hashable {
        /// The bits.
        public let rawValue: UInt8
        /// Makes a set from its bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Bold (SGR 1).
        public static let bold = Attributes(rawValue: 1)
        /// Underlined (SGR 4).
        public static let underline = Attributes(rawValue: 2)
        /// Reverse video (SGR 7): the cell's colours swapped.
        public static let reverse = Attributes(rawValue: 4)
        /// Dim (SGR 2); only the `mono` theme uses it, as terminals render it unlike each other.
        public static let dim = Attributes(rawValue: 8)
    }

    /// How one role is drawn: attributes, and colours as palette indices (nil: the terminal's
    /// default foreground or background).
    public struct Style: Sendable, Hashable {
        /// The attributes.
        public var attributes: Attributes
        /// The foreground colour, 0–255, or nil for the terminal's default.
        public var foreground: Int?
        /// The background colour, 0–255, or nil for the terminal's default.
        public var background: Int?

        /// Makes a style.
        public init(_ attributes: Attributes = [], foreground: Int? = nil, background: Int? = nil) {
            self.attributes = attributes
            self.foreground = foreground
            self.background = background
        }
    }

    /// The relative luminance (WCAG 2.x) above which a background counts as light, about
    /// 0.179: where black and white text have the same contrast with it (`(1 + 0.05) / (L + 0.05)
    /// = (L + 0.05) / (0 + 0.05)`), so above it dark text (the light theme) reads better, below
    /// it light text (the dark theme).
    public static let lightBackgroundLuminance = (1.05 * 0.05).squareRoot() - 0.05

    /// The theme `COLORFGBG` (set by rxvt, Konsole and others as `fg;bg` or `fg;default;bg`)
    /// calls for: light when it names a light background colour, dark when a dark one. A
    /// background of 0–6 or 8 is dark and 7 or 9–15 light, as rxvt and Vim read it; 16–255 by
    /// the colour's luminance in xterm's palette (`lightBackgroundLuminance`).
    /// - Parameter colorfgbg: the variable's value, or nil.
    /// - Returns: `.dark` or `.light`, or nil when the value names no colour (absent, empty,
    ///   `default`, out of range): then `--theme auto` asks the terminal.
    public static func named(colorfgbg: String?) -> Theme? {
        guard let value = colorfgbg, let last = value.split(separator: ";", omittingEmptySubsequences: false).last,
            let index = Int(last.filter { $0 != " " }), (0...255).contains(index)
        else { return nil }
        if index < 16 { return index == 7 || index >= 9 ? .light : .dark }
        return XtermPalette.luminance(of: index) > lightBackgroundLuminance ? .light : .dark
    }

    /// The theme `COLORFGBG` calls for (`named(colorfgbg:)`), dark when it names no colour.
    /// - Parameter colorfgbg: the variable's value, or nil.
    /// - Returns: `.dark` or `.light`.
    public static func automatic(colorfgbg: String?) -> Theme {
        named(colorfgbg: colorfgbg) ?? .dark
    }

    /// The theme for the background colour the terminal said it has (its OSC 11 answer): light
    /// when the colour's WCAG 2.x relative luminance is above `lightBackgroundLuminance`, else
    /// dark; dark when there was no answer.
    /// - Parameter background: the terminal's background, or nil.
    /// - Returns: `.dark` or `.light`.
    public static func automatic(background: TerminalColour?) -> Theme {
        guard let background else { return .dark }
        return background.relativeLuminance > lightBackgroundLuminance ? .light : .dark
    }

    /// The background colour the theme is made for, as a palette index (nil for `mono`).
    public var background: Int? {
        switch self {
        case .dark: return 0
        case .light: return 15
        case .mono: return nil
        }
    }

    /// The default foreground the theme expects, as a palette index (nil for `mono`): white on
    /// dark, black on light (as `COLORFGBG` says `15;0` or `0;15`).
    public var defaultForeground: Int? {
        switch self {
        case .dark: return 15
        case .light: return 0
        case .mono: return nil
        }
    }

    /// The style of every role in a palette. `mono` ignores the palette.
    /// - Parameter palette: the terminal's palette.
    /// - Returns: a style for each `TextRole`.
    public func styles(palette: Palette) -> [TextRole: Style] {
        var table = Self.monoStyles
        let colours: [TextRole: Style]
        switch (self, palette) {
        case (.mono, _): return table
        case (.dark, .basic): colours = Self.darkBasic
        case (.dark, .extended): colours = Self.darkExtended
        case (.light, .basic): colours = Self.lightBasic
        case (.light, .extended): colours = Self.lightExtended
        }
        for (role, style) in colours { table[role] = style }
        return table
    }

    // MARK: The tables

    /// Attributes only: the roles that colour themes leave alone (normal text, the selection, the
    /// status bar, the matches in the selected row, strong and underlined) and all of `mono`.
    private static let monoStyles: [TextRole: Style] = [
        .normal: Style(), .heading: Style(.bold), .selected: Style([.reverse, .bold]), .dim: Style(.dim),
        .accent: Style(.bold), .status: Style(.reverse), .error: Style(.bold), .border: Style(),
        .match: Style([.bold, .underline]), .selectedMatch: Style([.reverse, .bold, .underline]),
        .ratingPoor: Style(), .ratingWeak: Style(), .ratingFair: Style(),
        .ratingGood: Style(), .ratingGreat: Style(), .ratingExcellent: Style(),
        .strong: Style(.bold), .underlined: Style(.underline)
    ]

    // Colour numbers of xterm's 256-colour palette used below (16–231: the 6×6×6 cube of levels
    // 0, 95, 135, 175, 215, 255; 232–255: greys).

    /// Dark, eight colours. Blue (2.2:1 on black), red (3.6:1) and magenta (4.48:1) are too dark
    /// for text, so errors and poor ratings are white on a red background (4.6:1, bold 5.8:1).
    private static let darkBasic: [TextRole: Style] = [
        .heading: Style(.bold, foreground: 6), .dim: Style(foreground: 7), .accent: Style(foreground: 3),
        .error: Style(.bold, foreground: 7, background: 1), .border: Style(foreground: 6),
        .match: Style([.bold, .underline], foreground: 3),
        .ratingPoor: Style(.bold, foreground: 7, background: 1), .ratingWeak: Style(foreground: 7),
        .ratingFair: Style(foreground: 3), .ratingGood: Style(foreground: 2),
        .ratingGreat: Style(.bold, foreground: 2), .ratingExcellent: Style(.bold, foreground: 6)
    ]

    /// Dark, 256 colours: sky-blue headings, gold accents, a slate blue for borders that is
    /// still 5.6:1 on black, a grey for muted text.
    private static let darkExtended: [TextRole: Style] = [
        .heading: Style(.bold, foreground: 117), .dim: Style(foreground: 245), .accent: Style(foreground: 220),
        .error: Style(.bold, foreground: 203), .border: Style(foreground: 67),
        .match: Style([.bold, .underline], foreground: 220),
        .ratingPoor: Style(foreground: 203), .ratingWeak: Style(foreground: 170), .ratingFair: Style(foreground: 220),
        .ratingGood: Style(foreground: 78), .ratingGreat: Style(.bold, foreground: 83), .ratingExcellent: Style(.bold, foreground: 87)
    ]

    /// Light, eight colours. Only black, red (5.8:1 on white), blue (9.4:1, bold 4.7:1) and
    /// magenta (4.7:1) are dark enough; bold red and bold magenta turn bright (4.0:1, 3.1:1) and
    /// are never used. The best ratings are black on cyan (10.6:1).
    private static let lightBasic: [TextRole: Style] = [
        .heading: Style(.bold, foreground: 4), .dim: Style(), .accent: Style(foreground: 5),
        .error: Style(.bold, foreground: 7, background: 1), .border: Style(foreground: 4),
        .match: Style([.bold, .underline]),
        .ratingPoor: Style(foreground: 1), .ratingWeak: Style(foreground: 5), .ratingFair: Style(),
        .ratingGood: Style(foreground: 4), .ratingGreat: Style(.bold, foreground: 4), .ratingExcellent: Style(.bold, background: 6)
    ]

    /// Light, 256 colours: dark blue headings, a dark orange for accents (4.7:1), dark red,
    /// green and blue for the ratings, a grey for muted text (5.3:1).
    private static let lightExtended: [TextRole: Style] = [
        .heading: Style(.bold, foreground: 25), .dim: Style(foreground: 242), .accent: Style(foreground: 130),
        .error: Style(.bold, foreground: 124), .border: Style(foreground: 60),
        .match: Style([.bold, .underline], foreground: 130),
        .ratingPoor: Style(foreground: 124), .ratingWeak: Style(foreground: 127), .ratingFair: Style(foreground: 130),
        .ratingGood: Style(foreground: 28), .ratingGreat: Style(.bold, foreground: 22), .ratingExcellent: Style(.bold, foreground: 18)
    ]
}
