import Foundation

/// A terminal screen with each cell's colours and attributes, read from tmux's
/// `capture-pane -e`, which writes the cells' attributes as SGR sequences (`ESC [ … m`).
public struct StyledScreen {
    /// The colours and attributes of a cell, as the program set them.
    public struct Style: Equatable, Sendable {
        /// The text colour, 0–255; nil for the terminal's default.
        public var foreground: Int?
        /// The background colour, 0–255; nil for the terminal's default.
        public var background: Int?
        /// A 24-bit text colour (`38;2;R;G;B`) as `0xRRGGBB`; nil when none.
        public var trueForeground: Int?
        /// A 24-bit background colour (`48;2;R;G;B`) as `0xRRGGBB`; nil when none.
        public var trueBackground: Int?
        /// SGR 1.
        public var bold = false
        /// SGR 2.
        public var dim = false
        /// SGR 4.
        public var underline = false
        /// SGR 7.
        public var reverse = false

        /// The plain style: default colours, no attribute.
        public init() {}
    }

    /// One drawn character.
    public struct Cell: Equatable, Sendable {
        /// The row, from 0.
        public var row: Int
        /// The character.
        public var character: Character
        /// Its style.
        public var style: Style
    }

    /// Every character that is not a space, in reading order.
    public let cells: [Cell]
    /// The rows as text, without attributes.
    public let rows: [String]

    /// Reads `capture-pane -e -p` output.
    /// - Parameter captured: the text with SGR sequences; other escape sequences are skipped.
    public init(captured: String) {
        var cells: [Cell] = []
        var rows: [String] = []
        var style = Style()
        for (row, line) in captured.components(separatedBy: "\n").enumerated() {
            var text = ""
            var scalars = Array(line.unicodeScalars)[...]
            while let scalar = scalars.first {
                scalars = scalars.dropFirst()
                if scalar == "\u{1B}" {
                    guard scalars.first == "[" else { scalars = scalars.dropFirst(); continue }
                    scalars = scalars.dropFirst()
                    var body = ""
                    while let next = scalars.first, !(0x40...0x7E).contains(next.value) {
                        body.unicodeScalars.append(next)
                        scalars = scalars.dropFirst()
                    }
                    let final = scalars.first
                    scalars = scalars.dropFirst()
                    if final == "m" { Self.apply(body, to: &style) }
                    continue
                }
                text.unicodeScalars.append(scalar)
                if scalar != " " && scalar.properties.generalCategory != .nonspacingMark {
                    cells.append(Cell(row: row, character: Character(scalar), style: style))
                }
            }
            rows.append(text)
        }
        if rows.last == "" { rows.removeLast() }
        self.cells = cells
        self.rows = rows
    }

    private static func apply(_ body: String, to style: inout Style) {
        var codes = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
        if codes.isEmpty { codes = [0] }
        while let code = codes.popFirst() {
            switch code {
            case 0: style = Style()
            case 1: style.bold = true
            case 2: style.dim = true
            case 4: style.underline = true
            case 7: style.reverse = true
            case 22: style.bold = false; style.dim = false
            case 24: style.underline = false
            case 27: style.reverse = false
            case 30...37: style.foreground = code - 30
            case 90...97: style.foreground = code - 90 + 8
            case 39: style.foreground = nil; style.trueForeground = nil
            case 40...47: style.background = code - 40
            case 100...107: style.background = code - 100 + 8
            case 49: style.background = nil; style.trueBackground = nil
            case 38, 48:
                let mode = codes.popFirst()
                var colour: Int?
                var rgb: Int?
                if mode == 5 {
                    colour = codes.popFirst()
                } else if mode == 2 {
                    let parts = Array(codes.prefix(3))
                    codes = codes.dropFirst(3)
                    if parts.count == 3 { rgb = parts[0] << 16 | parts[1] << 8 | parts[2] }
                }
                if code == 38 {
                    style.foreground = colour
                    style.trueForeground = rgb
                } else {
                    style.background = colour
                    style.trueBackground = rgb
                }
            default: break
            }
        }
    }
}
