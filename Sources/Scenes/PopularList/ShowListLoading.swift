import Domain

/// Where the shows list's loading stands: the first page or a further one loading, the last
/// failure, the pages refreshing, a next page wished for meanwhile, and the two moments
/// presented once (the rest of a snapshot arrived after End; its whole catalogue took the
/// place of its pages). A value the `PopularListInteractor` holds; `PageLoader` keeps the
/// loads themselves.
struct ShowListLoading {
    /// True while the first page (or a reload) is loading.
    var isLoading = false
    /// True while a further page is loading.
    var isLoadingMore = false
    /// The last failure; nil when the last request did not fail.
    var error: SourceError?
    /// Why each live source was given up, as page 0's answer said; empty otherwise.
    private(set) var fallback: [SourceError] = []
    /// True when a next page was asked for while one loaded: it is asked when that one lands.
    var wantsNextPage = false
    /// True from `LoadRest` until the whole snapshot is loaded (or a load fails or restarts).
    var selectLastWhenLoaded = false
    /// True from a snapshot's whole catalogue taking the place of its pages until presented.
    var tookWhole = false
    /// The pages on screen as a cached copy whose fresh copy is being fetched.
    private var refreshingPages: Set<Int> = []

    /// Makes one with nothing loading.
    init() {}

    /// True while a cached page is on screen and its fresh copy is being fetched.
    var isRefreshing: Bool { !refreshingPages.isEmpty }

    /// The list loads again from its first page.
    /// - Parameter clearingFallback: true for another list (its sources have said nothing yet).
    mutating func restart(clearingFallback: Bool = false) {
        if clearingFallback { fallback = [] }
        error = nil
        isLoadingMore = false
        isLoading = true
    }

    /// A further page starts loading.
    mutating func startNextPage() {
        wantsNextPage = false
        isLoadingMore = true
        error = nil
    }

    /// Every load stopped: no wish, no refresh, and End's selection is forgotten.
    mutating func stop() {
        selectLastWhenLoaded = false
        wantsNextPage = false
        refreshingPages = []
    }

    /// A page's answer arrived: a cached copy is refreshing until its fresh copy comes.
    /// - Parameters:
    ///   - result: the page.
    ///   - fallback: why live sources were given up (page 0 only).
    mutating func received(_ result: PagedResult<TVShow>, fallback: [SourceError]) {
        if result.page == 0 { self.fallback = fallback }
        if case .cache = result.source {
            refreshingPages.insert(result.page)
        } else {
            refreshingPages.remove(result.page)
        }
    }

    /// A page's answers are over.
    mutating func ended(page: Int) {
        refreshingPages.remove(page)
    }

    /// Pages were merged into the list: nothing loads.
    mutating func landed() {
        isLoading = false
        isLoadingMore = false
    }

    /// A page failed: nothing loads, no wish is kept, End's selection is forgotten.
    mutating func failed(page: Int, _ error: SourceError) {
        refreshingPages.remove(page)
        wantsNextPage = false
        selectLastWhenLoaded = false
        landed()
        self.error = error
    }

    /// The moments to present once, now forgotten: whether End's selection goes to the last
    /// show (the rest has arrived: no more pages), and whether the whole catalogue took the
    /// pages' place.
    /// - Parameter hasMore: whether more pages exist.
    mutating func takeMoments(hasMore: Bool) -> (selectLast: Bool, tookWhole: Bool) {
        let selectLast = selectLastWhenLoaded && !hasMore
        if selectLast { selectLastWhenLoaded = false }
        defer { tookWhole = false }
        return (selectLast, tookWhole)
    }
}
