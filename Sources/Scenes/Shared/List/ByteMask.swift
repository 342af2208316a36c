/// One bit of a 64-bit mask per byte of a folded name, so that a name's bytes can be tested
/// for a query's without reading them: a name may hold the query only if its mask has every
/// bit of the query's.
///
/// Folded ASCII letters and digits (`a`–`z`, `0`–`9`) have a bit each (0–35); every other
/// byte shares one of the remaining 28 bits (by its value modulo 28), so for those a set bit
/// only says the byte may be there.
enum ByteMask {
    /// The bit standing for `byte`.
    static func bit(_ byte: UInt8) -> UInt64 {
        switch byte {
        case 0x61...0x7A: return 1 << UInt64(byte - 0x61)
        case 0x30...0x39: return 1 << UInt64(26 + byte - 0x30)
        default: return 1 << UInt64(36 + byte % 28)
        }
    }

    /// Whether `byte`'s bit stands for that byte alone (a folded ASCII letter or digit).
    static func isExact(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
    }
}
