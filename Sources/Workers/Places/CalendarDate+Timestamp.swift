import Domain
import FoundationEssentials

extension CalendarDate {
    /// The day of an ISO 8601 timestamp such as `"2025-12-04T11:12:14Z"` (its first 10
    /// characters); nil when they are not a date.
    static func dayOf(timestamp: String?) -> CalendarDate? {
        guard let timestamp, timestamp.count >= 10 else { return nil }
        return CalendarDate(iso: String(timestamp.prefix(10)))
    }
}
