extension CalendarDate {
    /// The UTC calendar day of a Unix time, by Howard Hinnant's `civil_from_days` algorithm
    /// (https://howardhinnant.github.io/date_algorithms.html#civil_from_days).
    /// - Parameter seconds: seconds since 1970-01-01T00:00:00Z.
    /// - Returns: the day; 1970-01-01 for times outside years 1–9999.
    public static func utcDay(ofUnixTime seconds: Int) -> CalendarDate {
        let z = seconds.dividedRoundingDown(by: 86_400) + 719_468
        let era = z.dividedRoundingDown(by: 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return CalendarDate(year: year, month: month, day: day) ?? .unixEpoch
    }
}

extension Int {
    fileprivate func dividedRoundingDown(by divisor: Int) -> Int {
        let q = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? q - 1 : q
    }
}
