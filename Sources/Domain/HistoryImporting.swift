/// What an import needs of the store of favourites and watched episodes: what is there, and a
/// way to add several at once.
///
/// A favourite is present when a favourite with the same `ProviderIDs.identity` is; a mark
/// when a mark with the same `HistoryMark.key` is. Implementations are the watched-episodes
/// store (and, in tests, an in-memory one).
public protocol HistoryImporting: Sendable {
    /// The favourites and marks stored now.
    /// - Returns: the history.
    /// - Throws: an error whose description names the store's file and says why it cannot be read.
    func storedHistory() throws -> WatchHistory
    /// Adds favourites and marks in one transaction: all of them or, when it throws, none.
    /// Ones already present are left as they are.
    /// - Parameter additions: the favourites and marks to add.
    /// - Throws: an error whose description names the store's file and says why nothing was written.
    func add(_ additions: WatchHistory) throws
}
