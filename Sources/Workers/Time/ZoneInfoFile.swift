import Domain
import FoundationEssentials

/// One zone of the system's tz database, read from its TZif file (RFC 8536): the UTC offsets in
/// force between transitions.
///
/// Only the table of transitions is used, the 64-bit one of version 2 and later files (the
/// 32-bit one of version 1 files otherwise). Debian installs the "fat" files, whose tables run
/// to 2037; after the last transition its offset is kept (the file's POSIX TZ footer, which
/// would continue the daylight-saving rule, is not read).
struct ZoneInfoFile: Sendable {
    /// A local time type: offset east of UTC in seconds, and the abbreviation.
    struct Offset: Sendable {
        let secondsEast: Int
        let abbreviation: String
    }

    /// Transition instants, Unix seconds, ascending.
    let transitions: [Int]
    /// The offset in force from each transition on.
    let offsetsAfter: [Offset]
    /// The offset before the first transition.
    let initial: Offset

    /// Reads a TZif file's bytes.
    /// - Parameter bytes: the file.
    /// - Returns: the zone, or nil when the bytes are not a TZif file this reader understands.
    init?(bytes: [UInt8]) {
        func count(_ at: Int, _ index: Int) -> Int? {
            let offset = at + 20 + index * 4
            guard offset + 4 <= bytes.count else { return nil }
            return Int(UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3]))
        }
        func integer(_ offset: Int, _ size: Int) -> Int {
            var value: Int64 = 0
            for i in 0..<size { value = value << 8 | Int64(bytes[offset + i]) }
            if size == 4 { return Int(Int32(truncatingIfNeeded: value)) }
            return Int(value)
        }
        guard bytes.count >= 44, bytes[0..<4].elementsEqual(Array("TZif".utf8)) else { return nil }
        var header = 0
        var timeSize = 4
        // The counts: isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt.
        var counts = (0..<6).compactMap { count(header, $0) }
        if bytes[4] >= UInt8(ascii: "2") {
            header = 44 + counts[3] * 5 + counts[4] * 6 + counts[5] + counts[2] * 8 + counts[1] + counts[0]
            timeSize = 8
            guard header + 44 <= bytes.count, bytes[header..<header + 4].elementsEqual(Array("TZif".utf8)) else { return nil }
            counts = (0..<6).compactMap { count(header, $0) }
            guard counts.count == 6 else { return nil }
        }
        let (timeCount, typeCount, charCount) = (counts[3], counts[4], counts[5])
        let times = header + 44
        let indices = times + timeCount * timeSize
        let types = indices + timeCount
        let chars = types + typeCount * 6
        guard typeCount > 0, chars + charCount <= bytes.count else { return nil }
        let offsets: [Offset] = (0..<typeCount).map { index in
            let at = types + index * 6
            let start = chars + Int(bytes[at + 5])
            var end = start
            while end < chars + charCount, bytes[end] != 0 { end += 1 }
            let abbreviation = start < chars + charCount ? String(decoding: bytes[start..<end], as: UTF8.self) : ""
            return Offset(secondsEast: integer(at, 4), abbreviation: abbreviation)
        }
        var transitions: [Int] = []
        var after: [Offset] = []
        for index in 0..<timeCount {
            let type = Int(bytes[indices + index])
            guard type < typeCount else { return nil }
            transitions.append(integer(times + index * timeSize, timeSize))
            after.append(offsets[type])
        }
        self.transitions = transitions
        self.offsetsAfter = after
        self.initial = offsets[0]
    }

    /// The offset in force at an instant.
    /// - Parameter instant: Unix seconds.
    /// - Returns: the offset of the last transition at or before it.
    func offset(at instant: Int) -> Offset {
        var low = 0, high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] <= instant { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? initial : offsetsAfter[low - 1]
    }

    /// The wall time of an instant in this zone.
    /// - Parameter instant: the moment.
    /// - Returns: the day, weekday, time, abbreviation and offset there.
    func wallTime(at instant: Date) -> LocalWallTime? {
        let seconds = instant.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 1e15 else { return nil }
        let offset = offset(at: Int(seconds))
        let local = Int(seconds) + offset.secondsEast
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let secondOfDay = local - days * 86_400
        // 1970-01-01 was a Thursday (ISO weekday 4).
        let weekday = ((days % 7) + 7 + 3) % 7 + 1
        return LocalWallTime(date: CalendarDate.utcDay(ofUnixTime: local), weekday: weekday, hour: secondOfDay / 3600,
                             minute: secondOfDay % 3600 / 60, zoneAbbreviation: offset.abbreviation,
                             utcOffsetSeconds: offset.secondsEast)
    }
}
