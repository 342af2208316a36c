import Domain
import FoundationEssentials

/// Opening hours as the places scene says them: open or closed now (short, medium, long), the
/// clock they are read on, and the week laid out for a place's details.
enum OpeningHoursText {
    /// Which clock the hours are read on: `hours in Europe/Paris time`, or `hours in your time
    /// zone (UTC): the place's is not known`.
    static func clockPhrase(_ hours: NearbyPOIs.LoadPOIs.Response.Hours) -> String {
        hours.isViewersZone
            ? "hours in your time zone (\(hours.timeZone)): the place's is not known"
            : "hours in \(hours.timeZone) time"
    }

    /// Open or closed now, short, medium (the verb says which: `Closes 18:00`, `Opens Mo 08:00`)
    /// and long, and whether open (nil: not known).
    static func openNow(_ hours: NearbyPOIs.LoadPOIs.Response.Hours?) -> (short: String, medium: String, long: String, isOpen: Bool?) {
        guard let hours else { return (ShowFormatting.missing, ShowFormatting.missing, ShowFormatting.missing, nil) }
        guard let status = hours.status else { return ("?", "?", "Hours as written (see details)", nil) }
        switch status {
        case .alwaysOpen:
            return ("24/7", "Open 24/7", "Open 24/7", true)
        case .open(let closes?):
            let at = moment(closes, from: hours.now, closing: true)
            return ("Open", "Closes " + at, "Open · closes " + at, true)
        case .open(nil):
            return ("Open", "Open", "Open · no closing time given", true)
        case .closed(let opens?):
            let at = moment(opens, from: hours.now)
            return ("Closed", "Opens " + at, "Closed · opens " + at, false)
        case .closed(nil):
            return ("Closed", "Closed", "Closed all week", false)
        case .unknown:
            return ("?", "?", "Maybe open (open end)", nil)
        }
    }

    /// A moment after `now`: the time alone within the next 24 hours when it falls today or is
    /// a closing time (`02:00`), else with its weekday (`Mo 08:00`).
    static func moment(_ time: WeekTime, from now: WeekTime, closing: Bool = false) -> String {
        let ahead = ((time.minuteOfWeek - now.minuteOfWeek) % 10_080 + 10_080) % 10_080
        if ahead < 1_440 && (closing || time.weekday == now.weekday) { return time.clock }
        return time.weekday.abbreviation + " " + time.clock
    }

    /// The week laid out under the hours as written: open now (and on which clock), then one
    /// line a day, Monday first, today marked, and a note when public holidays may differ.
    /// Nothing more when the hours do not parse: the value as written stands alone.
    static func hoursFacts(_ hours: NearbyPOIs.LoadPOIs.Response.Hours?) -> [NearbyPOIs.ShowPOIDetails.ViewModel.Fact] {
        guard let hours else { return [] }
        let clock = hours.isViewersZone ? "your time zone, \(hours.timeZone): the place's is not known" : "\(hours.timeZone) time"
        guard let parsed = hours.parsed else {
            return [.init(label: "Open now", value: "Not known: the hours above are shown as written")]
        }
        var facts: [NearbyPOIs.ShowPOIDetails.ViewModel.Fact] = [
            .init(label: "Open now", value: openNow(hours).long + " (\(clock))")
        ]
        for day in Weekday.allCases {
            let spans = parsed.days[day.rawValue].map(spanText)
            var value = spans.isEmpty ? "closed" : spans.joined(separator: ", ")
            if day == hours.now.weekday { value += " · today" }
            facts.append(.init(label: "  " + day.abbreviation, value: value))
        }
        if parsed.datesMayDiffer {
            facts.append(.init(label: "  Dates", value: "closed on some dates: see the hours as written"))
        }
        if parsed.holidaysMayDiffer {
            facts.append(.init(label: "  PH", value: "public holidays may differ"))
        }
        return facts
    }

    /// A span: `08:00–18:00`, `18:00–02:00` (past midnight), `from 15:00 (no end given)`,
    /// `11:00–23:00 or later`.
    static func spanText(_ span: OpeningSpan) -> String {
        if span.openEnd && span.end == span.start { return "from \(OpeningHours.clock(span.start)) (no end given)" }
        let end = span.end == 1_440 ? "24:00" : OpeningHours.clock(span.end)
        return OpeningHours.clock(span.start) + "–" + end + (span.openEnd ? " or later" : "")
    }
}
