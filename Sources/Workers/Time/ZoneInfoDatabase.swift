import Domain
import FoundationEssentials

/// The system's tz database (`/usr/share/zoneinfo`, or `TZDIR`): zone rules by IANA name, read
/// from TZif files (RFC 8536, versions 1 to 4). It answers for a network's own zone (TVmaze's
/// `network.country.timezone`), whatever the viewer's; the viewer's zone is `ViewerTimeZone`.
public struct ZoneInfoDatabase: Sendable {
    /// The folder the zone files are in.
    public let directory: String

    /// The database of an environment: `TZDIR` when set, else `/usr/share/zoneinfo`.
    /// - Parameter environment: the process's environment.
    public init(environment: [String: String]) {
        let given = environment["TZDIR"] ?? ""
        directory = given.isEmpty ? "/usr/share/zoneinfo" : given
    }

    /// The rules of a zone by IANA name (`America/New_York`).
    /// - Parameter name: the name; `..` and absolute paths are refused.
    /// - Returns: the rules, or nil when there is no such zone or its file cannot be read.
    public func rules(named name: String) -> TimeZoneRules? {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains(".."),
            name.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 })
        else { return nil }
        guard let data = FileManager.default.contents(atPath: directory + "/" + name) else { return nil }
        return Self.parse(Array(data), name: name)
    }

    /// Reads a TZif file: the 64-bit data block of version 2 and later (the 32-bit block of
    /// version 1), and the footer's POSIX rule.
    /// - Parameters:
    ///   - bytes: the file.
    ///   - name: the zone's name.
    /// - Returns: the rules, or nil when the bytes are not a TZif file.
    public static func parse(_ bytes: [UInt8], name: String) -> TimeZoneRules? {
        struct Header { let isut, isstd, leap, time, type, char: Int }
        func header(at offset: Int) -> Header? {
            guard bytes.count >= offset + 44, bytes[offset..<offset + 4].elementsEqual("TZif".utf8) else { return nil }
            let c = (0..<6).map { Int(readInt32(bytes, offset + 20 + 4 * $0)) }
            guard c.allSatisfy({ $0 >= 0 && $0 < 100_000 }), c[4] >= 1 else { return nil }
            return Header(isut: c[0], isstd: c[1], leap: c[2], time: c[3], type: c[4], char: c[5])
        }
        guard let first = header(at: 0) else { return nil }
        let version = bytes[4]
        func blockLength(_ h: Header, timeSize: Int) -> Int {
            h.time * timeSize + h.time + h.type * 6 + h.char + h.leap * (timeSize + 4) + h.isstd + h.isut
        }
        var start = 44, timeSize = 4, h = first
        if version >= 0x32, let second = header(at: 44 + blockLength(first, timeSize: 4)) {
            start = 44 + blockLength(first, timeSize: 4) + 44
            timeSize = 8
            h = second
        }
        guard bytes.count >= start + blockLength(h, timeSize: timeSize) else { return nil }
        var at = start
        var times: [Int] = []
        for _ in 0..<h.time {
            times.append(timeSize == 8 ? Int(readInt64(bytes, at)) : Int(readInt32(bytes, at)))
            at += timeSize
        }
        let indices = bytes[at..<at + h.time].map(Int.init)
        at += h.time
        let charStart = at + h.type * 6
        var types: [TimeZoneRules.Offset] = []
        for i in 0..<h.type {
            let base = at + 6 * i
            let offset = Int(readInt32(bytes, base))
            var letters: [UInt8] = []
            var c = charStart + Int(bytes[base + 5])
            while c < charStart + h.char, bytes[c] != 0 { letters.append(bytes[c]); c += 1 }
            let abbreviation = String(decoding: letters, as: UTF8.self)
            types.append(.init(secondsEast: offset, isDaylightSaving: bytes[base + 4] != 0, abbreviation: abbreviation))
        }
        guard indices.allSatisfy({ $0 < types.count }) else { return nil }
        at += blockLength(h, timeSize: timeSize) - h.time * timeSize - h.time
        var rule: PosixTimeZoneRule?
        if timeSize == 8, at < bytes.count, bytes[at] == 0x0A,
            let close = bytes[(at + 1)...].firstIndex(of: 0x0A), close > at + 1
        {
            rule = PosixTimeZoneRule(String(decoding: bytes[(at + 1)..<close], as: UTF8.self))
        }
        // Before the first transition: the first standard-time type (RFC 8536 §3.2 says type 0).
        let initial = types[0]
        return TimeZoneRules(name: name, transitions: times, offsetsAfter: indices.map { types[$0] }, initial: initial, rule: rule)
    }

    private static func readInt32(_ bytes: [UInt8], _ at: Int) -> Int32 {
        Int32(bitPattern: (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[at + $1]) })
    }

    private static func readInt64(_ bytes: [UInt8], _ at: Int) -> Int64 {
        Int64(bitPattern: (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[at + $1]) })
    }
}
