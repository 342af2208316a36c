import Domain
import FoundationEssentials

/// The filter, its ordering and narrowing, and the provider's search for it (a live source)
/// or the kept shows' (offline).
extension PopularListInteractor {
    @discardableResult
    package func filterShows(request: PopularList.FilterShows.Request) -> Task<Void, Never> {
        let folded = ShowFilter.fold(request.query)
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
        let choices = ordered(genres).map { (choice: PopularList.Narrow.Choice.genre($0.0), count: $0.1) }
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
        String(decoding: ShowFilter.fold(query.trimming(.whitespaces)), as: UTF8.self)
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
                self.searchError = (error as? SourceError) ?? .unreachable(provider: self.source?.provider ?? "source", reason: "the search failed")
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
                let loaded = await Task.detached(priority: .utility) { () -> (shows: [TVShow], names: ShowFilter) in
                    let shows = await keptSource.keptShows()
                    return (shows, ShowFilter(namesOf: shows))
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
        let positions = kept.names.search(foldedQuery).ranked
        hits = positions.map { kept.shows[$0] }
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

    /// The search hits to list below the matches: those of this very query in the provider's
    /// order, or those of an earlier one that the filter still matches; never a listed show.
    func shownHits() -> [TVShow] {
        guard !foldedQuery.isEmpty, !hits.isEmpty else { return [] }
        let listed = Set(matches.lazy.map { self.shows[$0].id })
        var seen = Set<Int>()
        let current = hitsKey == Self.searchKey(query)
        let known = Set(shows.lazy.map(\.id))
        return hits.filter { hit in
            guard !listed.contains(hit.id), !known.contains(hit.id), seen.insert(hit.id).inserted else { return false }
            return current || ShowFilter.score(name: ShowFilter.fold(hit.name), query: foldedQuery) != nil
        }
    }

    func searchState(added: Int) -> PopularList.LoadShows.SearchState? {
        guard !foldedQuery.isEmpty, source != nil else { return nil }
        if source?.isFromNetwork != true {
            return keptSource != nil && hitsKey == Self.searchKey(query) ? .kept(added: added) : nil
        }
        let provider = source?.provider ?? "source"
        if let searchError { return .failed(searchError) }
        if searchingKey != nil { return .searching(provider: provider) }
        if hitsKey != nil { return .done(provider: provider, added: added) }
        return nil
    }

    /// Keeps `matches` in step with `shows` and the query, ranked best first (`ShowFilter.search`).
    /// A query that only grows narrows the previous matches instead of scanning every show again.
    func recomputeMatches(narrowing: Bool = false) {
        (matchSet, matches) = names.search(foldedQuery, among: narrowing ? matchSet : nil) { sorted(narrowed($0)) }
    }

    /// The positions of shows of the chosen genre or network (all without a narrowing).
    private func narrowed(_ positions: [Int]) -> [Int] {
        switch narrowedTo {
        case nil: return positions
        case .genre(let genre)?: return positions.filter { shows[$0].genres.contains(genre) }
        case .network(let name)?: return positions.filter { shows[$0].broadcaster?.name == name }
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
