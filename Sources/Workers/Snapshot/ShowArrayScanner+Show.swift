import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A show's object: the fields a list needs, read as `TVmazeDTO.Show`'s lenient decoding reads them.
extension ShowArrayScanner {
    enum Key: Int {
        case id, name, type, language, genres, status, runtime, averageRuntime, premiered, ended
        case officialSite, schedule, rating, weight, network, webChannel, summary, updated
    }

    static let keyNames: [StaticString] = [
        "id", "name", "type", "language", "genres", "status", "runtime", "averageRuntime", "premiered", "ended",
        "officialSite", "schedule", "rating", "weight", "network", "webChannel", "summary", "updated",
    ]

    /// The show key a key's bytes spell, if any.
    func showKey(_ key: Range<Int>) -> Key? {
        for (i, name) in Self.keyNames.enumerated() where self.key(key, is: name) { return Key(rawValue: i) }
        return nil
    }

    /// True when the key's bytes spell `name`.
    @inline(__always)
    func key(_ key: Range<Int>, is name: StaticString) -> Bool {
        key.count == name.utf8CodeUnitCount && memcmp(bytes.baseAddress! + key.lowerBound, name.utf8Start, key.count) == 0
    }

    /// Reads a show object; nil when it has no usable `id` (the lenient decoding skips it).
    mutating func readShow() throws -> TVmazeDTO.Show? {
        var id: Int?
        var name: String?, type: String?, language: String?, status: String?
        var premiered: String?, ended: String?, officialSite: String?
        var genres: [String] = []
        var runtime: Int?, averageRuntime: Int?, weight: Int?, updated: Int?
        var schedule: TVmazeDTO.Schedule?
        var rating: Double?
        var network: TVmazeDTO.Channel?, webChannel: TVmazeDTO.Channel?
        var seen: UInt32 = 0
        try readObject { scanner, keyBytes in
            guard let key = scanner.showKey(keyBytes) else {
                try scanner.skipValue()
                return
            }
            let bit = UInt32(1) << UInt32(key.rawValue)
            guard seen & bit == 0 else { throw Failure.unsure }
            seen |= bit
            switch key {
            case .id: id = try scanner.readLenientInt()
            case .name: name = try scanner.readString()
            case .type: type = try scanner.readText()
            case .language: language = try scanner.readText()
            case .genres: genres = try scanner.readStrings()
            case .status: status = try scanner.readText()
            case .runtime: runtime = try scanner.readLenientInt()
            case .averageRuntime: averageRuntime = try scanner.readLenientInt()
            case .premiered: premiered = try scanner.readText()
            case .ended: ended = try scanner.readText()
            case .officialSite: officialSite = try scanner.readText()
            case .schedule: schedule = try scanner.readSchedule()
            case .rating: rating = try scanner.readRating()
            case .weight: weight = try scanner.readLenientInt()
            case .network: network = try scanner.readChannel()
            case .webChannel: webChannel = try scanner.readChannel()
            case .summary: try scanner.skipValue()
            case .updated: updated = try scanner.readLenientInt()
            }
        }
        guard let id else { return nil }
        return TVmazeDTO.Show(
            id: id, name: name, type: type, language: language, genres: genres, status: status, runtime: runtime,
            averageRuntime: averageRuntime, premiered: premiered, ended: ended, officialSite: officialSite, schedule: schedule,
            rating: rating, weight: weight, network: network, webChannel: webChannel, summary: nil, updated: updated, embedded: nil
        )
    }

    /// `schedule`: `time` and `days`; nil when not an object.
    mutating func readSchedule() throws -> TVmazeDTO.Schedule? {
        guard try peek() == UInt8(ascii: "{") else { try skipValue(); return nil }
        var time: String?, days: [String] = []
        var seen = (time: false, days: false)
        try readObject { scanner, key in
            if scanner.key(key, is: "time") {
                guard !seen.time else { throw Failure.unsure }
                seen.time = true
                time = try scanner.readText()
            } else if scanner.key(key, is: "days") {
                guard !seen.days else { throw Failure.unsure }
                seen.days = true
                days = try scanner.readStrings()
            } else {
                try scanner.skipValue()
            }
        }
        return TVmazeDTO.Schedule(time: time, days: days)
    }

    /// `rating.average`; nil when `rating` is not an object or `average` not a number.
    mutating func readRating() throws -> Double? {
        guard try peek() == UInt8(ascii: "{") else { try skipValue(); return nil }
        var average: Double?, seen = false
        try readObject { scanner, key in
            if scanner.key(key, is: "average") {
                guard !seen else { throw Failure.unsure }
                seen = true
                average = try scanner.readLenientDouble()
            } else {
                try scanner.skipValue()
            }
        }
        return average
    }

    /// `network` or `webChannel`: its name and country; nil when not an object.
    mutating func readChannel() throws -> TVmazeDTO.Channel? {
        guard try peek() == UInt8(ascii: "{") else { try skipValue(); return nil }
        var name: String?, country: TVmazeDTO.Country?
        var seen = (name: false, country: false)
        try readObject { scanner, key in
            if scanner.key(key, is: "name") {
                guard !seen.name else { throw Failure.unsure }
                seen.name = true
                name = try scanner.readText()
            } else if scanner.key(key, is: "country") {
                guard !seen.country else { throw Failure.unsure }
                seen.country = true
                country = try scanner.readCountry()
            } else {
                try scanner.skipValue()
            }
        }
        return TVmazeDTO.Channel(name: name, country: country)
    }

    mutating func readCountry() throws -> TVmazeDTO.Country? {
        guard try peek() == UInt8(ascii: "{") else { try skipValue(); return nil }
        var name: String?, code: String?, timezone: String?
        var seen = (name: false, code: false, timezone: false)
        try readObject { scanner, key in
            if scanner.key(key, is: "name") {
                guard !seen.name else { throw Failure.unsure }
                seen.name = true
                name = try scanner.readText()
            } else if scanner.key(key, is: "code") {
                guard !seen.code else { throw Failure.unsure }
                seen.code = true
                code = try scanner.readText()
            } else if scanner.key(key, is: "timezone") {
                guard !seen.timezone else { throw Failure.unsure }
                seen.timezone = true
                timezone = try scanner.readText()
            } else {
                try scanner.skipValue()
            }
        }
        return TVmazeDTO.Country(name: name, code: code, timezone: timezone)
    }
}
