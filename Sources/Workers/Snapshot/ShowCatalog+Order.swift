import Domain

/// Popularity order (`TVShow.ranksAbove`) and one show per id.
extension ShowCatalog {
    /// Keeps one show per id: the most recently updated, the first of equals.
    /// - Returns: the positions of the kept shows.
    static func newestByID(_ shows: [TVShow]) -> [Int] {
        var slot: [Int: Int] = [:]  // id -> index in `kept`
        slot.reserveCapacity(shows.count)
        var kept: [Int] = []
        kept.reserveCapacity(shows.count)
        // Fields read from the array in place: binding each show would copy it.
        for i in shows.indices {
            let id = shows[i].id
            if let k = slot[id] {
                if (shows[kept[k]].updatedAt ?? 0) >= (shows[i].updatedAt ?? 0) { continue }
                kept[k] = i
            } else {
                slot[id] = kept.count
                kept.append(i)
            }
        }
        return kept
    }

    /// Sorts positions by `TVShow.ranksAbove`, with each name lower-cased once instead of at
    /// each comparison; positions, not shows, are moved.
    static func rankOrder(of shows: [TVShow], keeping positions: [Int]) -> [Int] {
        let keys = positions.map { i in
            // Each field read from the array in place: binding the whole show would copy it.
            RankKey(weight: shows[i].weight ?? -1, rating: shows[i].rating ?? -1, hasName: !shows[i].name.isEmpty,
                    name: shows[i].name.lowercased(), id: shows[i].id, index: i)
        }
        // The same order as `TVShow.ranksAbove` (a missing weight or rating sorts as -1, below 0).
        return keys.sorted { l, r in
            if l.weight != r.weight { return l.weight > r.weight }
            if l.rating != r.rating { return l.rating > r.rating }
            if l.hasName != r.hasName { return l.hasName }
            if l.name != r.name { return l.name < r.name }
            return l.id < r.id
        }.map(\.index)
    }
}

/// A show's place in popularity order, with its name lower-cased once.
private struct RankKey {
    let weight: Int, rating: Double, hasName: Bool, name: String, id: Int, index: Int
}
