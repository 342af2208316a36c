import Domain

/// What a list of shows is filtered, narrowed and ordered by, and the matches that makes: the
/// query (as typed and folded), the genre, network or services narrowing, the order, and the
/// list's matches ranked best first (`NameFilter.tiers`), kept in step with the shows.
///
/// A value: the shows list's Interactor holds one and asks it again (`match`) whenever the
/// shows, the query, the narrowing or the order change.
struct ShowFilter {
    /// The query as typed; empty for none.
    private(set) var query = ""
    /// The query folded as names are (`NameFilter.fold`).
    private(set) var foldedQuery: [UInt8] = []
    /// The list's matches, best first, with their tiers.
    private(set) var matches = NameFilter.Tiers(matches: [], ranked: [], ends: [])
    /// The order the rows are in.
    private(set) var sort: ShowSortOrder = .popularity
    /// The genre, network or services the list is narrowed to; nil for none.
    private(set) var narrowedTo: PopularList.Narrow.Choice?
    /// The viewer's streaming services (`services` setting); nil for none.
    let services: StreamingServices?
    /// Positions in the shows of the matches, in list order (what a growing query narrows).
    private var matchSet: [Int] = []

    /// Makes one with no query, no narrowing and the popularity order.
    /// - Parameter services: the viewer's streaming services; nil for none.
    init(services: StreamingServices?) {
        self.services = services
    }

    /// Takes a new query (the matches are made by the next `match`).
    /// - Parameter query: the query as typed.
    /// - Returns: true when it only grows the last one (its matches can narrow the last ones).
    mutating func setQuery(_ query: String) -> Bool {
        let folded = NameFilter.fold(query)
        let narrowing = !foldedQuery.isEmpty && folded.starts(with: foldedQuery)
        self.query = query
        foldedQuery = folded
        return narrowing
    }

    /// Narrows to a genre, a network or the services, or to nothing.
    mutating func narrow(to choice: PopularList.Narrow.Choice?) {
        narrowedTo = choice
    }

    /// Goes on to the next order.
    mutating func cycleSort() {
        sort = sort.next
    }

    /// Shows the list in an order.
    mutating func setSort(_ order: ShowSortOrder) {
        sort = order
    }

    /// Forgets the matches (a new list, not yet loaded).
    mutating func clearMatches() {
        matches = NameFilter.Tiers(matches: [], ranked: [], ends: [])
        matchSet = []
    }

    /// Makes the matches again for the shows, ranked best first (`NameFilter.tiers`).
    /// - Parameters:
    ///   - shows: the list, in popularity order.
    ///   - names: their names folded, in the same order; fewer while a whole catalogue's names
    ///     are being folded (`ShowPages.awaitsNames`): the query is then looked for in those,
    ///     and no query matches every show.
    ///   - narrowing: true when the query only grew: the last matches are narrowed instead of
    ///     every show scanned again.
    mutating func match(_ shows: [TVShow], names: NameFilter, narrowing: Bool = false) {
        let among: [Int]?
        if names.count < shows.count {
            among = foldedQuery.isEmpty ? Array(shows.indices) : nil
        } else {
            among = narrowing ? matchSet : nil
        }
        matches = names.tiers(foldedQuery, among: among) { sorted(narrowed($0, in: shows), in: shows) }
        matchSet = matches.matches
    }

    /// Whether a show is of the chosen genre or network (every show without a narrowing).
    func admits(_ show: TVShow) -> Bool {
        switch narrowedTo {
        case nil: return true
        case .genre(let genre)?: return show.genres.contains(genre)
        case .network(let name)?: return show.broadcaster?.name == name
        case .onMyServices?: return services?.carries(show) ?? false
        }
    }

    /// The choices some shows offer: "On my services" (with the setting), then genres then
    /// networks, each most common first (ties by name), with their counts.
    func narrowChoices(of shows: [TVShow]) -> [(choice: PopularList.Narrow.Choice, count: Int)] {
        var genres: [String: Int] = [:], networks: [String: Int] = [:]
        for show in shows {
            for genre in show.genres where !genre.isEmpty { genres[genre, default: 0] += 1 }
            if let name = show.broadcaster?.name, !name.isEmpty { networks[name, default: 0] += 1 }
        }
        func ordered(_ counts: [String: Int]) -> [(String, Int)] {
            counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }
        }
        let mine = services.map { services in shows.reduce(0) { $0 + (services.carries($1) ? 1 : 0) } }
        return (mine.map { [(choice: PopularList.Narrow.Choice.onMyServices, count: $0)] } ?? [])
            + ordered(genres).map { (choice: PopularList.Narrow.Choice.genre($0.0), count: $0.1) }
            + ordered(networks).map { (choice: PopularList.Narrow.Choice.network($0.0), count: $0.1) }
    }

    /// Whether one show goes before another in the chosen order, as `match` puts the list's
    /// rows: used to rank a search hit among the rows it ties with.
    func precedes(_ l: TVShow, _ r: TVShow) -> Bool {
        switch sort {
        case .popularity: return TVShow.ranksAbove(l, r)
        case .rating: return (WeightedRating.score(l) ?? -1) > (WeightedRating.score(r) ?? -1)
        case .premiered:
            switch (l.premiered, r.premiered) {
            case (let a?, let b?): return a > b
            case (.some, nil): return true
            default: return false
            }
        case .name:
            let a = l.name.lowercased(), b = r.name.lowercased()
            if a.isEmpty != b.isEmpty { return !a.isEmpty }
            return a < b
        }
    }

    /// The positions of shows of the chosen genre or network (all without a narrowing).
    private func narrowed(_ positions: [Int], in shows: [TVShow]) -> [Int] {
        narrowedTo == nil ? positions : positions.filter { admits(shows[$0]) }
    }

    /// Positions in the chosen order; ties, and the popularity order, keep list order. Shows
    /// with no rating, premiere or name sort after those with one. By rating, the rating with
    /// what stands behind it (`WeightedRating`: a Bayesian average over the votes or TVmaze's
    /// weight), worked out once a show before the sort.
    private func sorted(_ positions: [Int], in shows: [TVShow]) -> [Int] {
        switch sort {
        case .popularity:
            return positions
        case .rating:
            let keyed = positions.map { (position: $0, score: WeightedRating.score(shows[$0]) ?? -1) }
            return keyed.sorted { $0.score != $1.score ? $0.score > $1.score : $0.position < $1.position }.map(\.position)
        case .premiered:
            return positions.sorted { a, b in
                switch (shows[a].premiered, shows[b].premiered) {
                case (let l?, let r?): return l != r ? l > r : a < b
                case (.some, nil): return true
                case (nil, .some): return false
                case (nil, nil): return a < b
                }
            }
        case .name:
            let keys = Dictionary(uniqueKeysWithValues: positions.map { ($0, shows[$0].name.lowercased()) })
            return positions.sorted { a, b in
                let l = keys[a] ?? "", r = keys[b] ?? ""
                if l.isEmpty != r.isEmpty { return !l.isEmpty }
                return l != r ? l < r : a < b
            }
        }
    }
}
