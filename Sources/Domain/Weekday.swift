/// A day of the week, Monday first (ISO 8601 numbering minus one), as OpenStreetMap's
/// `opening_hours` abbreviates it (`Mo` … `Su`).
public enum Weekday: Int, Sendable, Hashable, CaseIterable, Comparable {
    /// Monday, `Mo`.
    case monday = 0
    /// Tuesday, `Tu`.
    case tuesday
    /// Wednesday, `We`.
    case wednesday
    /// Thursday, `Th`.
    case thursday
    /// Friday, `Fr`.
    case friday
    /// Saturday, `Sa`.
    case saturday
    /// Sunday, `Su`.
    case sunday

    /// OpenStreetMap's two-letter abbreviation, for example `Mo`.
    public var abbreviation: String { Self.abbreviations[rawValue] }

    /// The day after (Sunday is followed by Monday).
    public var next: Weekday { Weekday(rawValue: (rawValue + 1) % 7) ?? .monday }

    /// The day for an abbreviation (`Mo` … `Su`), or nil.
    public init?(abbreviation: String) {
        guard let index = Self.abbreviations.firstIndex(of: abbreviation) else { return nil }
        self.init(rawValue: index)
    }

    /// The day for a Gregorian calendar weekday number (1 = Sunday … 7 = Saturday, as
    /// Foundation's `Calendar` numbers them), or nil outside 1…7.
    public init?(gregorianWeekday: Int) {
        guard (1...7).contains(gregorianWeekday) else { return nil }
        self.init(rawValue: (gregorianWeekday + 5) % 7)
    }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }

    private static let abbreviations = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
}
