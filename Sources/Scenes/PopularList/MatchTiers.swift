import Domain
import FoundationEssentials

/// One ranking for the filter's rows, wherever they come from: the list's own matches and the
/// rows from outside it (the provider's search hits online, the snapshot's All shows and the
/// kept shows offline) are ranked by the same tiers, best first: exact name, whole word, word
/// prefix, inside a word, then the close matches — a hit the provider matched by something other
/// than its name (an alias, a typo), then names that hold only the query's letters in order
/// (fewest skipped letters first). Inside a tier the list's order decides (popularity or the
/// chosen sort), and a list row goes before an outside row it ties with.
package enum MatchTiers {
    /// The first rank key (`FoldedMatch.rankKey`) of a name that holds the query's letters in
    /// order but not the query itself; keys below it hold the query whole.
    package static let closeKey = 4

    /// Where a rank key places a row among all rows: keys below `closeKey` first, then a hit
    /// whose name does not hold the query (nil), then the letters-in-order keys.
    /// - Parameter key: a rank key, or nil for a provider's hit its name does not explain.
    /// - Returns: a place; smaller is better.
    static func place(_ key: Int?) -> Int {
        guard let key else { return closeKey }
        return key < closeKey ? key : key + 1
    }

    /// The rank key of a name for a folded query.
    /// - Parameters:
    ///   - name: a name as shown.
    ///   - query: the query, folded with `NameFilter.fold` (not empty).
    /// - Returns: the key, or nil when the name does not hold the query's letters in order.
    static func key(of name: String, query: [UInt8]) -> Int? {
        let folded = NameFilter.fold(name)
        guard !query.isEmpty, !folded.contains(0) else { return nil }
        return folded.withUnsafeBytes { n in
            query.withUnsafeBytes { q in
                guard let nb = n.baseAddress, let qb = q.baseAddress else { return nil }
                return FoldedMatch.rankKey(nb, n.count, qb, q.count)
            }
        }
    }

    /// The list's matches and the outside rows as one ranking.
    package struct Merged: Sendable, Equatable {
        /// The rows best first: a position in the list (0 or more), or `~i` (below 0) for
        /// `hits[i]`.
        package var order: [Int]
        /// The outside rows, in the order they were given.
        package var hits: [TVShow]
        /// The index in `order` of the first close match; `order.count` when there is none.
        package var closeFrom: Int
        /// How many of the outside rows hold the query whole (rank before `closeFrom`).
        package var foundHits: Int
    }

    /// Ranks outside rows among the list's ranked matches.
    /// - Parameters:
    ///   - list: the list's matches ranked by `NameFilter.tiers` (their runs' ends give each
    ///     one's key; without ends, every one is a name found).
    ///   - shows: the list, which `list`'s positions index.
    ///   - hits: the outside rows with their rank keys (nil: not explained by the name), in
    ///     the order they were found; they are ranked by key, then by `precedes`, stably.
    ///   - precedes: the list's order inside a tier (true when the first show goes first).
    /// - Returns: the one ranking.
    static func merge(
        list: NameFilter.Tiers, shows: [TVShow], hits: [(key: Int?, show: TVShow)],
        precedes: (TVShow, TVShow) -> Bool
    ) -> Merged {
        let listFound = list.found
        guard !hits.isEmpty else {
            return Merged(order: list.ranked, hits: [], closeFrom: listFound, foundHits: 0)
        }
        let extra = hits.indices.map { (place: place(hits[$0].key), index: $0) }.sorted { a, b in
            if a.place != b.place { return a.place < b.place }
            let l = hits[a.index].show, r = hits[b.index].show
            if precedes(l, r) { return true }
            if precedes(r, l) { return false }
            return a.index < b.index
        }
        var order: [Int] = []
        order.reserveCapacity(list.ranked.count + extra.count)
        var closeFrom: Int?
        var key = 0
        var h = 0
        for (i, position) in list.ranked.enumerated() {
            key = list.ends.isEmpty ? 0 : list.key(at: i, from: key)
            let here = place(key)
            // Outside rows of a better place, or of this place that the list's order puts first.
            while h < extra.count,
                extra[h].place < here
                    || (extra[h].place == here && precedes(hits[extra[h].index].show, shows[position]))
            {
                if closeFrom == nil && extra[h].place >= closeKey { closeFrom = order.count }
                order.append(~extra[h].index)
                h += 1
            }
            if closeFrom == nil && here >= closeKey { closeFrom = order.count }
            order.append(position)
        }
        while h < extra.count {
            if closeFrom == nil && extra[h].place >= closeKey { closeFrom = order.count }
            order.append(~extra[h].index)
            h += 1
        }
        let foundHits = hits.lazy.filter { place($0.key) < closeKey }.count
        return Merged(order: order, hits: hits.map(\.show), closeFrom: closeFrom ?? order.count, foundHits: foundHits)
    }

    /// Ranks shows found elsewhere (a provider's search) by the same tiers, keeping their own
    /// order inside a tier: `discover-tui search` prints them so.
    /// - Parameters:
    ///   - shows: the shows, in the provider's order.
    ///   - query: the query as typed.
    /// - Returns: the shows ranked, and the index of the first close match (`shows.count`
    ///   for none).
    package static func rank(_ shows: [TVShow], query: String) -> (shows: [TVShow], closeFrom: Int) {
        let folded = NameFilter.fold(query.trimming(.whitespaces))
        guard !folded.isEmpty else { return (shows, shows.count) }
        let merged = merge(
            list: NameFilter.Tiers(matches: [], ranked: [], ends: []), shows: [],
            hits: shows.map { (key(of: $0.name, query: folded), $0) }, precedes: { _, _ in false })
        return (merged.order.map { merged.hits[~$0] }, merged.closeFrom)
    }
}
