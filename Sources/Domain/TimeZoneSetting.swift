import FoundationEssentials

/// The viewer's `TZ` setting as a value, and the rules that say whether it can be used: an
/// IANA zone name (`Europe/Paris`, `:Europe/Paris`, an absolute path) or a POSIX rule
/// (`CET-1CEST,M3.5.0,M10.5.0/3`). Pure: whether a zone file exists is asked of the caller
/// (the Workers' `ViewerTimeZone` reads the tz database).
public struct TimeZoneSetting: Sendable, Equatable {
    /// The value of `TZ` as set; nil when unset.
    public let value: String?

    /// Makes the setting.
    /// - Parameter value: the value of `TZ`, or nil when unset.
    public init(_ value: String?) {
        self.value = value
    }

    /// Why the setting cannot be used, in words to show (the value is quoted as set: sanitise
    /// it before it reaches a terminal); nil when it is unset or empty, names a zone file
    /// (`Europe/Paris`, `:Europe/Paris`) or is a POSIX rule (POSIX.1-2017 §8.3: `std offset
    /// [dst [offset] [,rule]]`, names of three letters or more or `<…>`, offsets of at most 24
    /// hours).
    /// - Parameter isZoneFile: true when a name (after any `:`) is a zone file of the tz
    ///   database.
    /// - Returns: the problem, or nil.
    public func problem(isZoneFile: (String) -> Bool) -> String? {
        guard let value, !value.isEmpty else { return nil }
        if value.hasPrefix(":") {
            return isZoneFile(String(value.dropFirst())) ? nil : "TZ=\(value) names no zone of the tz database; times are in UTC"
        }
        if isZoneFile(value) || Self.isPOSIXRule(value) { return nil }
        return "TZ=\(value) is neither a zone of the tz database nor a POSIX TZ rule; times are in UTC"
    }

    /// True when a zone name may be looked up as a file: not empty, and no `..` part that
    /// would leave the tz database's folder.
    public static func isSafeZoneName(_ name: String) -> Bool {
        !name.isEmpty && !name.split(separator: "/").contains("..")
    }

    /// True for a POSIX TZ rule: `std offset [dst [offset] [,start[/time],end[/time]]]`.
    public static func isPOSIXRule(_ text: String) -> Bool {
        var rest = Substring(text)
        func name() -> Bool {
            if rest.first == "<" {
                guard let close = rest.firstIndex(of: ">") else { return false }
                let inner = rest[rest.index(after: rest.startIndex)..<close]
                guard inner.count >= 3, inner.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-") }) else { return false }
                rest = rest[rest.index(after: close)...]
                return true
            }
            let letters = rest.prefix { $0.isASCII && $0.isLetter }
            guard letters.count >= 3 else { return false }
            rest = rest.dropFirst(letters.count)
            return true
        }
        func offset() -> Bool {
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            var limit = 24
            for part in 0..<3 {
                if part > 0 {
                    guard rest.first == ":" else { return true }
                    rest = rest.dropFirst()
                    limit = 59
                }
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                guard (1...2).contains(digits.count), let value = Int(digits), value <= limit else { return false }
                rest = rest.dropFirst(digits.count)
            }
            return true
        }
        guard name(), offset() else { return false }
        if rest.isEmpty { return true }
        guard name() else { return false }
        if let first = rest.first, first != "," { guard offset() else { return false } }
        if rest.isEmpty { return true }
        guard rest.first == ",", rest.count > 1 else { return false }
        return rest.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ",./:+-".contains($0)) }
    }

}
