import Domain
import FoundationEssentials

/// The filter, its ordering and narrowing, and the provider's search for it (a live source)
/// or the kept shows' (offline).
extension PopularListInteractor {
    @discardableResult
    package func filterShows(request: PopularList.FilterShows.Request) -> Task<Void, Never> {
        let folded = NameFilter.fold(request.query)
        let narrowing = !foldedQuery.isEmpty && folded.starts(with: foldedQuery)
        query = request.query
        foldedQuery = folded
        // Taking the whole catalogue matches it against the query already.
        let took = !folded.isEmpty && takePreparedCatalog()
        if !took { recomputeMatches(narrowing: narrowing) }
        let search = scheduleSearch(now: false)
        present()
        let rest = foldedQuery.isEmpty ? nil : loadRemainingSnapshotPages()
        return effects.track(.all([search, rest]))
    }

    @discardableResult
    package func searchCatalogue(request: PopularList.SearchCatalogue.Request) -> Task<Void, Never> {
        // Before the first page the source is unknown: the search goes once it is.
        if source == nil { searchWhenLoaded = true }
        let search = scheduleSearch(now: true)
        present()
        return effects.track(search ?? .nothing)
    }

    package func listNarrowChoices(request: PopularList.Narrow.ChoicesRequest) {
        var genres: [String: Int] = [:], networks: [String: Int] = [:]
        for show in shows {
            for genre in show.genres where !genre.isEmpty { genres[genre, default: 0] += 1 }
            if let name = show.broadcaster?.name, !name.isEmpty { networks[name, default: 0] += 1 }
        }
        func ordered(_ counts: [String: Int]) -> [(String, Int)] {
            counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }
        }
        let mine = services.map { services in shows.reduce(0) { $0 + (services.carries($1) ? 1 : 0) } }
        let choices = (mine.map { [(choice: PopularList.Narrow.Choice.onMyServices, count: $0)] } ?? [])
            + ordered(genres).map { (choice: PopularList.Narrow.Choice.genre($0.0), count: $0.1) }
            + ordered(networks).map { (choice: PopularList.Narrow.Choice.network($0.0), count: $0.1) }
        presenter?.presentNarrowChoices(response: .init(choices: choices, current: narrowedTo))
    }

    package func narrow(request: PopularList.Narrow.Request) {
        narrowedTo = request.choice
        recomputeMatches()
        present()
    }

    package func cycleSort(request: PopularList.CycleSort.Request) {
        sort = sort.next
        recomputeMatches()
        present()
    }

    /// The search's key for a query: trimmed, folded (so `Taxi` and `taxi ` are asked once).
    private static func searchKey(_ query: String) -> String {
        String(decoding: NameFilter.fold(query.trimming(.whitespaces)), as: UTF8.self)
    }

    /// Asks the provider's search for the filter once typing pauses (`now`: at once): on a live
    /// source only, at most one request in flight (a new query cancels the last), each query
    /// asked once (answers are kept for the session; the worker keeps them on disk too).
    /// - Returns: the search's task (or the kept shows' reading), nil when none started.
    @discardableResult
    func scheduleSearch(now: Bool) -> Task<Void, Never>? {
        let key = Self.searchKey(query)
        if !key.isEmpty, source != nil, source?.isFromNetwork != true, keptSource != nil {
            cancelSearch()
            return searchKept(key: key)
        }
        guard !key.isEmpty, source?.isFromNetwork == true else {
            cancelSearch()
            return nil
        }
        if let known = searchCache[key] {
            cancelSearch()
            hitsKey = key
            hits = known
            searchError = nil
            return nil
        }
        if searchingKey == key { return searchTask }
        searchTask?.cancel()
        searchingKey = key
        searchError = nil
        let worker = self.worker, clock = self.searchClock, text = query.trimming(.whitespaces)
        let generation = loader.generation
        let task = Task { [weak self] in
            do {
                if !now { try await clock.sleep(for: Self.searchPause) }
                let found = try await worker.searchShows(query: text)
                guard let self, !Task.isCancelled, self.loader.isCurrent(generation) else { return }
                self.searchTask = nil
                self.searchingKey = nil
                self.searchCache[key] = found ?? []
                if Self.searchKey(self.query) == key {
                    self.hitsKey = key
                    self.hits = found ?? []
                }
                self.present()
            } catch is CancellationError {
                return
            } catch {
                guard let self, !Task.isCancelled, self.loader.isCurrent(generation) else { return }
                self.searchTask = nil
                self.searchingKey = nil
                self.searchError = (error as? SourceError) ?? .unreachable(provider: self.source?.provider ?? .unnamed("source"), reason: "the search failed")
                self.present()
            }
        }
        searchTask = task
        return task
    }

    /// Offline: the kept shows that match the filter, best first, as the hits. The kept shows
    /// are read once, on the first search, off the main actor; every later keystroke matches
    /// them in memory.
    /// - Returns: the reading's task while the kept shows are read, else nil.
    private func searchKept(key: String) -> Task<Void, Never>? {
        guard let kept else {
            if let keptTask { return keptTask }
            guard let keptSource else { return nil }
            let task = Task { [weak self] in
                let loaded = await Task.detached(priority: .utility) { () -> (shows: [TVShow], names: NameFilter) in
                    let shows = await keptSource.keptShows()
                    return (shows, NameFilter(namesOf: shows))
                }.value
                guard let self else { return }
                self.kept = loaded
                self.keptTask = nil
                let key = Self.searchKey(self.query)
                if !key.isEmpty, self.source != nil, self.source?.isFromNetwork != true {
                    _ = self.searchKept(key: key)
                    self.present()
                }
            }
            keptTask = task
            return task
        }
        let found = kept.names.tiers(foldedQuery)
        var keys: [Int?] = []
        keys.reserveCapacity(found.ranked.count)
        var k = 0
        for i in found.ranked.indices {
            k = found.ends.isEmpty ? 0 : found.key(at: i, from: k)
            keys.append(k)
        }
        hits = found.ranked.map { kept.shows[$0] }
        hitKeys = keys
        hitKeysQuery = foldedQuery
        hitsKey = key
        return nil
    }

    private func cancelSearch() {
        searchTask?.cancel()
        searchTask = nil
        searchingKey = nil
        searchError = nil
        if query.trimming(.whitespaces).isEmpty {
            hits = []
            hitsKey = nil
        }
    }

    /// The rows on screen: the list's matches and the search hits ranked as one
    /// (`MatchTiers`), the hits being those of this very query, or those of an earlier one
    /// that the filter still matches; never a show of the list, and only those of the
    /// narrowing in force.
    func rankedRows() -> MatchTiers.Merged {
        MatchTiers.merge(list: matches, shows: shows, hits: shownHits(), precedes: precedes)
    }

    /// The search hits to rank among the matches, each with its rank key for the query.
    private func shownHits() -> [(key: Int?, show: TVShow)] {
        guard !foldedQuery.isEmpty, !hits.isEmpty else { return [] }
        var seen = Set<Int>()
        let current = hitsKey == Self.searchKey(query)
        let known = Set(shows.lazy.map(\.id))
        let keys = hitKeysQuery == foldedQuery && hitKeys.count == hits.count ? hitKeys : nil
        var out: [(key: Int?, show: TVShow)] = []
        for (i, hit) in hits.enumerated() {
            guard !known.contains(hit.id), isNarrowedTo(hit), seen.insert(hit.id).inserted else { continue }
            let key = keys.map { $0[i] } ?? MatchTiers.key(of: hit.name, query: foldedQuery)
            // An earlier query's hit stays only while its name matches the filter.
            guard current || key != nil else { continue }
            out.append((key, hit))
        }
        return out
    }

    func searchState(added: Int) -> PopularList.LoadShows.SearchState? {
        guard !foldedQuery.isEmpty, source != nil else { return nil }
        if source?.isFromNetwork != true {
            return keptSource != nil && hitsKey == Self.searchKey(query) ? .kept(added: added) : nil
        }
        let provider = source?.provider ?? .unnamed("source")
        if let searchError { return .failed(searchError) }
        if searchingKey != nil { return .searching(provider: provider) }
        if hitsKey != nil { return .done(provider: provider, added: added) }
        return nil
    }

    /// Keeps `matches` in step with `shows` and the query, ranked best first (`NameFilter.search`).
    /// A query that only grows narrows the previous matches instead of scanning every show again.
    func recomputeMatches(narrowing: Bool = false) {
        matches = names.tiers(foldedQuery, among: narrowing ? matchSet : nil) { sorted(narrowed($0)) }
        matchSet = matches.matches
    }

    /// The positions of shows of the chosen genre or network (all without a narrowing).
    private func narrowed(_ positions: [Int]) -> [Int] {
        narrowedTo == nil ? positions : positions.filter { isNarrowedTo(shows[$0]) }
    }

    /// Whether a show is of the chosen genre or network (every show without a narrowing).
    private func isNarrowedTo(_ show: TVShow) -> Bool {
        switch narrowedTo {
        case nil: return true
        case .genre(let genre)?: return show.genres.contains(genre)
        case .network(let name)?: return show.broadcaster?.name == name
        case .onMyServices?: return services?.carries(show) ?? false
        }
    }

    /// Whether one show goes before another in the chosen order (`sort`), as `sorted` puts
    /// the list's rows: used to rank a search hit among the rows it ties with.
    private func precedes(_ l: TVShow, _ r: TVShow) -> Bool {
        switch sort {
        case .popularity: return TVShow.ranksAbove(l, r)
        case .rating: return (l.rating ?? -1) > (r.rating ?? -1)
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

    /// Positions in the chosen order (`sort`); ties, and the popularity order, keep list order.
    /// Shows with no rating, premiere or name sort after those with one.
    private func sorted(_ positions: [Int]) -> [Int] {
        let shows = self.shows
        switch sort {
        case .popularity:
            return positions
        case .rating:
            return positions.sorted { a, b in
                let l = shows[a].rating ?? -1, r = shows[b].rating ?? -1
                return l != r ? l > r : a < b
            }
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
