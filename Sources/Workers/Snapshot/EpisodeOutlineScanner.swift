import Domain
import FoundationEssentials

/// A fast reader of one line of `episodes_compact.json`
/// (`{"show":ID,"file":…,"recorded":"YYYY-MM-DD","episodes":[{…},…]}`) for counting episodes:
/// of each episode it reads only `id`, `name`, `season`, `number`, `type`, `airdate`,
/// `airstamp` and `runtime`, straight from the bytes, and steps over the rest (synopses,
/// ratings) without decoding them. The Simpsons' line (842 kB, 800 episodes) takes about a millisecond,
/// against some tens with `JSONDecoder`.
///
/// Each field is read as `SnapshotDTO.EpisodeList` and `TVmazeDTO.EpisodeRecord`'s lenient
/// decoding reads it (an element that is not an object or has no integer `id` is skipped).
/// Anything it is not sure to read the same way — malformed JSON, a known key given twice, an
/// escaped key, a `show` that is not an integer, no `episodes` array — gives nil, and the caller
/// decodes the line with `JSONDecoder` instead, which gives the same result or the error to report.
struct EpisodeOutlineScanner {
    /// What a line holds, without the synopses.
    struct Outline {
        /// The show's TVmaze id.
        let show: Int
        /// The day recorded (`YYYY-MM-DD`), when given.
        let recorded: String?
        /// The episodes, in the line's order, with no summary or rating.
        let episodes: [Episode]
    }

    /// Reads a line.
    /// - Parameter line: the line's bytes (without its line feed).
    /// - Returns: the outline, or nil when the line must be decoded by `JSONDecoder`.
    static func scan(_ line: UnsafeRawBufferPointer) -> Outline? {
        var scanner = JSONCursor(bytes: line)
        var show: Int?, recorded: String?, episodes: [Episode]?
        var seen = 0
        do {
            scanner.skipSpace()
            try scanner.readObject { scanner, key in
                guard let index = lineKeys.firstIndex(where: { scanner.key(key, is: $0) }) else {
                    try scanner.skipValue()
                    return
                }
                guard seen & (1 << index) == 0 else { throw JSONCursor.Failure.unsure }
                seen |= 1 << index
                switch index {
                case 0:
                    // `show` is read strictly: a number, nothing else.
                    let c = try scanner.peek()
                    guard c == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c),
                        let id = try scanner.readLenientInt()
                    else { throw JSONCursor.Failure.unsure }
                    show = id
                case 1: recorded = try scanner.readText()
                default: episodes = try readEpisodes(&scanner)
                }
            }
            scanner.skipSpace()
            guard scanner.position == scanner.bytes.count else { throw JSONCursor.Failure.unsure }
        } catch {
            return nil
        }
        guard let show, let episodes else { return nil }
        return Outline(show: show, recorded: recorded, episodes: episodes)
    }

    /// The `episodes` array: its episode objects, other elements skipped.
    private static func readEpisodes(_ scanner: inout JSONCursor) throws -> [Episode] {
        guard try scanner.peek() == UInt8(ascii: "[") else { throw JSONCursor.Failure.unsure }
        scanner.position += 1
        var out: [Episode] = []
        scanner.skipSpace()
        if try scanner.peek() == UInt8(ascii: "]") {
            scanner.position += 1
            return out
        }
        while true {
            scanner.skipSpace()
            if try scanner.peek() == UInt8(ascii: "{") {
                if let episode = try readEpisode(&scanner) { out.append(episode) }
            } else {
                try scanner.skipValue()
            }
            scanner.skipSpace()
            let c = try scanner.peek()
            scanner.position += 1
            if c == UInt8(ascii: "]") { return out }
            guard c == UInt8(ascii: ",") else { throw JSONCursor.Failure.unsure }
        }
    }

    /// The keys read of a line.
    private static let lineKeys: [StaticString] = ["show", "recorded", "episodes"]

    /// The keys read of an episode, in `EpisodeRecord`'s order.
    private static let keys: [StaticString] = ["id", "name", "season", "number", "type", "airdate", "airstamp", "runtime"]

    /// One episode object; nil when it has no usable `id` (the lossy list skips it).
    private static func readEpisode(_ scanner: inout JSONCursor) throws -> Episode? {
        var id: Int?, season: Int?, number: Int?, runtime: Int?
        var name: String?, type: String?, airdate: String?, airstamp: String?
        var seen = 0
        try scanner.readObject { scanner, key in
            guard let index = keys.firstIndex(where: { scanner.key(key, is: $0) }) else {
                try scanner.skipValue()
                return
            }
            guard seen & (1 << index) == 0 else { throw JSONCursor.Failure.unsure }
            seen |= 1 << index
            switch index {
            case 0: id = try scanner.readLenientInt()
            case 1: name = try scanner.readString()
            case 2: season = try scanner.readLenientInt()
            case 3: number = try scanner.readLenientInt()
            case 4: type = try scanner.readText()
            case 5: airdate = try scanner.readText()
            case 6: airstamp = try scanner.readText()
            default: runtime = try scanner.readLenientInt()
            }
        }
        guard let id else { return nil }
        return Episode(
            id: id, season: season ?? 0, number: number, name: HTMLText.decodingEntities(name ?? ""),
            airDate: airdate.flatMap(CalendarDate.init(iso:)), airstamp: airstamp.flatMap(Airstamp.date(from:)),
            runtimeMinutes: runtime.flatMap { $0 > 0 ? $0 : nil },
            isSpecial: type.map(TVmazeEpisodeMapper.specialTypes.contains) ?? false || number == nil)
    }
}
