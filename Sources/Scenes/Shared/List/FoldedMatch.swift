#if canImport(Glibc)
    import Glibc
#endif

/// The byte-level matching of a folded query in one folded name (UTF-8 bytes, as
/// `NameFilter.fold` makes them), on raw pointers so that a scan over 100,000 names copies
/// nothing. Lengths are in bytes; every function reads only `length` bytes from `name`.
enum FoldedMatch {
    /// The sort key of a match as `NameFilter.ranked` orders it: 0 exact, 1 whole word (the
    /// query from the start to the end of words, anywhere in the name), 2 word prefix (from a
    /// word's start, the name's first word included), 3 inside a word, then 4 + the gap
    /// penalty (at most `NameFilter.largestPenalty`) for a subsequence; smaller is better. Nil
    /// when the name does not hold the query in order.
    static func rankKey(_ name: UnsafeRawPointer, _ length: Int, _ q: UnsafeRawPointer, _ count: Int) -> Int? {
        if count == 1 { return tier(of: q.load(as: UInt8.self), in: name, length)?.rawValue }
        guard let s = score(name, length, q, count) else { return nil }
        return s.kind == .subsequence ? 4 + min(s.penalty, NameFilter.largestPenalty) : s.kind.rawValue
    }

    /// How many values `rankKey` can take (0 up to 4 + `NameFilter.largestPenalty`).
    static let rankKeys = 5 + NameFilter.largestPenalty

    /// The kind of match and the gap penalty (2 per skipped byte inside the tightest window,
    /// plus 1 when it does not start a word) of a query in a name; nil when the name does not
    /// hold the query in order.
    static func score(_ name: UnsafeRawPointer, _ length: Int, _ q: UnsafeRawPointer, _ count: Int) -> (kind: NameFilter.MatchKind, penalty: Int)? {
        guard count > 0 else { return (.substring, 0) }
        let n = name.assumingMemoryBound(to: UInt8.self)
        if length == count && equal(name, q, count) { return (.exact, 0) }
        // The places the query occurs: from a word's start to a word's end a whole word (the
        // best left, so the search ends there), from a word's start a word prefix, else inside.
        var found: NameFilter.MatchKind?
        var from = 0
        while from < length, let hit = find(name + from, length - from, q, count) {
            let at = name.distance(to: hit)
            if at == 0 || !isWordByte(n[at - 1]) {
                if at + count == length || !isWordByte(n[at + count]) { return (.wholeWord, 0) }
                found = .wordPrefix
            } else if found == nil {
                found = .substring
            }
            from = at + 1
        }
        if let found { return (found, 0) }
        guard let window = tightestWindow(name, length, q, count) else { return nil }
        let gaps = window.count - count
        let atWord = window.lowerBound == 0 || !isWordByte(n[window.lowerBound - 1])
        return (.subsequence, gaps * 2 + (atWord ? 0 : 1))
    }

    /// The kind of match of a one-byte query in a name, in one pass; nil when the name does
    /// not hold the byte.
    static func tier(of byte: UInt8, in name: UnsafeRawPointer, _ length: Int) -> NameFilter.MatchKind? {
        let bytes = name.assumingMemoryBound(to: UInt8.self)
        if length == 1 && bytes[0] == byte { return .exact }
        var found: NameFilter.MatchKind?
        var i = 0
        while i < length {
            if bytes[i] == byte {
                if i == 0 || !isWordByte(bytes[i - 1]) {
                    if i + 1 == length || !isWordByte(bytes[i + 1]) { return .wholeWord }
                    found = .wordPrefix
                } else if found == nil {
                    found = .substring
                }
            }
            i += 1
        }
        return found
    }

    /// Where the query occurs as it ranks: the first whole-word occurrence, else the first at
    /// a word's start, else the first anywhere; nil when it does not occur.
    static func bestOccurrence(_ name: UnsafeRawPointer, _ length: Int, _ q: UnsafeRawPointer, _ count: Int) -> Int? {
        var wordStart: Int?, anywhere: Int?
        var from = 0
        while from < length, let hit = find(name + from, length - from, q, count) {
            let at = name.distance(to: hit)
            if at == 0 || !isWordByte(name.load(fromByteOffset: at - 1, as: UInt8.self)) {
                if at + count == length || !isWordByte(name.load(fromByteOffset: at + count, as: UInt8.self)) { return at }
                wordStart = wordStart ?? at
            }
            anywhere = anywhere ?? at
            from = at + 1
        }
        return wordStart ?? anywhere
    }

    /// A letter or digit (bytes of non-ASCII letters count as letters).
    static func isWordByte(_ b: UInt8) -> Bool {
        b >= 0x80 || (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A)
    }

    /// The end (one past the last matched byte) of the first in-order match of the query
    /// taken greedily from the left, else nil.
    static func subsequenceEnd(_ name: UnsafeRawPointer, _ length: Int, _ q: UnsafeRawPointer, _ count: Int) -> Int? {
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
    static func tightestWindow(_ name: UnsafeRawPointer, _ length: Int, _ q: UnsafeRawPointer, _ count: Int) -> Range<Int>? {
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
    /// first byte, then the rest compared in place), else nil.
    static func find(_ haystack: UnsafeRawPointer, _ length: Int, _ needle: UnsafeRawPointer, _ count: Int) -> UnsafeRawPointer? {
        guard count > 0, length >= count else { return nil }
        let first = Int32(needle.load(as: UInt8.self))
        var p = haystack
        let last = haystack + (length - count)
        while p <= last {
            guard let hit = memchr(p, first, last - p + 1) else { return nil }
            let candidate = UnsafeRawPointer(hit)
            if equal(candidate + 1, needle + 1, count - 1) { return candidate }
            p = candidate + 1
        }
        return nil
    }

    /// Whether `count` bytes at `a` and `b` are equal: a plain loop, as queries are a few
    /// bytes long and a call to `memcmp` costs more than comparing them.
    @inline(__always)
    static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
        var i = 0
        while i < count {
            if a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) { return false }
            i += 1
        }
        return true
    }
}
