/// Opening hours parsed from OpenStreetMap's `opening_hours` tag, in its common grammar: rules
/// separated by `;` (a later rule replaces the days it names) or `,` before a weekday (adds);
/// weekday ranges and lists (`Mo-Fr`, `Sa,Su`, `Su-We` wrapping round the week); one or more
/// time spans (`08:00-12:00,14:00-18:00`), spans past midnight (`18:00-02:00`, `24:00`,
/// `00:00` as an end), open ends (`15:00+`); `24/7`; `off` and `closed`; comments in quotes are
/// ignored. A rule for public holidays (`PH`) is set aside: no calendar of holidays is known,
/// so the week's hours hold and `holidaysMayDiffer` says so. A simple closed date (`Dec 25 off`,
/// `Dec 24-26,31 closed`) is set aside the same way (`datesMayDiffer`). Anything else (months
/// or dates with hours, weeks, school holidays, sunrise, `||` fallbacks) does not parse, and the
/// text is shown as written, never guessed.
///
/// Source: the OpenStreetMap wiki, "Key:opening_hours/specification" (wiki.openstreetmap.org).
public struct OpeningHours: Sendable, Equatable {
    /// The spans that start on each day, Monday first (7 arrays; empty for a closed day).
    public let days: [[OpeningSpan]]
    /// True when a rule for public holidays (`PH`) was set aside.
    public let holidaysMayDiffer: Bool
    /// True when a rule closing on given dates (`Dec 25 off`) was set aside.
    public let datesMayDiffer: Bool
    /// True for `24/7`.
    public let isAlwaysOpen: Bool

    /// Parses an `opening_hours` value.
    /// - Parameter text: the tag's value, as the source gives it.
    /// - Returns: the hours, or nil when the value is empty, holds only a comment, or uses
    ///   grammar beyond the common one (see the type's description).
    public init?(_ text: String) {
        var days = [[OpeningSpan]](repeating: [], count: 7)
        var holidays = false, dates = false
        var sawRule = false
        guard let rules = Self.rules(text) else { return nil }
        for rule in rules {
            guard let parsed = Self.parseRule(rule) else { return nil }
            switch parsed {
            case .ignoredHolidays:
                holidays = true
            case .ignoredDates:
                dates = true
            case .commentOnly:
                continue
            case .rule(let selected, let spans, let additive, let mentionsHolidays):
                sawRule = true
                holidays = holidays || mentionsHolidays
                for day in selected {
                    days[day.rawValue] = additive ? days[day.rawValue] + spans : spans
                }
            }
        }
        guard sawRule else { return nil }
        self.days = days.map { $0.sorted { $0.start < $1.start } }
        self.holidaysMayDiffer = holidays
        self.datesMayDiffer = dates
        let fullWeek = days.allSatisfy { $0.contains { $0.start == 0 && $0.end >= 1_440 && !$0.openEnd } }
        self.isAlwaysOpen = fullWeek
    }

    /// Whether the place is open at a moment of its local week.
    /// - Parameter time: the moment, in the place's time zone.
    /// - Returns: open (with the closing moment), closed (with the next opening), or unknown.
    public func status(at time: WeekTime) -> OpenStatus {
        if isAlwaysOpen { return .alwaysOpen }
        let week = 7 * 1_440
        let now = time.minuteOfWeek
        // Every span as an interval of the week, from Monday 00:00; one running past Sunday
        // midnight is also tried a week earlier.
        var intervals: [(start: Int, end: Int, openEnd: Bool)] = []
        for (day, spans) in days.enumerated() {
            for span in spans {
                let start = day * 1_440 + span.start
                intervals.append((start, day * 1_440 + span.end, span.openEnd))
                intervals.append((start - week, day * 1_440 + span.end - week, span.openEnd))
            }
        }
        // Open now: follow touching spans (`Fr 18:00-24:00; Sa 00:00-03:00`) to the real close.
        if let current = intervals.first(where: { $0.start <= now && now < $0.end }) {
            var end = current.end
            var extended = true
            while extended {
                extended = false
                if let next = intervals.first(where: { $0.start <= end && $0.end > end }) {
                    end = next.end
                    extended = true
                    if end - now >= week { return .alwaysOpen }
                }
            }
            return .open(closes: WeekTime(weekday: .monday, minute: end))
        }
        // The midnight that ends the day a week-minute falls in (floor division: copies a
        // week earlier start below zero).
        func dayEnd(_ minute: Int) -> Int { (minute >= 0 ? minute / 1_440 : (minute - 1_439) / 1_440) * 1_440 + 1_440 }
        // An open end with no end time (`15:00+`): open, closing not given, until midnight.
        if intervals.contains(where: { $0.openEnd && $0.start == $0.end && $0.start <= now && now < dayEnd($0.start) }) {
            return .open(closes: nil)
        }
        // After an open end (`23:00+` at 23:30), until that day's midnight: the hours do not say.
        if intervals.contains(where: { $0.openEnd && $0.end <= now && now < max($0.end, dayEnd($0.start)) }) {
            return .unknown
        }
        let starts = intervals.map { $0.start }.flatMap { [$0, $0 + week] }.filter { $0 > now }
        guard let next = starts.min() else { return .closed(opens: nil) }
        return .closed(opens: WeekTime(weekday: .monday, minute: next))
    }

    /// A time of day as `HH:MM`; 1440 and beyond wrap to the next day (`02:00` for 1560).
    public static func clock(_ minute: Int) -> String {
        let m = ((minute % 1_440) + 1_440) % 1_440
        let h = m / 60, mm = m % 60
        return (h < 10 ? "0" : "") + String(h) + ":" + (mm < 10 ? "0" : "") + String(mm)
    }

    // MARK: Parsing

    private enum Parsed {
        case rule(days: [Weekday], spans: [OpeningSpan], additive: Bool, mentionsHolidays: Bool)
        case ignoredHolidays
        case ignoredDates
        case commentOnly
    }

    /// A rule's text and whether it adds to the rules before it (`,`) rather than replacing
    /// the days it names (`;`).
    private struct RuleText {
        var text: String
        var additive: Bool
    }

    /// Splits the value into rules at `;` and at a `,` followed by a weekday or `PH` after a
    /// time; comments in quotes are dropped. Nil for a `||` fallback or an unclosed quote.
    private static func rules(_ text: String) -> [RuleText]? {
        var cleaned = ""
        var inQuote = false
        for c in text {
            if c == "\"" { inQuote.toggle(); cleaned.append(" "); continue }
            if inQuote { continue }
            cleaned.append(c)
        }
        guard !inQuote, !cleaned.contains("||") else { return nil }
        var rules: [RuleText] = []
        for (i, part) in cleaned.split(separator: ";", omittingEmptySubsequences: false).enumerated() {
            // `, Sa 09:00-12:00` after a time starts an additional rule.
            let chars = Array(part)
            var current = "", additive = false
            var j = 0
            while j < chars.count {
                let c = chars[j]
                if c == ",", current.last(where: { $0 != " " })?.isNumber == true || current.hasSuffix("+") || current.hasSuffix("off") || current.hasSuffix("closed") {
                    let rest = String(chars[(j + 1)...]).drop { $0 == " " }
                    if rest.count >= 2, Weekday(abbreviation: String(rest.prefix(2))) != nil || rest.hasPrefix("PH") {
                        rules.append(RuleText(text: current, additive: additive))
                        current = ""
                        additive = true
                        j += 1
                        continue
                    }
                }
                current.append(c)
                j += 1
            }
            if i > 0 || !current.trimmingSpaces.isEmpty || rules.isEmpty {
                rules.append(RuleText(text: current, additive: additive))
            }
        }
        return rules
    }

    private static func parseRule(_ rule: RuleText) -> Parsed? {
        var rest = Substring(rule.text.trimmingSpaces)
        if rest.isEmpty { return .commentOnly }
        if isClosedDates(rest) { return .ignoredDates }
        if rest == "24/7" {
            return .rule(days: Weekday.allCases, spans: [OpeningSpan(start: 0, end: 1_440)], additive: rule.additive, mentionsHolidays: false)
        }
        // The weekday selector: `Mo-Fr`, `Sa,Su`, `PH`, `PH,Mo-Su`.
        var selected: [Weekday] = []
        var holidays = false
        var hadSelector = false
        while let first = rest.first, first.isLetter {
            let word = rest.prefix(2)
            if word == "PH" {
                holidays = true
                rest = rest.dropFirst(2)
            } else if let from = Weekday(abbreviation: String(word)) {
                rest = rest.dropFirst(2)
                if rest.first == "-" {
                    let to = rest.dropFirst().prefix(2)
                    guard let end = Weekday(abbreviation: String(to)) else { return nil }
                    rest = rest.dropFirst(3)
                    var day = from
                    selected.append(day)
                    while day != end { day = day.next; selected.append(day) }
                } else {
                    selected.append(from)
                }
            } else {
                break
            }
            hadSelector = true
            if let next = rest.first, next.isLetter { return nil } // `Mon`, `Mo[1]`-like words
            if rest.first == "," { rest = rest.dropFirst() } else { break }
        }
        if hadSelector, let next = rest.first, next != " " { return nil }
        rest = Substring(String(rest).trimmingSpaces)
        if holidays && selected.isEmpty { return .ignoredHolidays }
        if !hadSelector { selected = Weekday.allCases }
        // A modifier alone: `off`, `closed`.
        let lower = rest.lowercased()
        if lower == "off" || lower == "closed" {
            return .rule(days: selected, spans: [], additive: rule.additive, mentionsHolidays: holidays)
        }
        if rest.isEmpty {
            // A weekday selector alone means open all day.
            guard hadSelector else { return .commentOnly }
            return .rule(days: selected, spans: [OpeningSpan(start: 0, end: 1_440)], additive: rule.additive, mentionsHolidays: holidays)
        }
        // The time selector: `08:00-12:00,14:00-18:00`, `07:00 - 23:00`, `15:00+`, then an
        // optional `open`.
        var spans: [OpeningSpan] = []
        var text = String(rest)
        if text.lowercased().hasSuffix(" open") { text = String(text.dropLast(5)) }
        for piece in text.split(separator: ",") {
            let compact = piece.filter { $0 != " " }
            let openEnd = compact.hasSuffix("+")
            let body = openEnd ? compact.dropLast() : compact[...]
            let ends = body.split(separator: "-", omittingEmptySubsequences: false)
            guard let start = minutes(ends[0]), start < 1_440 else { return nil }
            if ends.count == 1 {
                guard openEnd else { return nil }
                spans.append(OpeningSpan(start: start, end: start, openEnd: true))
                continue
            }
            guard ends.count == 2, var end = minutes(ends[1]), end <= 2_880 else { return nil }
            if end <= start { end += 1_440 } // past midnight, `00:00` as an end included
            guard end - start <= 1_440 else { return nil }
            spans.append(OpeningSpan(start: start, end: end, openEnd: openEnd))
        }
        guard !spans.isEmpty else { return nil }
        return .rule(days: selected, spans: spans, additive: rule.additive, mentionsHolidays: holidays)
    }

    /// The months' abbreviations, as the specification writes them.
    private static let months: Set<Substring> = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// True for a rule that only closes on dates: a month, days (`25`, `24-26`, `25,26`, more
    /// months), then `off` or `closed` — `Dec 25 off`, `Dec 24-26,31 closed`, `Jan 1 off`.
    private static func isClosedDates(_ rule: Substring) -> Bool {
        let words = rule.split(whereSeparator: { $0 == " " || $0 == "," })
        guard words.count >= 3, let first = words.first, months.contains(first),
            let last = words.last, last.lowercased() == "off" || last.lowercased() == "closed"
        else { return false }
        for word in words.dropFirst().dropLast() where !months.contains(word) {
            let days = word.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(days.count),
                days.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } && (Int($0) ?? 0) >= 1 && (Int($0) ?? 99) <= 31 })
            else { return false }
        }
        return true
    }

    /// `HH:MM` as minutes after midnight (up to `48:00`), or nil.
    private static func minutes(_ text: Substring) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts[0].allSatisfy({ $0.isASCII && $0.isNumber }), parts[1].allSatisfy({ $0.isASCII && $0.isNumber }),
            let h = Int(parts[0]), let m = Int(parts[1]), m < 60, h <= 48
        else { return nil }
        return h * 60 + m
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
