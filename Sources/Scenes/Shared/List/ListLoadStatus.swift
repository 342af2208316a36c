import Domain

/// Where a paged list's loading stands (the shows' and the places' alike), and the one rule of
/// whether its next page may be asked for.
package struct ListLoadStatus: Sendable, Equatable {
    /// True while the first page (or a reload, a new search) is loading.
    package var isLoading: Bool
    /// True while a further page is loading.
    package var isLoadingMore: Bool
    /// True when a further page may exist.
    package var hasMore: Bool
    /// The last failure, if the last request failed.
    package var error: SourceError?
    /// Seconds left before a rate-limited request goes again by itself; nil when none waits.
    package var retryInSeconds: Int?
    /// True when `error` is a failed refresh of a page whose earlier copy is on screen.
    package var errorKeptCopy: Bool

    /// Makes a status.
    /// - Parameters:
    ///   - isLoading: the first page (or a reload) is loading.
    ///   - isLoadingMore: a further page is loading.
    ///   - hasMore: a further page may exist.
    ///   - error: the last failure.
    ///   - retryInSeconds: a rate limit's seconds left, or nil.
    ///   - errorKeptCopy: the failure left an earlier copy on screen.
    package init(isLoading: Bool, isLoadingMore: Bool, hasMore: Bool, error: SourceError?, retryInSeconds: Int?, errorKeptCopy: Bool = false) {
        self.isLoading = isLoading
        self.isLoadingMore = isLoadingMore
        self.hasMore = hasMore
        self.error = error
        self.retryInSeconds = retryInSeconds
        self.errorKeptCopy = errorKeptCopy
    }

    /// Whether nearing the list's end asks for the next page: more exist, nothing loads, no
    /// countdown waits, and no failure is shown but one that kept the copy on screen (the
    /// failed page is asked again with `r`, or by the countdown).
    package var canLoadMore: Bool {
        hasMore && !isLoading && !isLoadingMore && retryInSeconds == nil && (error == nil || errorKeptCopy)
    }
}
