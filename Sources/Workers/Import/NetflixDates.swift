import Domain

/// Netflix's dates, written in the account's locale, read with one order for the whole file.
///
/// A field greater than 12 can only be the day, so one row settles the order for all. When no
/// row settles it (every day of the month 12 or less), the order under which the rows run
/// newest first, as Netflix lists them, with the fewest exceptions is taken; a tie is read as
/// month first (the US form, which the `/` separator most often means).
enum NetflixDates {
    /// The order of the day and the month.
    enum Order: String {
        /// `M/D/YY`.
        case monthFirst = "month/day/year"
        /// `D/M/YY` or `D.M.YY`.
        case dayFirst = "day/month/year"
        /// `YYYY-MM-DD`.
        case yearFirst = "year-month-day"
    }

    /// A date's three numbers as written.
    struct Parts: Equatable {
        let first: Int
        let second: Int
        let year: Int
        let iso: Bool
    }

    /// The numbers of `10/21/20`, `21.10.2020`, `21-10-20` or `2020-10-21`.
    /// - Parameter text: the date.
    /// - Returns: the parts; nil for anything else.
    static func parts(_ text: String) -> Parts? {
        let pieces = text.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "." || $0 == "-" }
        guard pieces.count == 3, pieces.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCIIDigit) }),
            let a = Int(pieces[0]), let b = Int(pieces[1]), let c = Int(pieces[2])
        else { return nil }
        if pieces[0].count == 4 { return Parts(first: b, second: c, year: a, iso: true) }
        guard pieces[2].count == 2 || pieces[2].count == 4 else { return nil }
        return Parts(first: a, second: b, year: pieces[2].count == 2 ? 2000 + c : c, iso: false)
    }

    /// The order for a whole file's dates.
    static func order(of dates: [Parts]) -> Order {
        if dates.allSatisfy(\.iso) { return .yearFirst }
        let written = dates.filter { !$0.iso }
        if written.contains(where: { $0.first > 12 }) { return .dayFirst }
        if written.contains(where: { $0.second > 12 }) { return .monthFirst }
        func exceptions(_ order: Order) -> Int {
            let days = written.compactMap { day($0, order: order) }
            return zip(days, days.dropFirst()).filter { $0.0 < $0.1 }.count
        }
        return exceptions(.dayFirst) < exceptions(.monthFirst) ? .dayFirst : .monthFirst
    }

    /// The day the parts name in `order` (ISO dates are always year first).
    static func day(_ parts: Parts, order: Order) -> CalendarDate? {
        if parts.iso { return CalendarDate(year: parts.year, month: parts.first, day: parts.second) }
        switch order {
        case .monthFirst, .yearFirst: return CalendarDate(year: parts.year, month: parts.first, day: parts.second)
        case .dayFirst: return CalendarDate(year: parts.year, month: parts.second, day: parts.first)
        }
    }
}
