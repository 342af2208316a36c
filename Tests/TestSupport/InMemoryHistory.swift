import Domain
import Synchronization

/// A store of favourites, watched marks, ratings and show settings in memory, for import tests:
/// `HistoryImporting` with the same "already present" rules as the real store, counting its
/// transactions.
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
            // A show's or an episode's rating and settings given replace what is held, as the
            // real store does (the plan gives only what the store lacks).
            for show in additions.shows {
                if let index = s.history.shows.firstIndex(where: { $0.show.identity == show.show.identity }) {
                    if show.rating != nil { (s.history.shows[index].rating, s.history.shows[index].ratedAt) = (show.rating, show.ratedAt) }
                    if show.settings != .standard { s.history.shows[index].settings = show.settings }
                } else {
                    s.history.shows.append(show)
                }
            }
            for rating in additions.rated {
                if let index = s.history.marks.firstIndex(where: { $0.key == rating.key }) {
                    (s.history.marks[index].rating, s.history.marks[index].ratedAt) = (rating.rating, rating.ratedAt)
                } else if let index = s.history.rated.firstIndex(where: { $0.key == rating.key }) {
                    s.history.rated[index] = rating
                } else {
                    s.history.rated.append(rating)
                }
            }
            s.transactions += 1
        }
    }
}
