/// A moment in a week, in a place's local time: a weekday and minutes after its midnight.
public struct WeekTime: Sendable, Hashable {
    /// The day.
    public let weekday: Weekday
    /// Minutes after the day's midnight, 0…1439.
    public let minute: Int

    /// Makes a moment; `minute` is reduced into the week (1440 is the next day's 00:00).
    /// - Parameters:
    ///   - weekday: the day.
    ///   - minute: minutes after that day's midnight; any value, wrapped around the week.
    public init(weekday: Weekday, minute: Int) {
        let week = 7 * 1_440
        let total = ((weekday.rawValue * 1_440 + minute) % week + week) % week
        self.weekday = Weekday(rawValue: total / 1_440) ?? .monday
        self.minute = total % 1_440
    }

    /// Minutes after Monday 00:00, 0…10079.
    public var minuteOfWeek: Int { weekday.rawValue * 1_440 + minute }

    /// The time of day as `HH:MM`, for example `08:00`.
    public var clock: String { OpeningHours.clock(minute) }
}
