/// When a show airs: a local time of day and the weekdays.
public struct AirSchedule: Sendable, Hashable {
    /// The local time, `HH:MM` (24-hour), or nil when not fixed.
    public let time: String?
    /// The weekdays in English, for example `["Monday", "Tuesday"]`.
    public let days: [String]

    /// Makes a schedule.
    /// - Parameters:
    ///   - time: the local time, `HH:MM`, or nil.
    ///   - days: the weekdays in English.
    public init(time: String?, days: [String]) {
        self.time = time
        self.days = days
    }

    /// A schedule with no time and no days.
    public static let none = AirSchedule(time: nil, days: [])
}
