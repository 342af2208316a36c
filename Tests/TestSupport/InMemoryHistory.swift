import Domain
import Synchronization

/// A store of favourites and watched marks in memory, for import tests: `HistoryImporting`
/// with the same "already present" rules as the real store, counting its transactions.
public final class InMemoryHistory: HistoryImporting {
    private let state: Mutex<(history: WatchHistory, transactions: Int)>

    /// Makes a store holding `history`.
    public init(_ history: WatchHistory = WatchHistory()) {
        state = Mutex((history, 0))
    }

    /// The history now.
    public func storedHistory() throws -> WatchHistory { state.withLock { $0.history } }

    /// How many times `add` was called.
    public var transactions: Int { state.withLock { $0.transactions } }

    /// Adds what is not present yet, all at once.
    public func add(_ additions: WatchHistory) throws {
        state.withLock { s in
            let favourites = Set(s.history.favourites.compactMap(\.show.identity))
            let marks = Set(s.history.marks.compactMap(\.key))
            s.history.favourites += additions.favourites.filter { $0.show.identity.map { !favourites.contains($0) } ?? false }
            s.history.marks += additions.marks.filter { $0.key.map { !marks.contains($0) } ?? false }
            s.transactions += 1
        }
    }
}
