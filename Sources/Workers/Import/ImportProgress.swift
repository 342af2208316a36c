import Domain

/// How far the show lookups of an import are, as the progress line on standard error shows it:
/// `312/1,040 shows · 4 unmatched · about 3 min left`.
public struct ImportProgress: Sendable, Equatable {
    /// Shows looked up so far (answers kept from an earlier run included).
    public var done: Int
    /// Shows to look up in all.
    public var total: Int
    /// Shows TVmaze did not know (or knew several of) so far.
    public var unmatched: Int
    /// The estimated time left, in seconds, from the pace of the requests so far; nil before
    /// the first request or when nothing is left.
    public var secondsLeft: Int?

    /// Makes a progress report.
    /// - Parameters: see the properties.
    public init(done: Int, total: Int, unmatched: Int, secondsLeft: Int?) {
        self.done = done
        self.total = total
        self.unmatched = unmatched
        self.secondsLeft = secondsLeft
    }

    /// `312/1,040 shows · 4 unmatched · about 3 min left` (`·` is `-` when `ascii`); numbers
    /// grouped by threes with commas whatever the locale.
    /// - Parameter ascii: true for ASCII only.
    /// - Returns: the line.
    public func line(ascii: Bool = false) -> String {
        let dot = ascii ? " - " : " · "
        var parts = ["\(Self.grouped(done))/\(Self.grouped(total)) shows", "\(Self.grouped(unmatched)) unmatched"]
        if let secondsLeft, done < total {
            parts.append(secondsLeft < 60 ? "about \(max(1, secondsLeft)) s left" : "about \((secondsLeft + 30) / 60) min left")
        }
        return parts.joined(separator: dot)
    }

    /// `1,040`: a count with commas between groups of three digits.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }
}
