#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ids found by a key of bytes, without making a value of the key: a hash table (open
/// addressing) whose keys are kept side by side in one byte buffer.
///
/// `ShowTable.Builder` finds with it the id of a repeated value (a kind, a genre list, a
/// broadcaster) from the bytes a snapshot spells it with, so that the value itself is made
/// once, when its key is first seen (`add`). The key of the previous look-up is compared first: shows
/// next to each other often share values.
struct ByteKeyedIDs {
    /// Per slot: 0 for an empty slot, else 1 + the index of an entry.
    private var slots: [UInt32] = Array(repeating: 0, count: 64)
    /// Per entry: its key's end in `keys` (entry e's key is `keys[ends[e] ..< ends[e + 1]]`).
    private var ends: [Int] = [0]
    private var hashes: [UInt64] = []
    private var ids: [UInt32] = []
    private var keys: [UInt8] = []
    /// The entry of the last look-up, -1 before the first.
    private var last = -1

    /// How many keys are held.
    var count: Int { ids.count }

    /// The id kept for a key, nil when the key is new.
    /// - Parameter key: the key's bytes (any length, empty included).
    mutating func id(for key: UnsafeRawBufferPointer) -> UInt32? {
        if last >= 0, matches(last, key) { return ids[last] }
        let hash = Self.hash(key)
        let mask = slots.count - 1
        var slot = Self.slot(hash, mask)
        while slots[slot] != 0 {
            let entry = Int(slots[slot]) - 1
            if hashes[entry] == hash, matches(entry, key) {
                last = entry
                return ids[entry]
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Keeps an id for a key not held yet.
    /// - Parameters:
    ///   - key: the key's bytes.
    ///   - id: its id.
    mutating func add(_ key: UnsafeRawBufferPointer, id: UInt32) {
        let hash = Self.hash(key)
        let mask = slots.count - 1
        var slot = Self.slot(hash, mask)
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        let entry = ids.count
        ids.append(id)
        hashes.append(hash)
        keys.append(contentsOf: key)
        ends.append(keys.count)
        slots[slot] = UInt32(truncatingIfNeeded: entry + 1)
        last = entry
        // At most half full, so that a look-up meets an empty slot soon.
        if 2 * ids.count > slots.count { grow() }
    }

    @inline(__always)
    private static func slot(_ hash: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: hash ^ (hash >> 32)) & mask
    }

    private func matches(_ entry: Int, _ key: UnsafeRawBufferPointer) -> Bool {
        let start = ends[entry], end = ends[entry + 1]
        guard end - start == key.count else { return false }
        guard let wanted = key.baseAddress, key.count > 0 else { return true }
        return keys.withUnsafeBytes { kept in
            guard let base = kept.baseAddress else { return false }
            return memcmp(base + start, wanted, key.count) == 0
        }
    }

    private mutating func grow() {
        var bigger = [UInt32](repeating: 0, count: 2 * slots.count)
        let mask = bigger.count - 1
        for entry in ids.indices {
            var slot = Self.slot(hashes[entry], mask)
            while bigger[slot] != 0 { slot = (slot + 1) & mask }
            bigger[slot] = UInt32(truncatingIfNeeded: entry + 1)
        }
        slots = bigger
    }

    /// A 64-bit hash of the bytes, eight at a time: each word is mixed in with a multiply
    /// and a shift (the finaliser of MurmurHash3), the length first.
    private static func hash(_ key: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(key.count)
        guard let base = key.baseAddress else { return h }
        var i = 0
        while i + 8 <= key.count {
            h = (h ^ base.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
            i += 8
        }
        var tail: UInt64 = 0
        while i < key.count {
            tail = tail << 8 | UInt64(key[i])
            i += 1
        }
        h = (h ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return h ^ (h >> 29)
    }
}
