import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The keys of a TVmaze show object that a list reads (`TVmazeDTO.Show`'s fields but
/// `_embedded`), as `ShowArrayScanner` and `ShowRowScanner` find them in a snapshot's bytes.
enum ShowKey: Int {
    case id, name, type, language, genres, status, runtime, averageRuntime, premiered, ended
    case officialSite, schedule, rating, weight, network, webChannel, summary, updated

    private static let names: [StaticString] = [
        "id", "name", "type", "language", "genres", "status", "runtime", "averageRuntime", "premiered", "ended",
        "officialSite", "schedule", "rating", "weight", "network", "webChannel", "summary", "updated"
    ]

    /// The bit of a key in a set of keys seen (to find a key given twice).
    var bit: UInt32 { UInt32(1) << UInt32(rawValue) }

    /// The key a key's bytes spell, if any: the one key of its length and first byte, when
    /// its other bytes match (no two keys share a length and a first byte).
    /// - Parameters:
    ///   - key: where the key's bytes lie (between its quotes).
    ///   - bytes: the bytes.
    @inline(__always)
    static func of(_ key: Range<Int>, in bytes: UnsafeRawBufferPointer) -> ShowKey? {
        guard let base = bytes.baseAddress, key.count >= 2, key.count <= 14 else { return nil }
        let p = base + key.lowerBound
        let candidate: ShowKey
        switch (key.count, p.load(as: UInt8.self)) {
        case (2, UInt8(ascii: "i")): candidate = .id
        case (4, UInt8(ascii: "n")): candidate = .name
        case (4, UInt8(ascii: "t")): candidate = .type
        case (8, UInt8(ascii: "l")): candidate = .language
        case (6, UInt8(ascii: "g")): candidate = .genres
        case (6, UInt8(ascii: "s")): candidate = .status
        case (7, UInt8(ascii: "r")): candidate = .runtime
        case (14, UInt8(ascii: "a")): candidate = .averageRuntime
        case (9, UInt8(ascii: "p")): candidate = .premiered
        case (5, UInt8(ascii: "e")): candidate = .ended
        case (12, UInt8(ascii: "o")): candidate = .officialSite
        case (8, UInt8(ascii: "s")): candidate = .schedule
        case (6, UInt8(ascii: "r")): candidate = .rating
        case (6, UInt8(ascii: "w")): candidate = .weight
        case (7, UInt8(ascii: "n")): candidate = .network
        case (10, UInt8(ascii: "w")): candidate = .webChannel
        case (7, UInt8(ascii: "s")): candidate = .summary
        case (7, UInt8(ascii: "u")): candidate = .updated
        default: return nil
        }
        // Two words of eight bytes (the first and the last, overlapping for a key of fewer than
        // sixteen) cover a key; read past its end only when the bytes go on that far.
        let words = Self.words[candidate.rawValue]
        if key.lowerBound + 16 <= bytes.count {
            let n = key.count
            if n < 8 {
                let mask = (UInt64(1) << UInt64(8 * n)) &- 1
                return p.loadUnaligned(as: UInt64.self) & mask == words.head ? candidate : nil
            }
            return p.loadUnaligned(as: UInt64.self) == words.head && p.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) == words.tail ? candidate : nil
        }
        let name = names[candidate.rawValue].utf8Start
        for i in 1..<key.count where p.load(fromByteOffset: i, as: UInt8.self) != name[i] { return nil }
        return candidate
    }

    /// Per key, its first eight bytes (fewer for a shorter key, the rest zero) and its last eight
    /// (zero for a key of fewer than eight), as little-endian words.
    private static let words: [(head: UInt64, tail: UInt64)] = names.map { name in
        let bytes = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        func word(_ part: ArraySlice<UInt8>) -> UInt64 { part.reversed().reduce(0) { $0 << 8 | UInt64($1) } }
        let all = Array(bytes)
        return (word(all.prefix(8)), all.count >= 8 ? word(all.suffix(8)) : 0)
    }
}
