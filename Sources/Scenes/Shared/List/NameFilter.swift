import Domain
import FoundationEssentials

/// The names of a list folded for matching (case, diacritics and width ignored): the one name
/// filter of the shows (`matches`, `search`: fzf's way) and of the places (`containing`: the
/// query whole), kept in one contiguous buffer, with two 64-bit masks per name of the bytes it holds, so that most
/// names are ruled out (or, for a one-letter query, ranked) without reading their bytes.
///
/// Names are stored in list order, each followed by a 0 byte (a folded query never holds one,
/// so no match spans two names). Matching is on the folded names' UTF-8 bytes.
package struct NameFilter: Sendable {
    // The columns are internal, not private, for `ShowNameFolding`, which fills them; nothing
    // else in the module writes them.

    /// The folded names, each ended by 0.
    var bytes: [UInt8] = []
    /// Where each name starts in `bytes`.
    var starts: [Int] = []
    /// Per name, the bits (`ByteMask.bit`) of every byte it holds.
    var held: [UInt64] = []
    /// Per name, the bits of the bytes that start a word after its first byte (that follow a
    /// byte that is not a letter or digit).
    var wordStarts: [UInt64] = []

    /// How many names are indexed.
    var count: Int { starts.count }

    /// Makes an empty filter.
    init() {}

    /// Makes a filter over names.
    /// - Parameter names: the names, in list order.
    package init<Names: Sequence<String>>(names: Names) {
        append(names)
    }

    /// Adds another filter's names after these, in its order.
    /// - Parameter other: the names to add.
    mutating func append(contentsOf other: NameFilter) {
        let base = bytes.count
        bytes += other.bytes
        starts += other.starts.lazy.map { $0 + base }
        held += other.held
        wordStarts += other.wordStarts
    }

    /// Adds names at the end of the list.
    /// - Parameter names: the names, in list order.
    mutating func append<Names: Sequence<String>>(_ names: Names) {
        let expected = starts.count + names.underestimatedCount
        starts.reserveCapacity(expected)
        held.reserveCapacity(expected)
        wordStarts.reserveCapacity(expected)
        for name in names {
            let start = bytes.count
            starts.append(start)
            Self.appendFolded(name, to: &bytes)
            appendMasks(from: start)
        }
    }

    /// Ends the folded name that starts at `start` in `bytes`: its two masks, and the 0 after it.
    mutating func appendMasks(from start: Int) {
        var all: UInt64 = 0, words: UInt64 = 0
        var previous: UInt8 = 0x61 // a letter: the first byte starts no word after it
        for i in start..<bytes.count {
            let bit = ByteMask.bit(bytes[i])
            all |= bit
            if !FoldedMatch.isWordByte(previous) { words |= bit }
            previous = bytes[i]
        }
        held.append(all)
        wordStarts.append(words)
        bytes.append(0)
    }

    /// The positions of the names that hold a query's bytes in order (a substring, or an
    /// in-order subsequence with gaps, as fzf matches).
    /// - Parameters:
    ///   - query: the query, folded with `fold` (empty matches every name).
    ///   - candidates: positions to look among, in order (the matches of a shorter query that
    ///     this one extends); nil to look among all names.
    /// - Returns: the matching positions, in the order of `candidates` (list order for all).
    package func matches(_ query: [UInt8], among candidates: [Int]? = nil) -> [Int] {
        search(query, among: candidates).matches
    }

    /// The positions of the names that hold a query whole (one run of its bytes: no
    /// letters-in-order matches), as the places' filter asks. A name whose byte mask lacks one
    /// of the query's is passed over unread.
    /// - Parameters:
    ///   - query: the query, folded with `fold` (empty matches every name).
    ///   - candidates: positions to look among, in order (the matches of a shorter query that
    ///     this one extends); nil to look among all names.
    /// - Returns: the matching positions, in the order of `candidates` (list order for all).
    package func containing(_ query: [UInt8], among candidates: [Int]? = nil) -> [Int] {
        guard !query.isEmpty else { return candidates ?? Array(0..<count) }
        let needs = query.reduce(UInt64(0)) { $0 | ByteMask.bit($1) }
        var out: [Int] = []
        bytes.withUnsafeBufferPointer { bytes in
            query.withUnsafeBytes { needle in
                guard let base = bytes.baseAddress, let q = needle.baseAddress else { return }
                for k in 0..<(candidates?.count ?? count) {
                    let i = candidates?[k] ?? k
                    guard held[i] & needs == needs else { continue }
                    let name = range(of: i)
                    if FoldedMatch.find(base + name.start, name.length, q, needle.count) != nil { out.append(i) }
                }
            }
        }
        return out
    }

    /// Matches a query and ranks the matches in one pass over the names (see `matches` and
    /// `ranked`): each name's bytes are read once, for both.
    /// - Parameters:
    ///   - query: the query, folded with `fold`.
    ///   - candidates: positions to look among, in order; nil for all names.
    ///   - order: puts the matches in the order that ties keep (and may drop some), e.g. a
    ///     sort by rating or a narrowing to one genre; by default their own order.
    /// - Returns: the matches in the order of `candidates`, and `order(matches)` ranked best
    ///   first.
    package func search(
        _ query: [UInt8], among candidates: [Int]? = nil,
        order: ([Int]) -> [Int] = { $0 }
    ) -> (matches: [Int], ranked: [Int]) {
        let found = tiers(query, among: candidates, order: order)
        return (found.matches, found.ranked)
    }

    /// A search's matches ranked best first, with where each rank key's run ends, so that
    /// rows from elsewhere can be ranked among them by the same keys (`MatchTiers`).
    package struct Tiers: Sendable, Equatable {
        /// The matches in the order of the candidates (list order for all).
        package var matches: [Int]
        /// The matches best first (see `NameFilter.search`).
        package var ranked: [Int]
        /// For each rank key k (`FoldedMatch.rankKey`, 0 up to `FoldedMatch.rankKeys` - 1),
        /// the index in `ranked` one past its last match (the runs are consecutive, in key
        /// order); empty for an empty query, whose matches all rank as names found.
        package var ends: [Int]

        /// How many of the matches hold the query whole (exact, whole word, word prefix or
        /// inside a word: rank keys 0 to 3); the rest hold only its letters in order.
        package var found: Int { ends.isEmpty ? ranked.count : ends[MatchTiers.closeKey - 1] }

        /// The rank key of `ranked[index]`, given the key of `ranked[index - 1]` (or 0 for the
        /// first): the runs are walked forward, so a pass over `ranked` costs one step a key.
        func key(at index: Int, from previous: Int) -> Int {
            var k = previous
            while k < ends.count && ends[k] <= index { k += 1 }
            return k
        }
    }

    /// Matches a query and ranks the matches as `search` does, keeping where each rank key's
    /// run ends.
    /// - Parameters: as `search`.
    /// - Returns: the matches, ranked, and the runs' ends.
    package func tiers(
        _ query: [UInt8], among candidates: [Int]? = nil,
        order: ([Int]) -> [Int] = { $0 }
    ) -> Tiers {
        if query.isEmpty {
            let all = candidates ?? Array(0..<count)
            return Tiers(matches: all, ranked: order(all), ends: [])
        }
        if query.contains(0) { return Tiers(matches: [], ranked: [], ends: Array(repeating: 0, count: FoldedMatch.rankKeys)) }
        var keys = [UInt16](repeating: 0, count: count)
        let found = keys.withUnsafeMutableBufferPointer { keys in
            candidates.withUnsafeBufferPointerIfAny { candidates in
                matchAndKey(query, candidates, keys)
            }
        }
        let ordered = order(found)
        // A stable counting sort on the keys: linear in the matches.
        let buckets = FoldedMatch.rankKeys
        var next = [Int](repeating: 0, count: buckets + 1)
        for i in ordered { next[Int(keys[i]) + 1] += 1 }
        for b in 1...buckets { next[b] += next[b - 1] }
        let ranked = [Int](unsafeUninitializedCapacity: ordered.count) { out, written in
            for i in ordered {
                let key = Int(keys[i])
                out[next[key]] = i
                next[key] += 1
            }
            written = ordered.count
        }
        // Each bucket's slot has moved on to its end.
        return Tiers(matches: found, ranked: ranked, ends: Array(next[0..<buckets]))
    }

    /// The names (all, or `candidates`) that hold the query in order, each one's rank key
    /// (`FoldedMatch.rankKey`) written to `keys` at its position. A name whose byte mask lacks
    /// one of the query's is passed over unread.
    private func matchAndKey(_ query: [UInt8], _ candidates: UnsafeBufferPointer<Int>?, _ keys: UnsafeMutableBufferPointer<UInt16>) -> [Int] {
        let needs = query.reduce(UInt64(0)) { $0 | ByteMask.bit($1) }
        // A one-byte query whose bit stands for that byte alone is ranked from the masks.
        let single = query.count == 1 && ByteMask.isExact(query[0]) ? query[0] : nil
        var out: [Int] = []
        out.reserveCapacity(candidates?.count ?? count)
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                held.withUnsafeBufferPointer { held in
                    wordStarts.withUnsafeBufferPointer { wordStarts in
                        query.withUnsafeBytes { needle in
                            guard let base = bytes.baseAddress, let q = needle.baseAddress else { return }
                            let total = count, size = bytes.count
                            for k in 0..<(candidates?.count ?? total) {
                                let i = candidates?[k] ?? k
                                guard held[i] & needs == needs else { continue }
                                let start = starts[i]
                                let length = (i + 1 < total ? starts[i + 1] : size) - 1 - start
                                if let single {
                                    // Inside a word unless the byte starts one (the masks tell);
                                    // then one pass tells a word of its own from a word's start.
                                    let startsWord = base[start] == single || wordStarts[i] & needs != 0
                                    let kind = startsWord ? FoldedMatch.tier(of: single, in: base + start, length) ?? .substring : .substring
                                    keys[i] = UInt16(kind.rawValue)
                                } else {
                                    guard let key = FoldedMatch.rankKey(base + start, length, q, needle.count) else { continue }
                                    keys[i] = UInt16(key)
                                }
                                out.append(i)
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// How well a name matches a query, best first: the kind of match, then (for a
    /// subsequence) the gap penalty.
    enum MatchKind: Int, Comparable, Sendable {
        /// The whole name.
        case exact
        /// Whole words of the name: from a word's start to a word's end (`break` in "Prison
        /// Break", `lost` in "Lost Girl").
        case wholeWord
        /// The start of a word in the name, the first word included (after a space or
        /// punctuation: `break` in "Breaking Bad").
        case wordPrefix
        /// Inside a word of the name.
        case substring
        /// The query's characters in order with gaps (`sg1` in "Stargate SG-1").
        case subsequence

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The largest gap penalty told apart when ranking; larger ones rank as this.
    static let largestPenalty = 255

    /// Matching positions ranked best first: an exact name, then whole words, then a word
    /// prefix, then inside a word (`NameFilter.MatchKind`), then, as fzf ranks, an in-order
    /// subsequence with the fewest skipped
    /// bytes between its first and last matched byte (and a start at a word ranked above one
    /// inside a word); ties keep their order in `positions`. Bucketed, not sorted: linear in
    /// the matches.
    /// - Parameters:
    ///   - query: the folded query.
    ///   - positions: matching positions (from `matches`); any that do not match are left out.
    /// - Returns: the same positions, best first.
    package func ranked(_ query: [UInt8], _ positions: [Int]) -> [Int] {
        query.isEmpty || positions.count < 2 ? positions : search(query, among: positions).ranked
    }

    /// The kind of match and the gap penalty of a query in one folded name (both folded).
    /// - Returns: nil when the name does not hold the query in order.
    static func score(name: [UInt8], query: [UInt8]) -> (kind: MatchKind, penalty: Int)? {
        guard !query.isEmpty else { return (.substring, 0) }
        return name.withUnsafeBytes { n in
            query.withUnsafeBytes { q in
                guard let nb = n.baseAddress, let qb = q.baseAddress else { return nil }
                return FoldedMatch.score(nb, n.count, qb, q.count)
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
                if let at = FoldedMatch.bestOccurrence(nb, n.count, qb, q.count) {
                    return Array(at..<(at + q.count))
                }
                guard let window = FoldedMatch.tightestWindow(nb, n.count, qb, q.count) else { return [] }
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

    func range(of i: Int) -> (start: Int, length: Int) {
        let start = starts[i]
        return (start, (i + 1 < starts.count ? starts[i + 1] : bytes.count) - 1 - start)
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
}

extension Optional where Wrapped == [Int] {
    /// `body` with the array's buffer, or with nil when there is no array.
    fileprivate func withUnsafeBufferPointerIfAny<R>(_ body: (UnsafeBufferPointer<Int>?) -> R) -> R {
        switch self {
        case .some(let array): return array.withUnsafeBufferPointer { body($0) }
        case .none: return body(nil)
        }
    }
}
