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

    /// The key a key's bytes spell, if any.
    /// - Parameters:
    ///   - key: where the key's bytes lie (between its quotes).
    ///   - bytes: the bytes.
    static func of(_ key: Range<Int>, in bytes: UnsafeRawBufferPointer) -> ShowKey? {
        guard let base = bytes.baseAddress else { return nil }
        for (i, name) in names.enumerated()
        where key.count == name.utf8CodeUnitCount && memcmp(base + key.lowerBound, name.utf8Start, key.count) == 0 {
            return ShowKey(rawValue: i)
        }
        return nil
    }
}
