import Foundation

/// A strict reader of iCalendar files (RFC 5545), for tests: it lists every rule a file
/// breaks instead of stopping at the first.
///
/// Checked: the octets are UTF-8 (§3.1.4); every line ends with CRLF and no lone CR or LF
/// appears (§3.1); no physical line is longer than 75 octets, CRLF not counted (§3.1); a
/// continuation line starts with a space or tab; each content line is `name[;params]:value`
/// with an iana-token or x-name (§3.1); BEGIN and END nest and match; one VCALENDAR holding
/// VERSION:2.0 and PRODID exactly once and at least one component (§3.4, §3.6:
/// `icalbody = calprops component`, `component = 1*(…)`); each VEVENT has UID and DTSTAMP exactly
/// once and one DTSTART, a UTC date-time or a `VALUE=DATE` day (§3.6.1), UIDs differ; DTSTAMP is a UTC date-time (§3.8.7.2), and so
/// are DTSTART and DTEND here (`YYYYMMDDTHHMMSSZ`); TEXT values (SUMMARY, DESCRIPTION,
/// LOCATION, X-WR-CALNAME) contain no control character but tab, no unescaped `;` or `,`, and
/// a backslash only before `\`, `;`, `,`, `n` or `N` (§3.3.11).
public enum ICalendarChecker {
    /// One unfolded content line.
    public struct ContentLine: Equatable {
        /// The property or component keyword, upper-cased.
        public let name: String
        /// The parameters' text after the name, without the leading `;`.
        public let parameters: String
        /// The value, still escaped.
        public let value: String
    }

    /// One VEVENT's properties: name → values (in order); a property with parameters is
    /// named with them, `DTSTART;VALUE=DATE`.
    public typealias Event = [String: [String]]

    /// What a check found.
    public struct Report {
        /// The rules broken, each with where (empty when the file is good).
        public var problems: [String] = []
        /// The events, in order.
        public var events: [Event] = []
    }

    /// Checks a file's bytes.
    /// - Parameter data: the whole file.
    /// - Returns: the problems and the events.
    public static func check(_ data: Data) -> Report {
        var report = Report()
        guard let text = String(data: data, encoding: .utf8) else {
            report.problems.append("not UTF-8")
            return report
        }
        let bytes = Array(data)
        // Physical lines: every CR must be followed by LF and every LF preceded by CR.
        var physical: [[UInt8]] = []
        var current: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                    physical.append(current)
                    current = []
                    index += 2
                    continue
                }
                report.problems.append("line \(physical.count + 1): CR without LF")
            } else if byte == 0x0A {
                report.problems.append("line \(physical.count + 1): LF without CR")
                physical.append(current)
                current = []
                index += 1
                continue
            }
            current.append(byte)
            index += 1
        }
        if !current.isEmpty { report.problems.append("the last line does not end with CRLF") }
        _ = text
        var logical: [[UInt8]] = []
        for (number, line) in physical.enumerated() {
            if line.count > 75 { report.problems.append("line \(number + 1): \(line.count) octets, more than 75") }
            if line.isEmpty { report.problems.append("line \(number + 1): empty"); continue }
            if line[0] == 0x20 || line[0] == 0x09 {
                if logical.isEmpty { report.problems.append("line \(number + 1): continuation of nothing"); continue }
                logical[logical.count - 1] += line.dropFirst()
            } else {
                logical.append(line)
            }
        }
        var lines: [ContentLine] = []
        for raw in logical {
            guard let line = String(bytes: raw, encoding: .utf8) else {
                report.problems.append("a content line is cut inside a UTF-8 sequence")
                continue
            }
            guard let parsed = parse(line) else {
                report.problems.append("not a content line: \(line)")
                continue
            }
            lines.append(parsed)
        }
        checkStructure(lines, into: &report)
        return report
    }

    /// Splits `name[;params]:value`; nil when the name is not a token or there is no colon.
    public static func parse(_ line: String) -> ContentLine? {
        var name = ""
        var rest = Substring(line)
        while let c = rest.first, c.isASCII, c.isLetter || c.isNumber || c == "-" {
            name.append(c)
            rest = rest.dropFirst()
        }
        guard !name.isEmpty else { return nil }
        var parameters = ""
        if rest.first == ";" {
            // Parameters end at the first colon outside double quotes.
            rest = rest.dropFirst()
            var quoted = false
            while let c = rest.first, quoted || c != ":" {
                if c == "\"" { quoted.toggle() }
                parameters.append(c)
                rest = rest.dropFirst()
            }
        }
        guard rest.first == ":" else { return nil }
        return ContentLine(name: name.uppercased(), parameters: parameters, value: String(rest.dropFirst()))
    }

    /// True when a value is a UTC date-time, `YYYYMMDDTHHMMSSZ`.
    public static func isUTCDateTime(_ value: String) -> Bool {
        value.range(of: #"^\d{8}T\d{6}Z$"#, options: .regularExpression) != nil
    }

    /// The problems of one TEXT value (§3.3.11).
    public static func textProblems(_ value: String) -> [String] {
        var problems: [String] = []
        var scalars = value.unicodeScalars.makeIterator()
        while let s = scalars.next() {
            if s == "\\" {
                guard let next = scalars.next(), ["\\", ";", ",", "n", "N"].contains(next) else {
                    problems.append("a backslash that escapes nothing in '\(value)'")
                    continue
                }
            } else if s == ";" || s == "," {
                problems.append("unescaped '\(s)' in '\(value)'")
            } else if (s.value < 0x20 && s != "\t") || s.value == 0x7F {
                problems.append("control character U+\(String(s.value, radix: 16)) in a value")
            }
        }
        return problems
    }

    /// The text of a TEXT value with the escapes undone.
    public static func unescaped(_ value: String) -> String {
        var out = ""
        var scalars = value.unicodeScalars.makeIterator()
        while let s = scalars.next() {
            if s == "\\", let next = scalars.next() {
                out += next == "n" || next == "N" ? "\n" : String(next)
            } else {
                out.unicodeScalars.append(s)
            }
        }
        return out
    }

    private static let textProperties: Set<String> = ["SUMMARY", "DESCRIPTION", "LOCATION", "X-WR-CALNAME", "COMMENT"]

    private static func checkStructure(_ lines: [ContentLine], into report: inout Report) {
        var stack: [String] = []
        var calendars = 0
        var calendarProperties: [String: Int] = [:]
        var components = 0
        var event: Event?
        var uids: Set<String> = []
        if lines.first.map({ $0.name == "BEGIN" && $0.value == "VCALENDAR" }) != true {
            report.problems.append("the file does not start with BEGIN:VCALENDAR")
        }
        if lines.last.map({ $0.name == "END" && $0.value == "VCALENDAR" }) != true {
            report.problems.append("the file does not end with END:VCALENDAR")
        }
        for line in lines {
            if textProperties.contains(line.name) { report.problems += textProblems(line.value) }
            switch line.name {
            case "BEGIN":
                stack.append(line.value)
                if line.value == "VCALENDAR" {
                    calendars += 1
                    if stack.count != 1 { report.problems.append("VCALENDAR inside another component") }
                } else if stack.count == 2 && stack.first == "VCALENDAR" {
                    components += 1
                }
                if line.value == "VEVENT" {
                    if stack != ["VCALENDAR", "VEVENT"] { report.problems.append("VEVENT outside VCALENDAR") }
                    event = [:]
                }
            case "END":
                guard stack.last == line.value else {
                    report.problems.append("END:\(line.value) does not match BEGIN:\(stack.last ?? "nothing")")
                    continue
                }
                stack.removeLast()
                if line.value == "VEVENT", let done = event {
                    checkEvent(done, uids: &uids, into: &report)
                    report.events.append(done)
                    event = nil
                }
            default:
                if event != nil {
                    let name = line.parameters.isEmpty ? line.name : line.name + ";" + line.parameters.uppercased()
                    event?[name, default: []].append(line.value)
                } else if stack == ["VCALENDAR"] {
                    calendarProperties[line.name, default: 0] += 1
                    if line.name == "VERSION", line.value != "2.0" { report.problems.append("VERSION is \(line.value), not 2.0") }
                } else {
                    report.problems.append("\(line.name) outside any component")
                }
            }
        }
        if !stack.isEmpty { report.problems.append("components left open: \(stack)") }
        if calendars != 1 { report.problems.append("\(calendars) VCALENDAR components, not 1") }
        if calendars == 1 && components == 0 { report.problems.append("the VCALENDAR holds no component (RFC 5545 §3.6 requires one)") }
        for required in ["VERSION", "PRODID"] where calendarProperties[required] != 1 {
            report.problems.append("VCALENDAR has \(calendarProperties[required] ?? 0) \(required), not 1")
        }
    }

    private static func checkEvent(_ event: Event, uids: inout Set<String>, into report: inout Report) {
        for required in ["UID", "DTSTAMP"] where event[required]?.count != 1 {
            report.problems.append("a VEVENT has \(event[required]?.count ?? 0) \(required), not 1")
        }
        let starts = (event["DTSTART"]?.count ?? 0) + (event["DTSTART;VALUE=DATE"]?.count ?? 0)
        if starts != 1 { report.problems.append("a VEVENT has \(starts) DTSTART, not 1") }
        for name in ["DTSTART;VALUE=DATE", "DTEND;VALUE=DATE"] {
            for value in event[name] ?? [] where value.range(of: #"^\d{8}$"#, options: .regularExpression) == nil {
                report.problems.append("\(name) \(value) is not a date")
            }
        }
        let unknown = event.keys.filter { $0.contains(";") && !["DTSTART;VALUE=DATE", "DTEND;VALUE=DATE"].contains($0) }
        for name in unknown.sorted() { report.problems.append("unexpected parameters: \(name)") }
        if let uid = event["UID"]?.first, !uids.insert(uid).inserted {
            report.problems.append("UID \(uid) used twice")
        }
        for name in ["DTSTAMP", "DTSTART", "DTEND"] {
            for value in event[name] ?? [] where !isUTCDateTime(value) {
                report.problems.append("\(name) \(value) is not a UTC date-time")
            }
        }
        if event["DTEND"] != nil && event["DURATION"] != nil { report.problems.append("a VEVENT has both DTEND and DURATION") }
    }
}
