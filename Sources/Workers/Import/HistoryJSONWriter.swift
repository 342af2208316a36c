import Domain
import FoundationEssentials

/// Writes the history's JSON form byte for byte as `JSONEncoder` writes `DiscoverHistoryDTO.File`
/// with `.prettyPrinted`, `.sortedKeys` and `.withoutEscapingSlashes` (two-space indents, ` : `
/// between a key and its value, an empty list as `[`, an empty line and `]`), several times
/// faster: an export of 20,000 marks spent most of its time in the encoder's generic
/// containers. `DiscoverHistoryFormatTests` holds the two to the same bytes.
struct HistoryJSONWriter {
    private var out: [UInt8] = []

    /// The file's bytes, without the final newline.
    /// - Parameter history: the history, in the order to write.
    static func bytes(_ history: WatchHistory) -> [UInt8] {
        var writer = HistoryJSONWriter()
        writer.out.reserveCapacity(256 + history.marks.count * 260 + history.rated.count * 220 + history.favourites.count * 200)
        writer.object(depth: 0) { w in
            w.key("favourites", 1) { w in
                w.list(history.favourites, depth: 1) { w, f in
                    w.object(depth: 2) { w in
                        w.key("added_at", 3) { $0.int(f.addedAt) }
                        w.key("name", 3) { $0.string(f.name) }
                        if let rating = f.rating { w.key("rating", 3) { $0.int(rating) } }
                        w.key("show", 3) { $0.ids(f.show, depth: 3) }
                    }
                }
            }
            w.key("format", 1) { $0.string(DiscoverHistoryDTO.name) }
            w.key("rated", 1) { w in
                w.list(history.rated, depth: 1) { w, r in
                    w.object(depth: 2) { w in
                        if !r.episode.isEmpty { w.key("episode", 3) { $0.ids(r.episode, depth: 3) } }
                        w.key("number", 3) { $0.int(r.number) }
                        w.key("rated_at", 3) { $0.int(r.ratedAt) }
                        w.key("rating", 3) { $0.int(r.rating) }
                        w.key("season", 3) { $0.int(r.season) }
                        w.key("show", 3) { $0.ids(r.show, depth: 3) }
                        w.key("show_name", 3) { $0.string(r.showName) }
                    }
                }
            }
            w.key("shows", 1) { w in
                w.list(history.shows, depth: 1) { w, s in
                    w.object(depth: 2) { w in
                        w.key("name", 3) { $0.string(s.name) }
                        w.key("order", 3) { $0.string(s.settings.order.rawValue) }
                        if let ratedAt = s.ratedAt { w.key("rated_at", 3) { $0.int(ratedAt) } }
                        if let rating = s.rating { w.key("rating", 3) { $0.int(rating) } }
                        w.key("show", 3) { $0.ids(s.show, depth: 3) }
                        w.key("specials", 3) { $0.raw(s.settings.countsSpecials ? "true" : "false") }
                    }
                }
            }
            w.key("version", 1) { $0.int(DiscoverHistoryDTO.version) }
            w.key("watched", 1) { w in
                w.list(history.marks, depth: 1) { w, m in
                    w.object(depth: 2) { w in
                        if !m.episode.isEmpty { w.key("episode", 3) { $0.ids(m.episode, depth: 3) } }
                        if let last = m.lastPlayedAt { w.key("last_played_at", 3) { $0.int(last) } }
                        w.key("marked_at", 3) { $0.int(m.markedAt) }
                        w.key("number", 3) { $0.int(m.number) }
                        w.key("plays", 3) { $0.int(m.plays) }
                        if let ratedAt = m.ratedAt { w.key("rated_at", 3) { $0.int(ratedAt) } }
                        if let rating = m.rating { w.key("rating", 3) { $0.int(rating) } }
                        w.key("season", 3) { $0.int(m.season) }
                        w.key("show", 3) { $0.ids(m.show, depth: 3) }
                        w.key("show_name", 3) { $0.string(m.showName) }
                    }
                }
            }
        }
        return writer.out
    }

    // MARK: Pieces

    /// Whether the current object has a member yet (for the comma before the next).
    private var firstMember: [Bool] = []

    private mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    private mutating func indent(_ depth: Int) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    private mutating func object(depth: Int, _ members: (inout HistoryJSONWriter) -> Void) {
        out.append(UInt8(ascii: "{"))
        firstMember.append(true)
        members(&self)
        let empty = firstMember.removeLast()
        out.append(UInt8(ascii: "\n"))
        if empty { out.append(UInt8(ascii: "\n")) }
        indent(depth)
        out.append(UInt8(ascii: "}"))
    }

    private mutating func key(_ name: StaticString, _ depth: Int, _ value: (inout HistoryJSONWriter) -> Void) {
        if firstMember.last == true {
            firstMember[firstMember.count - 1] = false
            out.append(UInt8(ascii: "\n"))
        } else {
            raw(",\n")
        }
        indent(depth)
        out.append(UInt8(ascii: "\""))
        raw(name)
        raw("\" : ")
        value(&self)
    }

    private mutating func list<Item>(_ items: [Item], depth: Int, _ item: (inout HistoryJSONWriter, Item) -> Void) {
        raw("[\n")
        if items.isEmpty { out.append(UInt8(ascii: "\n")) }
        for (index, element) in items.enumerated() {
            if index > 0 { raw(",\n") }
            indent(depth + 1)
            item(&self, element)
        }
        if !items.isEmpty { out.append(UInt8(ascii: "\n")) }
        indent(depth)
        out.append(UInt8(ascii: "]"))
    }

    private mutating func ids(_ ids: ProviderIDs, depth: Int) {
        object(depth: depth) { w in
            if let imdb = ids.imdb { w.key("imdb", depth + 1) { $0.string(imdb) } }
            if let tmdb = ids.tmdb { w.key("tmdb", depth + 1) { $0.int(tmdb) } }
            if let tvdb = ids.tvdb { w.key("tvdb", depth + 1) { $0.int(tvdb) } }
            if let tvmaze = ids.tvmaze { w.key("tvmaze", depth + 1) { $0.int(tvmaze) } }
        }
    }

    private mutating func int(_ value: Int) {
        out.append(contentsOf: String(value).utf8)
    }

    /// A string as JSONEncoder escapes it: `"` and `\`, the control characters (`\b`, `\f`,
    /// `\n`, `\r`, `\t`, the others `\u00XX`); `/` and everything else as UTF-8.
    private mutating func string(_ text: String) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x08: raw("\\b")
            case 0x0C: raw("\\f")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                raw("\\u00")
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
