import Domain
import FoundationEssentials

/// The filter, its ordering and narrowing, and the provider's search for it (a live source)
/// or the kept shows' (offline).
extension PopularListInteractor {
    @discardableResult
    package func filterShows(request: PopularList.FilterShows.Request) -> Task<Void, Never> {
        let narrowing = filter.setQuery(request.query)
        if source == nil { searchWhenLoaded = !filter.foldedQuery.isEmpty } // searched once the first page lands
        // Taking the whole catalogue matches it against the query already.
        let took = !filter.foldedQuery.isEmpty && takePreparedCatalog()
        if !took { recomputeMatches(narrowing: narrowing) }
        let search = self.search.schedule(worker: worker, now: false)
        present()
        let rest = filter.foldedQuery.isEmpty ? nil : loadRemainingSnapshotPages()
        // A whole catalogue whose names are still being folded is matched once they are.
        let names = filter.foldedQuery.isEmpty || !pages.awaitsNames ? nil : catalogue.preparing
        return effects.track(.all([search, rest, names]))
    }

    @discardableResult
    package func searchCatalogue(request: PopularList.SearchCatalogue.Request) -> Task<Void, Never> {
        // Before the first page the source is unknown: the search goes once it is.
        if source == nil { searchWhenLoaded = true }
        let search = self.search.schedule(worker: worker, now: true)
        present()
        return effects.track(search ?? .nothing)
    }

    package func listNarrowChoices(request: PopularList.Narrow.ChoicesRequest) {
        presenter?.presentNarrowChoices(response: .init(choices: filter.narrowChoices(of: shows), current: filter.narrowedTo))
    }

    package func narrow(request: PopularList.Narrow.Request) {
        filter.narrow(to: request.choice)
        recomputeMatches()
        present()
    }

    package func cycleSort(request: PopularList.CycleSort.Request) {
        setSort(request: .init(order: filter.sort.next))
    }

    package func setSort(request: PopularList.SetSort.Request) {
        filter.setSort(request.order)
        recomputeMatches()
        present()
    }

    /// The rows on screen: the list's matches and the search hits ranked as one
    /// (`MatchTiers`), the hits being those of this very query, or those of an earlier one
    /// that the filter still matches; never a show of the list, and only those of the
    /// narrowing in force.
    func rankedRows() -> MatchTiers.Merged {
        let filter = self.filter
        let hits = search.shownHits(query: filter.query, foldedQuery: filter.foldedQuery, list: shows, admits: filter.admits)
        return MatchTiers.merge(list: filter.matches, shows: shows, hits: hits, precedes: filter.precedes)
    }

    /// Keeps the filter's matches in step with `shows` and the query, ranked best first
    /// (`NameFilter.search`). A query that only grows narrows the previous matches instead of
    /// scanning every show again.
    func recomputeMatches(narrowing: Bool = false) {
        filter.match(shows, names: pages.names, narrowing: narrowing)
    }
}
