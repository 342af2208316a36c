import Dispatch
import Domain
import FoundationEssentials
import Synchronization

/// Popularity order (`TVShow.ranksAbove`) and one show per id, over the rows of a `ShowTable`:
/// how `ShowCatalog` orders the shows it is made from.
enum ShowRankOrder {
    /// Keeps one show per id: the most recently updated, the first of equals.
    /// - Parameter table: the shows.
    /// - Returns: the rows of the kept shows.
    static func newestByID(_ table: ShowTable) -> [Int] {
        // Ids that rise row by row (TVmaze's index, a snapshot written from it) hold no
        // duplicate: every row is kept, with no table by id.
        var rising = true
        for row in 1..<max(1, table.count) where table.id(row) <= table.id(row - 1) {
            rising = false
            break
        }
        if rising { return Array(0..<table.count) }
        var slot: [Int: Int] = [:] // id -> index in `kept`
        slot.reserveCapacity(table.count)
        var kept: [Int] = []
        kept.reserveCapacity(table.count)
        for row in 0..<table.count {
            let id = table.id(row)
            if let k = slot[id] {
                if (table.updatedAt(kept[k]) ?? 0) >= (table.updatedAt(row) ?? 0) { continue }
                kept[k] = row
            } else {
                slot[id] = kept.count
                kept.append(row)
            }
        }
        return kept
    }

    /// The fewest rows sorted in two halves at once (below it, a thread costs more than it saves).
    static let halvedRows = 20_000

    /// Sorts rows by `TVShow.ranksAbove`, read from the table's columns: ASCII names are
    /// compared lower-cased byte by byte, in place (the order `String.lowercased()` and `<`
    /// give them), other names as lower-cased strings; rows, not shows, are moved. When every
    /// row's rank, weight and rating fit `PackedRank`, they are compared as one number. From
    /// `halvedRows` rows on, with more than one processor, each half is sorted on a thread of
    /// its own and the two are merged (the first half's row first of equals, so that the order
    /// is the stable sort's).
    /// - Parameters:
    ///   - table: the shows.
    ///   - rows: the rows to sort.
    ///   - halvingFrom: the fewest rows sorted in halves (`halvedRows`).
    ///   - packing: false to compare the rows' values one by one even when they fit one number.
    /// - Returns: the rows, most popular first.
    static func rankOrder(of table: ShowTable, keeping rows: [Int], halvingFrom: Int = halvedRows, packing: Bool = true) -> [Int] {
        if packing, PackedRank.fits(table, rows) {
            return order(rows, halvingFrom: halvingFrom, keys: { packedKeys(table, $0) }, below: { below(table, $0, $1) })
        }
        return order(rows, halvingFrom: halvingFrom, keys: { sortedKeys(table, $0) }, below: { below(table, $0, $1) })
    }

    /// Rows sorted by their keys: whole, or in halves on two threads, merged.
    private static func order<Key: RowKey>(
        _ rows: [Int], halvingFrom: Int, keys: @Sendable (ArraySlice<Int>) -> [Key], below: (Key, Key) -> Bool
    ) -> [Int] {
        guard rows.count >= max(2, halvingFrom), ProcessInfo.processInfo.activeProcessorCount > 1 else {
            return keys(rows[...]).map(\.row)
        }
        let middle = rows.count / 2
        let halves = Mutex<[[Key]]>([[], []])
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            let sorted = keys(k == 0 ? rows[..<middle] : rows[middle...])
            halves.withLock { $0[k] = sorted }
        }
        let (a, b) = halves.withLock { ($0[0], $0[1]) }
        var order: [Int] = []
        order.reserveCapacity(rows.count)
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if below(b[j], a[i]) {
                order.append(b[j].row)
                j += 1
            } else {
                order.append(a[i].row)
                i += 1
            }
        }
        for key in a[i...] { order.append(key.row) }
        for key in b[j...] { order.append(key.row) }
        return order
    }

    /// The rows' keys, sorted (stably) by `below`.
    private static func sortedKeys(_ table: ShowTable, _ rows: ArraySlice<Int>) -> [RankKey] {
        // The numeric keys side by side, read once: a missing rank sorts last, a missing weight
        // or rating as -1, below 0.
        let keys = rows.map { row in
            let (hasName, prefix) = namePrefix(table, row)
            return RankKey(
                rank: table.popularityRank(row) ?? Int.max, weight: table.weight(row) ?? -1, rating: table.rating(row) ?? -1,
                hasName: hasName, prefix: prefix, row: row)
        }
        return keys.sorted { l, r in below(table, l, r) }
    }

    /// The rows' packed keys (`PackedRank`), sorted (stably) by `below`.
    private static func packedKeys(_ table: ShowTable, _ rows: ArraySlice<Int>) -> [PackedKey] {
        let keys = rows.map { row in
            let (hasName, prefix) = namePrefix(table, row)
            let packed = PackedRank.pack(rank: table.popularityRank(row), weight: table.weight(row), rating: table.rating(row), hasName: hasName)
            return PackedKey(packed: packed, prefix: prefix ?? 0, hasPrefix: prefix != nil, row: row)
        }
        return keys.sorted { l, r in below(table, l, r) }
    }

    /// Whether the show of packed key `l` ranks above that of `r` (`TVShow.ranksAbove`).
    @inline(__always)
    private static func below(_ table: ShowTable, _ l: PackedKey, _ r: PackedKey) -> Bool {
        if l.packed != r.packed { return l.packed < r.packed }
        // Two ASCII names that differ in their first eight bytes are ordered by them alone.
        if l.hasPrefix, r.hasPrefix, l.prefix != r.prefix { return l.prefix < r.prefix }
        switch compareNames(table, l.row, r.row) {
        case .some(let below): return below
        case .none: return table.id(l.row) < table.id(r.row)
        }
    }

    /// Whether the show of key `l` ranks above that of key `r` (`TVShow.ranksAbove`).
    @inline(__always)
    private static func below(_ table: ShowTable, _ l: RankKey, _ r: RankKey) -> Bool {
        if l.rank != r.rank { return l.rank < r.rank }
        if l.weight != r.weight { return l.weight > r.weight }
        if l.rating != r.rating { return l.rating > r.rating }
        if l.hasName != r.hasName { return l.hasName }
        // Two ASCII names that differ in their first eight bytes are ordered by them alone.
        if let lp = l.prefix, let rp = r.prefix, lp != rp { return lp < rp }
        switch compareNames(table, l.row, r.row) {
        case .some(let below): return below
        case .none: return table.id(l.row) < table.id(r.row)
        }
    }

    /// Whether row `l`'s name sorts before row `r`'s (a non-empty name first, then
    /// case-insensitively); nil when they are equal so.
    private static func compareNames(_ table: ShowTable, _ l: Int, _ r: Int) -> Bool? {
        if table.nameIsASCII(l) && table.nameIsASCII(r) {
            return table.withNameBytes(l) { a in
                table.withNameBytes(r) { b -> Bool? in
                    if a.isEmpty != b.isEmpty { return !a.isEmpty }
                    for i in 0..<min(a.count, b.count) {
                        let x = lower(a[i]), y = lower(b[i])
                        if x != y { return x < y }
                    }
                    return a.count == b.count ? nil : a.count < b.count
                }
            }
        }
        let a = TVShow(row: l, of: table).name, b = TVShow(row: r, of: table).name
        if a.isEmpty != b.isEmpty { return !a.isEmpty }
        let x = a.lowercased(), y = b.lowercased()
        return x == y ? nil : x < y
    }

    /// Whether the row's name is not empty, and for an ASCII name its first eight bytes
    /// lower-cased, big-endian, padded with zeros (so that the numbers order as the names do).
    private static func namePrefix(_ table: ShowTable, _ row: Int) -> (hasName: Bool, prefix: UInt64?) {
        let ascii = table.nameIsASCII(row)
        return table.withNameBytes(row) { bytes in
            if !ascii { return (!bytes.isEmpty, nil) }
            var prefix: UInt64 = 0
            for i in 0..<8 { prefix = prefix << 8 | UInt64(i < bytes.count ? lower(bytes[i]) : 0) }
            return (!bytes.isEmpty, prefix)
        }
    }

    @inline(__always)
    private static func lower(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }
}

/// A sort key of a row.
private protocol RowKey: Sendable {
    /// The row it is the key of.
    var row: Int { get }
}

/// A row's numeric keys of popularity order.
private struct RankKey: RowKey {
    let rank: Int, weight: Int, rating: Double, hasName: Bool, prefix: UInt64?, row: Int
}

/// A row's keys of popularity order with its rank, weight, rating and whether it has a name
/// packed in one number (`PackedRank`), and its name's first eight bytes when it is ASCII.
private struct PackedKey: RowKey {
    let packed: UInt64, prefix: UInt64, hasPrefix: Bool, row: Int
}
