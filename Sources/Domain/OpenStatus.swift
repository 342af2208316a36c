/// Whether a place is open at a moment, by its opening hours.
public enum OpenStatus: Sendable, Equatable {
    /// Open at every moment of the week (`24/7`).
    case alwaysOpen
    /// Open; closes at that moment, or nil when the hours give no closing time (`15:00+`).
    case open(closes: WeekTime?)
    /// Closed; opens at that moment, or nil when the hours name no opening in the week.
    case closed(opens: WeekTime?)
    /// Not known: after an open end (`11:00-23:00+` at 23:30), where the hours do not say.
    case unknown
}
