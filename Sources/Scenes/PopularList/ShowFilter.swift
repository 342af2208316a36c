import Foundation
import Workers

/// The names of a list folded for matching (case, diacritics and width ignored), kept in one
/// contiguous buffer so that a query is found with one search over all of them at once.
///
/// Names are stored in list order, each followed by a 0 byte (a folded query never holds one,
/// so no match spans two names). Matching is on the folded names' UTF-8 bytes.
struct ShowFilter: Sendable {
    /// The folded names, each ended by 0.
    private var bytes: [UInt8] = []
    /// Where each name starts in `bytes`.
    private var starts: [Int] = []

    /// How many names are indexed.
    var count: Int { starts.count }

    /// Makes an empty filter.
    init() {}

    /// Makes a filter over names.
    /// - Parameter names: the names, in list order.
    init<Names: Sequence<String>>(names: Names) {
        append(names)
    }

    /// Adds names at the end of the list.
    /// - Parameter names: the names, in list order.
    mutating func append<Names: Sequence<String>>(_ names: Names) {
        starts.reserveCapacity(starts.count + names.underestimatedCount)
        for name in names {
            starts.append(bytes.count)
            Self.appendFolded(name, to: &bytes)
            bytes.append(0)
        }
    }

    /// The positions of the names containing a query.
    /// - Parameters:
    ///   - query: the query, folded with `fold` (empty matches every name).
    ///   - candidates: positions to look among, in order (the matches of a shorter query that
    ///     this one extends); nil to look among all names.
    /// - Returns: the matching positions, in order.
    func matches(_ query: [UInt8], among candidates: [Int]? = nil) -> [Int] {
        if query.isEmpty || query.contains(0) { return query.isEmpty ? (candidates ?? Array(0..<count)) : [] }
        return bytes.withUnsafeBytes { buffer in
            query.withUnsafeBytes { needle in
                guard let base = buffer.baseAddress, let q = needle.baseAddress else { return [] }
                var out: [Int] = []
                if let candidates {
                    for i in candidates {
                        let start = starts[i]
                        let length = (i + 1 < starts.count ? starts[i + 1] : bytes.count) - 1 - start
                        if length >= needle.count, Self.find(base + start, length, q, needle.count) != nil { out.append(i) }
                    }
                    return out
                }
                // One pass over every name: find the next occurrence, note its name, go on
                // from the next name.
                var position = 0
                var name = 0
                while position < buffer.count, let hit = Self.find(base + position, buffer.count - position, q, needle.count) {
                    let offset = base.distance(to: hit)
                    // The name holding `offset`: the last start at or before it.
                    var low = name, high = starts.count - 1
                    while low < high {
                        let mid = (low + high + 1) / 2
                        if starts[mid] <= offset { low = mid } else { high = mid - 1 }
                    }
                    out.append(low)
                    name = low + 1
                    guard name < starts.count else { break }
                    position = starts[name]
                }
                return out
            }
        }
    }

    /// The first occurrence of `needle` in `length` bytes from `haystack` (`memchr` for its
    /// first byte, then `memcmp`), else nil.
    private static func find(_ haystack: UnsafeRawPointer, _ length: Int, _ needle: UnsafeRawPointer, _ count: Int) -> UnsafeRawPointer? {
        guard count > 0, length >= count else { return nil }
        let first = Int32(needle.load(as: UInt8.self))
        var p = haystack
        let last = haystack + (length - count)
        while p <= last {
            guard let hit = memchr(p, first, last - p + 1) else { return nil }
            let candidate = UnsafeRawPointer(hit)
            if memcmp(candidate + 1, needle + 1, count - 1) == 0 { return candidate }
            p = candidate + 1
        }
        return nil
    }

    /// A text folded for matching: ASCII letters lower-cased; other text folded by Foundation
    /// (case-, diacritic- and width-insensitive, as `String.folding(options:locale:)`), then
    /// the letters that folding keeps mapped as `SearchFolding.foldLetters` does (ı → i, ø → o,
    /// æ → ae, ß → ss, …).
    /// - Parameter text: a name or a query.
    /// - Returns: the folded text's UTF-8 bytes.
    static func fold(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        appendFolded(text, to: &out)
        return out
    }

    private static func appendFolded(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.makeContiguousUTF8()
        let isASCII = text.utf8.withContiguousStorageIfAvailable { buffer -> Bool in
            for b in buffer where b >= 0x80 { return false }
            out.reserveCapacity(out.count + buffer.count)
            for b in buffer { out.append(b &+ ((b >= 0x41 && b <= 0x5A) ? 0x20 : 0)) }
            return true
        } ?? false
        if isASCII { return }
        out.append(contentsOf: SearchFolding.foldLetters(text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)).utf8)
    }
}
