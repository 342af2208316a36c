import Dispatch
import Domain

/// The watched episodes for the scenes and commands: `WatchedStore` on the app's data folder,
/// its SQLite calls on a serial queue of its own (off the main actor).
///
/// The database is opened on the first call. When it cannot be (a newer release's file, left
/// untouched; a folder that cannot be written), marks are kept in an in-memory database and
/// every answer's notice says why, naming the path. When a change cannot be saved (disk full,
/// a lock held past the busy timeout), the marks so far and the change move to memory the
/// same way, so the person's marks are not lost for the rest of the run.
public final class WatchedWorker: WatchedWorking, @unchecked Sendable {
    // Touched only on `queue`.
    private let queue = DispatchQueue(label: "discover.watched")
    private let makeStore: @Sendable () throws(WatchedStoreError) -> WatchedStore
    private var store: WatchedStore?
    /// The notice every answer carries (damaged file moved aside, in memory only), or nil.
    private var notice: String?
    private var inMemoryOnly = false

    /// Makes a worker on a store made on first use.
    /// - Parameter makeStore: makes the store (for tests, a folder of their own).
    public init(makeStore: @escaping @Sendable () throws(WatchedStoreError) -> WatchedStore) {
        self.makeStore = makeStore
    }

    /// Makes a worker on the app's data folder (`$XDG_DATA_HOME/discover-tui/watched.sqlite3`).
    /// - Parameter environment: the environment (`XDG_DATA_HOME`, `HOME`).
    public convenience init(environment: [String: String]) {
        self.init { () throws(WatchedStoreError) in try WatchedStore.standard(environment: environment) }
    }

    /// Makes a worker on a folder (which must exist).
    /// - Parameter directory: the folder.
    public convenience init(directory: String) {
        self.init { () throws(WatchedStoreError) in try WatchedStore(directory: directory) }
    }

    /// Marks episodes watched in one transaction.
    /// - Parameter marks: the marks.
    /// - Returns: every mark of the shows concerned.
    public func add(_ marks: [WatchedMark]) async -> WatchedAnswer<[WatchedMark]> {
        await change(shows: Set(marks.map(\.key.show))) { store throws(WatchedStoreError) in try store.add(marks) }
    }

    /// Marks episodes unwatched in one transaction.
    /// - Parameter episodes: the episodes.
    /// - Returns: every mark of the shows concerned.
    public func remove(_ episodes: [WatchedEpisodeKey]) async -> WatchedAnswer<[WatchedMark]> {
        await change(shows: Set(episodes.map(\.show))) { store throws(WatchedStoreError) in try store.remove(episodes) }
    }

    /// The marks of one show.
    /// - Parameter show: the show.
    public func marks(of show: WatchedShowID) async -> WatchedAnswer<[WatchedMark]> {
        await read([]) { store throws(WatchedStoreError) in try store.marks(of: show) }
    }

    /// Every mark.
    public func allMarks() async -> WatchedAnswer<[WatchedMark]> {
        await read([]) { store throws(WatchedStoreError) in try store.allMarks() }
    }

    /// The started shows, most recently marked first.
    public func startedShows() async -> WatchedAnswer<[WatchedShowSummary]> {
        await read([]) { store throws(WatchedStoreError) in try store.startedShows() }
    }

    /// Counts one more play of each episode in one transaction.
    /// - Parameter marks: the episodes and each play's time.
    /// - Returns: every mark of the shows concerned.
    public func addPlays(_ marks: [WatchedMark]) async -> WatchedAnswer<[WatchedMark]> {
        await change(shows: Set(marks.map(\.key.show))) { store throws(WatchedStoreError) in try store.addPlays(marks) }
    }

    /// Takes one play back from each episode in one transaction.
    /// - Parameter episodes: the episodes.
    /// - Returns: every mark of the shows concerned.
    public func removePlays(_ episodes: [WatchedEpisodeKey]) async -> WatchedAnswer<[WatchedMark]> {
        await change(shows: Set(episodes.map(\.show))) { store throws(WatchedStoreError) in try store.removePlays(episodes) }
    }

    /// Rates an episode or clears its rating.
    /// - Returns: the show's record after the change.
    public func rate(_ episode: WatchedEpisodeKey, showName: String, rating: UserRating?, at: Int) async -> WatchedAnswer<ShowWatchRecord> {
        await changeRecord(episode.show) { store throws(WatchedStoreError) in try store.rate(episode, showName: showName, rating: rating, at: at) }
    }

    /// Rates a show or clears its rating.
    /// - Returns: the show's record after the change.
    public func rateShow(_ show: WatchedShowID, name: String, rating: UserRating?, at: Int) async -> WatchedAnswer<ShowWatchRecord> {
        await changeRecord(show) { store throws(WatchedStoreError) in try store.rateShow(show, name: name, rating: rating, at: at) }
    }

    /// Changes how a show's progress is counted.
    /// - Returns: the show's record after the change.
    public func setSettings(_ show: WatchedShowID, name: String, settings: ShowWatchSettings) async -> WatchedAnswer<ShowWatchRecord> {
        await changeRecord(show) { store throws(WatchedStoreError) in try store.setSettings(show, name: name, settings: settings) }
    }

    /// Everything kept of one show.
    /// - Parameter show: the show.
    public func record(of show: WatchedShowID) async -> WatchedAnswer<ShowWatchRecord> {
        await read(ShowWatchRecord()) { store throws(WatchedStoreError) in try store.record(of: show) }
    }

    /// Every rating.
    public func allRatings() async -> WatchedAnswer<UserRatings> {
        await read(UserRatings()) { store throws(WatchedStoreError) in try store.allRatings() }
    }

    // MARK: On the queue

    private func onQueue<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: body()) }
        }
    }

    /// The store, opened when first needed, or an in-memory one when it cannot be. Call on `queue`.
    private func currentStore() -> WatchedStore? {
        if let store { return store }
        do {
            let opened = try makeStore()
            store = opened
            notice = opened.notice
            return opened
        } catch {
            return moveToMemory(copying: nil, because: error)
        }
    }

    private func moveToMemory(copying old: WatchedStore?, because error: WatchedStoreError) -> WatchedStore? {
        inMemoryOnly = true
        notice = "Watched episodes kept in memory only: " + error.line
        guard let memory = try? WatchedStore.inMemory() else { store = nil; return nil }
        if let old {
            if let marks = try? old.allMarks() { try? memory.add(marks) }
            if let ratings = try? old.allRatings() {
                try? memory.addRatings(ratings.episodes)
                for show in ratings.shows { try? memory.rateShow(show.show, name: show.name, rating: show.rating, at: show.ratedAt) }
            }
            for set in (try? old.allSettings()) ?? [] { try? memory.setSettings(set.show, name: set.name, settings: set.settings) }
        }
        store = memory
        return memory
    }

    private static func storeError(_ error: any Error) -> WatchedStoreError {
        (error as? WatchedStoreError) ?? .unusable(path: WatchedStore.fileName, reason: String(describing: error))
    }

    private static func line(_ error: any Error) -> String { storeError(error).line }

    private func answer<T>(_ value: T) -> WatchedAnswer<T> {
        WatchedAnswer(value: value, notice: notice, isInMemoryOnly: inMemoryOnly)
    }

    private func read<T: Sendable>(_ empty: T, _ body: @escaping @Sendable (WatchedStore) throws -> T) async -> WatchedAnswer<T> {
        await onQueue {
            guard let store = self.currentStore() else { return self.answer(empty) }
            do {
                return self.answer(try body(store))
            } catch {
                return WatchedAnswer(value: empty, notice: Self.line(error), isInMemoryOnly: self.inMemoryOnly)
            }
        }
    }

    private func changeRecord(_ show: WatchedShowID, _ body: @escaping @Sendable (WatchedStore) throws -> Void) async -> WatchedAnswer<ShowWatchRecord> {
        await onQueue {
            guard var store = self.currentStore() else { return self.answer(ShowWatchRecord()) }
            do {
                try body(store)
            } catch {
                guard let memory = self.moveToMemory(copying: store, because: Self.storeError(error)) else { return self.answer(ShowWatchRecord()) }
                store = memory
                try? body(memory)
            }
            return self.answer((try? store.record(of: show)) ?? ShowWatchRecord())
        }
    }

    private func change(shows: Set<WatchedShowID>, _ body: @escaping @Sendable (WatchedStore) throws -> Void) async -> WatchedAnswer<[WatchedMark]> {
        await onQueue {
            guard var store = self.currentStore() else { return self.answer([]) }
            do {
                try body(store)
            } catch {
                guard let memory = self.moveToMemory(copying: store, because: Self.storeError(error)) else { return self.answer([]) }
                store = memory
                try? body(memory)
            }
            var marks: [WatchedMark] = []
            for show in shows.sorted() { marks += (try? store.marks(of: show)) ?? [] }
            return self.answer(marks)
        }
    }
}
