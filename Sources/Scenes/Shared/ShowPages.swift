import Domain

/// The pages of a list of shows loaded so far, merged into one list in popularity order
/// without repeats, with the shows' names folded for the filter (`NameFilter`).
///
/// A page that arrives again (fresh after cached) replaces its earlier copy; a snapshot's
/// whole catalogue takes the place of its pages when those are its beginning.
struct ShowPages {
    /// The shows of every page, without repeats, in popularity order (`TVShow.ranksAbove`).
    private(set) var shows: [TVShow] = []
    /// The shows' names folded, in the order of `shows`; while `awaitsNames`, those of its
    /// first shows only (the pages' that the whole catalogue replaced).
    private(set) var names = NameFilter()
    /// True while a whole catalogue taken without its names waits for them (`takeNames`):
    /// fewer names than shows (a merge folds every name).
    var awaitsNames: Bool { names.count < shows.count }
    /// The pages by number.
    private var pages: [Int: PagedResult<TVShow>] = [:]

    /// Makes one with no pages.
    init() {}

    /// True when a page is loaded.
    func contains(page: Int) -> Bool { pages[page] != nil }

    /// Forgets every page.
    mutating func removeAll() {
        self = ShowPages()
    }

    /// Merges pages into the list (without repeats) and sorts it once.
    /// - Parameters:
    ///   - results: the pages that arrived.
    ///   - replacing: true to forget the pages loaded before them.
    mutating func merge(_ results: [PagedResult<TVShow>], replacing: Bool) {
        if replacing { pages = [:] }
        for page in results { pages[page.page] = page }
        var merged: [TVShow] = []
        var known = Set<Int>()
        for (_, page) in pages.sorted(by: { $0.key < $1.key }) {
            for show in page.items where known.insert(show.id).inserted { merged.append(show) }
        }
        merged.sort(by: TVShow.ranksAbove)
        shows = merged
        names = NameFilter(namesOf: merged)
    }

    /// Takes a whole catalogue, already in popularity order, in place of the loaded pages when
    /// those are its beginning (as pages of the same snapshot are); else merges it as a page.
    /// - Parameters:
    ///   - whole: the catalogue.
    ///   - names: its names folded, made off the main actor; nil while they are being folded:
    ///     the pages' names, its first shows', stay until `takeNames`.
    /// - Returns: true when it took the pages' place.
    mutating func takeWhole(_ whole: PagedResult<TVShow>, names: NameFilter?) -> Bool {
        guard whole.items.count >= shows.count, zip(shows, whole.items).allSatisfy({ $0.id == $1.id }) else {
            merge([whole], replacing: false)
            return false
        }
        pages = [whole.page: whole]
        shows = whole.items
        if let names { self.names = names }
        return true
    }

    /// Takes the names of the whole catalogue taken without them.
    /// - Parameter names: its names folded, in its order.
    /// - Returns: false, with nothing changed, when no catalogue waits for names or these are
    ///   not as many as its shows.
    mutating func takeNames(_ names: NameFilter) -> Bool {
        guard awaitsNames, names.count == shows.count else { return false }
        self.names = names
        return true
    }

    /// What the pages say of the list once `last` has landed: the last page loaded and whether
    /// more follow it, the source the status bar names, and how the list was made.
    func summary(landed last: PagedResult<TVShow>) -> (lastPage: Int, hasMore: Bool, source: DataSource, basis: ListBasis?) {
        let lastPage = pages.keys.max() ?? last.page
        return (
            lastPage, pages[lastPage]?.hasMore ?? last.hasMore,
            Self.shownSource(of: pages.values.map(\.source)) ?? last.source, pages[0]?.basis ?? last.basis
        )
    }

    /// The source the status bar names for a list of pages: the oldest cached copy when any
    /// page is one (the list is only as fresh as its stalest page), else the pages' source.
    static func shownSource(of sources: [DataSource]) -> DataSource? {
        var oldest: DataSource?
        var oldestTime = Int64.max
        for case .cache(let provider, let savedAt) in sources where savedAt < oldestTime {
            oldest = .cache(provider: provider, savedAt: savedAt)
            oldestTime = savedAt
        }
        return oldest ?? sources.first
    }
}
