import Domain
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The names of a list folded for matching (case, diacritics and width ignored), kept in one
/// contiguous buffer so that a query is found with one search over all of them at once.
///
/// Names are stored in list order, each followed by a 0 byte (a folded query never holds one,
/// so no match spans two names). Matching is on the folded names' UTF-8 bytes.
package struct ShowFilter: Sendable {
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
    package init<Names: Sequence<String>>(names: Names) {
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

    /// The positions of the names that hold a query's bytes in order (a substring, or an
    /// in-order subsequence with gaps, as fzf matches).
    /// - Parameters:
    ///   - query: the query, folded with `fold` (empty matches every name).
    ///   - candidates: positions to look among, in order (the matches of a shorter query that
    ///     this one extends); nil to look among all names.
    /// - Returns: the matching positions, in list order.
    package func matches(_ query: [UInt8], among candidates: [Int]? = nil) -> [Int] {
        if query.isEmpty || query.contains(0) { return query.isEmpty ? (candidates ?? Array(0..<count)) : [] }
        return bytes.withUnsafeBytes { buffer in
            query.withUnsafeBytes { needle in
                guard let base = buffer.baseAddress, let q = needle.baseAddress else { return [] }
                var out: [Int] = []
                if let candidates {
                    for i in candidates {
                        let (start, length) = range(of: i)
                        if Self.subsequenceEnd(base + start, length, q, needle.count) != nil { out.append(i) }
                    }
                    return out
                }
                // The pre-filter: a name holds the query in order only if it holds its first
                // byte, found for all names at once with `memchr`; from there the rest of the
                // query is looked for within that name alone.
                let first = Int32(q.load(as: UInt8.self))
                var position = 0
                var name = 0
                while position < buffer.count, let hit = memchr(base + position, first, buffer.count - position) {
                    let offset = base.distance(to: UnsafeRawPointer(hit))
                    // The name holding `offset`: the last start at or before it.
                    var low = name, high = starts.count - 1
                    while low < high {
                        let mid = (low + high + 1) / 2
                        if starts[mid] <= offset { low = mid } else { high = mid - 1 }
                    }
                    let (start, length) = range(of: low)
                    if Self.subsequenceEnd(base + offset, length - (offset - start), q, needle.count) != nil { out.append(low) }
                    name = low + 1
                    guard name < starts.count else { break }
                    position = starts[name]
                }
                return out
            }
        }
    }

    /// How well a name matches a query, best first: the kind of match, then (for a
    /// subsequence) the gap penalty.
    enum MatchKind: Int, Comparable, Sendable {
        /// The whole name.
        case exact
        /// The start of the name.
        case prefix
        /// The start of a word in the name (after a space or punctuation).
        case wordPrefix
        /// Anywhere in the name.
        case substring
        /// The query's characters in order with gaps (`sg1` in "Stargate SG-1").
        case subsequence

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The largest gap penalty told apart when ranking; larger ones rank as this.
    static let largestPenalty = 255

    /// Matching positions ranked best first, as fzf ranks: an exact name, then a prefix, then
    /// a word prefix, then a substring, then an in-order subsequence with the fewest skipped
    /// bytes between its first and last matched byte (and a start at a word ranked above one
    /// inside a word); ties keep list order. Bucketed, not sorted: linear in the matches.
    /// - Parameters:
    ///   - query: the folded query.
    ///   - positions: matching positions, in list order (from `matches`).
    /// - Returns: the same positions, best first.
    package func ranked(_ query: [UInt8], _ positions: [Int]) -> [Int] {
        if query.isEmpty || positions.count < 2 { return positions }
        return bytes.withUnsafeBytes { buffer in
            query.withUnsafeBytes { needle in
                guard let base = buffer.baseAddress, let q = needle.baseAddress else { return positions }
                var tiers: [[Int]] = Array(repeating: [], count: 4)
                tiers[3].reserveCapacity(positions.count)
                var loose: [[Int]] = []
                let single = needle.count == 1 ? q.load(as: UInt8.self) : nil
                for i in positions {
                    let (start, length) = range(of: i)
                    if let single {
                        // One byte (the first key typed, over the most names): one pass.
                        tiers[Self.tier(of: single, in: base + start, length).rawValue].append(i)
                        continue
                    }
                    let score = Self.score(base + start, length, q, needle.count)
                    if score.kind == .subsequence {
                        let penalty = min(score.penalty, Self.largestPenalty)
                        if loose.count <= penalty { loose += Array(repeating: [], count: penalty + 1 - loose.count) }
                        loose[penalty].append(i)
                    } else {
                        tiers[score.kind.rawValue].append(i)
                    }
                }
                var out: [Int] = []
                out.reserveCapacity(positions.count)
                for tier in tiers { out += tier }
                for bucket in loose { out += bucket }
                return out
            }
        }
    }

    /// The kind of match and the gap penalty of a query in one folded name (both folded).
    /// - Returns: nil when the name does not hold the query in order.
    static func score(name: [UInt8], query: [UInt8]) -> (kind: MatchKind, penalty: Int)? {
        guard !query.isEmpty else { return (.substring, 0) }
        return name.withUnsafeBytes { n in
            query.withUnsafeBytes { q in
                guard let nb = n.baseAddress, let qb = q.baseAddress else { return nil }
                guard subsequenceEnd(nb, n.count, qb, q.count) != nil else { return nil }
                let s = score(nb, n.count, qb, q.count)
                return (s.kind, s.penalty)
            }
        }
    }

    /// The bytes of a folded name that a query matches, as `ranked` judges the match: the
    /// first occurrence at a word start (or anywhere) for a substring, else the tightest
    /// in-order window.
    /// - Returns: byte offsets in the name, ascending; empty when it does not match.
    static func matchedOffsets(name: [UInt8], query: [UInt8]) -> [Int] {
        guard !query.isEmpty, !name.isEmpty else { return [] }
        return name.withUnsafeBytes { n -> [Int] in
            query.withUnsafeBytes { q -> [Int] in
                guard let nb = n.baseAddress, let qb = q.baseAddress else { return [] }
                if let at = wordOccurrence(nb, n.count, qb, q.count) ?? find(nb, n.count, qb, q.count).map({ nb.distance(to: $0) }) {
                    return Array(at..<(at + q.count))
                }
                guard let window = tightestWindow(nb, n.count, qb, q.count) else { return [] }
                // Matched bytes in the window, taken as late as possible from its end.
                var out: [Int] = []
                var j = q.count - 1
                var i = window.upperBound - 1
                while j >= 0 && i >= window.lowerBound {
                    if n[i] == q.load(fromByteOffset: j, as: UInt8.self) { out.append(i); j -= 1 }
                    i -= 1
                }
                return out.reversed()
            }
        }
    }

    /// The characters of a name that a query matches, for highlighting: each character is
    /// folded on its own, and a character is matched when any of its folded bytes is.
    /// - Parameters:
    ///   - name: the name as shown.
    ///   - query: the query as typed.
    /// - Returns: offsets of characters in `name`, ascending; empty when it does not match.
    static func matchedCharacters(in name: String, query: String) -> [Int] {
        let folded = fold(query)
        guard !folded.isEmpty else { return [] }
        var bytes: [UInt8] = []
        var owner: [Int] = []
        for (index, character) in name.enumerated() {
            let piece = fold(String(character))
            bytes += piece
            owner += Array(repeating: index, count: piece.count)
        }
        var out: [Int] = []
        for offset in matchedOffsets(name: bytes, query: folded) where out.last != owner[offset] {
            out.append(owner[offset])
        }
        return out
    }

    private func range(of i: Int) -> (start: Int, length: Int) {
        let start = starts[i]
        return (start, (i + 1 < starts.count ? starts[i + 1] : bytes.count) - 1 - start)
    }

    private static func score(_ name: UnsafeRawPointer, _ length: Int, _ q: UnsafeRawPointer, _ count: Int) -> (kind: MatchKind, penalty: Int) {
        if length >= count && memcmp(name, q, count) == 0 { return (length == count ? .exact : .prefix, 0) }
        if wordOccurrence(name, length, q, count) != nil { return (.wordPrefix, 0) }
        if find(name, length, q, count) != nil { return (.substring, 0) }
        guard let window = tightestWindow(name, length, q, count) else { return (.subsequence, largestPenalty) }
        let gaps = window.count - count
        let atWord = window.lowerBound == 0 || !isWordByte(name.load(fromByteOffset: window.lowerBound - 1, as: UInt8.self))
        return (.subsequence, gaps * 2 + (atWord ? 0 : 1))
    }

    /// The kind of match of a one-byte query in a name that holds it, in one pass.
    private static func tier(of byte: UInt8, in name: UnsafeRawPointer, _ length: Int) -> MatchKind {
        let bytes = name.assumingMemoryBound(to: UInt8.self)
        if length > 0 && bytes[0] == byte { return length == 1 ? .exact : .prefix }
        var i = 1
        while i < length {
            if bytes[i] == byte && !isWordByte(bytes[i - 1]) { return .wordPrefix }
            i += 1
        }
        return .substring
    }

    /// Where the query first occurs at the start of a word (after a byte that is not a
    /// letter or digit), from the second byte on; else nil.
    private static func wordOccurrence(_ name: UnsafeRawPointer, _ length: Int, _ q: UnsafeRawPointer, _ count: Int) -> Int? {
        var from = 0
        while from < length, let hit = find(name + from, length - from, q, count) {
            let at = name.distance(to: hit)
            if at == 0 || !isWordByte(name.load(fromByteOffset: at - 1, as: UInt8.self)) { return at }
            from = at + 1
        }
        return nil
    }

    /// A letter or digit (bytes of non-ASCII letters count as letters).
    private static func isWordByte(_ b: UInt8) -> Bool {
        b >= 0x80 || (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A)
    }

    /// The end (one past the last matched byte) of the first in-order match of the query
    /// taken greedily from the left, else nil.
    private static func subsequenceEnd(_ name: UnsafeRawPointer, _ length: Int, _ q: UnsafeRawPointer, _ count: Int) -> Int? {
        var at = 0
        for j in 0..<count {
            guard at < length, let hit = memchr(name + at, Int32(q.load(fromByteOffset: j, as: UInt8.self)), length - at) else { return nil }
            at = name.distance(to: UnsafeRawPointer(hit)) + 1
        }
        return at
    }

    /// The narrowest window holding the query in order, as fzf's first algorithm finds it:
    /// for each place the greedy forward match can end, walk back from that end taking each
    /// byte as late as possible; the shortest such window wins (the first of equals).
    private static func tightestWindow(_ name: UnsafeRawPointer, _ length: Int, _ q: UnsafeRawPointer, _ count: Int) -> Range<Int>? {
        var best: Range<Int>?
        var from = 0
        while from < length, let end = subsequenceEnd(name + from, length - from, q, count) {
            let stop = from + end
            var j = count - 1
            var i = stop - 1
            while i >= from {
                if name.load(fromByteOffset: i, as: UInt8.self) == q.load(fromByteOffset: j, as: UInt8.self) {
                    if j == 0 { break }
                    j -= 1
                }
                i -= 1
            }
            let window = i..<stop
            if let kept = best, kept.count <= window.count {} else { best = window }
            from = i + 1
        }
        return best
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

    /// A text folded for matching: ASCII letters lower-cased; other text folded by
    /// `SearchFolding.fold` (case-, diacritic- and width-insensitive, then ı → i, ø → o,
    /// æ → ae, ß → ss, …).
    /// - Parameter text: a name or a query.
    /// - Returns: the folded text's UTF-8 bytes.
    package static func fold(_ text: String) -> [UInt8] {
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
        out.append(contentsOf: SearchFolding.fold(text).utf8)
    }
}
