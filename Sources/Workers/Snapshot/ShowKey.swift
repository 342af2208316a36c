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
    /// its other bytes match (no two keys share a length and a first byte). A key is compared
    /// as two words of eight bytes, little-endian: its first eight (fewer for a shorter key,
    /// the rest zero) and its last eight (zero for a key of fewer than eight), overlapping for
    /// a key of fewer than sixteen; bytes past its end are read only when the bytes go on that far.
    /// - Parameters:
    ///   - key: where the key's bytes lie (between its quotes).
    ///   - bytes: the bytes.
    @inline(__always)
    static func of(_ key: Range<Int>, in bytes: UnsafeRawBufferPointer) -> ShowKey? {
        guard let base = bytes.baseAddress, key.count >= 2, key.count <= 14 else { return nil }
        let p = base + key.lowerBound
        let candidate: ShowKey, head: UInt64, tail: UInt64
        switch (key.count, p.load(as: UInt8.self)) {
        case (2, UInt8(ascii: "i")): (candidate, head, tail) = (.id, 0x6469, 0)
        case (4, UInt8(ascii: "n")): (candidate, head, tail) = (.name, 0x656D_616E, 0)
        case (4, UInt8(ascii: "t")): (candidate, head, tail) = (.type, 0x6570_7974, 0)
        case (8, UInt8(ascii: "l")): (candidate, head, tail) = (.language, 0x6567_6175_676E_616C, 0x6567_6175_676E_616C)
        case (6, UInt8(ascii: "g")): (candidate, head, tail) = (.genres, 0x7365_726E_6567, 0)
        case (6, UInt8(ascii: "s")): (candidate, head, tail) = (.status, 0x7375_7461_7473, 0)
        case (7, UInt8(ascii: "r")): (candidate, head, tail) = (.runtime, 0x65_6D69_746E_7572, 0)
        case (14, UInt8(ascii: "a")): (candidate, head, tail) = (.averageRuntime, 0x5265_6761_7265_7661, 0x656D_6974_6E75_5265)
        case (9, UInt8(ascii: "p")): (candidate, head, tail) = (.premiered, 0x6572_6569_6D65_7270, 0x6465_7265_696D_6572)
        case (5, UInt8(ascii: "e")): (candidate, head, tail) = (.ended, 0x64_6564_6E65, 0)
        case (12, UInt8(ascii: "o")): (candidate, head, tail) = (.officialSite, 0x6C61_6963_6966_666F, 0x6574_6953_6C61_6963)
        case (8, UInt8(ascii: "s")): (candidate, head, tail) = (.schedule, 0x656C_7564_6568_6373, 0x656C_7564_6568_6373)
        case (6, UInt8(ascii: "r")): (candidate, head, tail) = (.rating, 0x676E_6974_6172, 0)
        case (6, UInt8(ascii: "w")): (candidate, head, tail) = (.weight, 0x7468_6769_6577, 0)
        case (7, UInt8(ascii: "n")): (candidate, head, tail) = (.network, 0x6B_726F_7774_656E, 0)
        case (10, UInt8(ascii: "w")): (candidate, head, tail) = (.webChannel, 0x6E6E_6168_4362_6577, 0x6C65_6E6E_6168_4362)
        case (7, UInt8(ascii: "s")): (candidate, head, tail) = (.summary, 0x79_7261_6D6D_7573, 0)
        case (7, UInt8(ascii: "u")): (candidate, head, tail) = (.updated, 0x64_6574_6164_7075, 0)
        default: return nil
        }
        let n = key.count
        if key.lowerBound + 16 <= bytes.count {
            if n < 8 {
                let mask = (UInt64(1) << UInt64(8 * n)) &- 1
                return p.loadUnaligned(as: UInt64.self) & mask == head ? candidate : nil
            }
            return p.loadUnaligned(as: UInt64.self) == head && p.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) == tail ? candidate : nil
        }
        let name = names[candidate.rawValue].utf8Start
        for i in 1..<n where p.load(fromByteOffset: i, as: UInt8.self) != name[i] { return nil }
        return candidate
    }
}
