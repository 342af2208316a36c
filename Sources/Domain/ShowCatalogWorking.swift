/// A source of shows that holds its whole catalogue (a snapshot) and can hand it over at once,
/// so that a filter searches every show without asking for the pages one by one.
public protocol ShowCatalogWorking: TVShowsWorking {
    /// Every show of the catalogue, in popularity order (`TVShow.ranksAbove`), as one result
    /// whose `page` is the last page `popularShows(page:)` would serve and `hasMore` is false.
    /// - Returns: the whole catalogue, or nil when the source holds none (a live source).
    /// - Throws: `SourceError` when the catalogue cannot be loaded.
    func wholeCatalog() async throws -> PagedResult<TVShow>?
}
