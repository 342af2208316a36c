import Domain

/// What the shows filter searches offline beyond the list on screen: every show of the
/// snapshot (its "All shows", when the list is the recorded week's popular shows), then the
/// shows kept from earlier live answers, one per id. Offline, `/Game of Thrones` on the
/// popular list thus finds the show as it would online through the provider's search.
struct OfflineShowSearch: KeptShowsSearching {
    /// The snapshot's whole catalogue, or nil when the list on screen already is it.
    let catalogue: (any ShowCatalogWorking)?
    /// The shows kept in the response cache, or nil without a cache (`--no-cache`).
    let kept: (any KeptShowsSearching)?

    /// The snapshot's shows in its order, then the kept shows it lacks. A catalogue that
    /// cannot be read adds nothing (the list on screen says what failed).
    func keptShows() async -> [TVShow] {
        var shows: [TVShow] = []
        if let catalogue, let whole = try? await catalogue.wholeCatalog() { shows = whole.items }
        var seen = Set(shows.lazy.map(\.id))
        for show in await kept?.keptShows() ?? [] where seen.insert(show.id).inserted {
            shows.append(show)
        }
        return shows
    }
}
