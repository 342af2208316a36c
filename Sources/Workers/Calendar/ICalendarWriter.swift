import Domain

/// Writes events as an iCalendar file (RFC 5545, https://www.rfc-editor.org/rfc/rfc5545):
/// one VCALENDAR with VERSION and PRODID, one VEVENT per event with UID, DTSTAMP, DTSTART
/// (and DTEND when the length is known), SUMMARY and the optional DESCRIPTION and LOCATION.
///
/// Times are UTC date-times (`19970714T173000Z`, §3.3.5 form #2), so no VTIMEZONE is needed;
/// an episode known only by its day is an all-day event (`DTSTART;VALUE=DATE:19970714`).
/// Text values are escaped (§3.3.11: `\\`, `\;`, `\,`, a line break as `\n`) and other
/// control characters dropped (TEXT excludes them); content lines end with CRLF and are folded
/// so that no line is longer than 75 octets, never inside a UTF-8 sequence (§3.1).
public enum ICalendarWriter {
    /// The product identifier (§3.7.3).
    public static let productID = "-//Discover//Discover TV//EN"
    /// The longest content line, in octets, CRLF not counted (§3.1).
    public static let maximumLineOctets = 75

    /// The whole file.
    /// - Parameters:
    ///   - events: the events, written in this order.
    ///   - calendarName: the calendar's name (`X-WR-CALNAME`, which calendar apps show).
    ///   - stampedAt: when the file is written (DTSTAMP), seconds since 1970-01-01 UTC.
    /// - Returns: the file's text; every line ends with CRLF.
    public static func file(events: [CalendarEvent], calendarName: String, stampedAt: Int) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:" + productID, "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-CALNAME:" + escaped(calendarName)
        ]
        for event in events {
            lines.append("BEGIN:VEVENT")
            lines.append("UID:" + escaped(event.uid))
            lines.append("DTSTAMP:" + utcDateTime(stampedAt))
            if event.isAllDay {
                // A day without a time (§3.6.1: DTEND is the next day, exclusive).
                lines.append("DTSTART;VALUE=DATE:" + String(utcDateTime(event.startsAt).prefix(8)))
                lines.append("DTEND;VALUE=DATE:" + String(utcDateTime(event.startsAt + 86_400).prefix(8)))
            } else {
                lines.append("DTSTART:" + utcDateTime(event.startsAt))
            }
            if !event.isAllDay, let duration = event.durationSeconds, duration > 0 {
                lines.append("DTEND:" + utcDateTime(event.startsAt + duration))
            }
            lines.append("SUMMARY:" + escaped(event.summary))
            if let description = event.description, !description.isEmpty {
                lines.append("DESCRIPTION:" + escaped(description))
            }
            if let location = event.location, !location.isEmpty {
                lines.append("LOCATION:" + escaped(location))
            }
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map { folded($0) + "\r\n" }.joined()
    }

    /// A UTC date-time, `YYYYMMDDTHHMMSSZ` (§3.3.5).
    /// - Parameter seconds: seconds since 1970-01-01 UTC.
    public static func utcDateTime(_ seconds: Int) -> String {
        let day = CalendarDate.utcDay(ofUnixTime: seconds)
        let second = ((seconds % 86_400) + 86_400) % 86_400
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return pad(day.year, 4) + pad(day.month, 2) + pad(day.day, 2) + "T"
            + pad(second / 3600, 2) + pad(second / 60 % 60, 2) + pad(second % 60, 2) + "Z"
    }

    /// A TEXT value escaped (§3.3.11): backslash, semicolon and comma get a backslash, a line
    /// break (CRLF, LF or CR) becomes `\n`, and other control characters are dropped.
    /// - Parameter text: plain text.
    public static func escaped(_ text: String) -> String {
        var out = ""
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n":
                if previous != "\r" { out += "\\n" }
            case "\r": out += "\\n"
            case "\t": out.unicodeScalars.append(scalar)
            default:
                // C0, DEL and C1 controls are not TEXT; neither are the bidi controls a
                // calendar would act on when it draws the title.
                let v = scalar.value
                if v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// One content line folded (§3.1): cut before the octet that would make a line longer
    /// than 75 octets, never inside a UTF-8 sequence, each continuation starting with a space
    /// (which counts in its 75).
    /// - Parameter line: the unfolded line, without CRLF.
    /// - Returns: the line with `CRLF SPACE` inserted where it is cut.
    public static func folded(_ line: String) -> String {
        var out = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if octets + size > maximumLineOctets {
                out += "\r\n "
                octets = 1
            }
            out.unicodeScalars.append(scalar)
            octets += size
        }
        return out
    }
}
