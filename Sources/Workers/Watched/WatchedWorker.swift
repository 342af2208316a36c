import Dispatch
import Domain
import Synchronization

/// The watched episodes for the scenes and commands: `WatchedStore` on the app's data folder,
/// its SQLite calls on a serial queue of its own (off the main actor).
///
/// The database is opened on the first call. When it cannot be (a newer release's file, left
/// untouched; a folder that cannot be written), marks are kept in an in-memory database and
/// every answer's notice says why, naming the path. When a change cannot be saved (disk full,
/// a read-only file system), the marks so far and the change move to memory the same way, so
/// the person's marks are not lost for the rest of the run.
///
/// When another copy holds the write lock past the store's 5 s, the change is kept, in order
/// with any later ones, over a copy in memory of what the file holds (the answers' marks), and
/// every answer says it waits; the changes are saved, in order, as soon as the lock frees: tried
/// again at each call and every half second (each try waits at most 100 ms, on the worker's
/// queue), and by `finishSaving(within:)` when the app quits. A file made again after it was
/// deleted or replaced is said once, in the next answer.
public final class WatchedWorker: WatchedWorking, @unchecked Sendable {
    /// A change, as it is run on a store (the file's, or the copy in memory while it waits).
    private typealias Change = @Sendable (WatchedStore) throws -> Void

    /// How long a try of the waiting changes waits for another copy's lock, in milliseconds.
    static let retryWaitMilliseconds = 100
    /// How often the waiting changes are tried without a call, in milliseconds.
    static let retryIntervalMilliseconds = 500

    // Touched only on `queue`.
    private let queue = DispatchQueue(label: "discover.watched")
    private let makeStore: @Sendable () throws(WatchedStoreError) -> WatchedStore
    private var store: WatchedStore?
    /// The notice every answer carries (damaged file moved aside, in memory only), or nil.
    private var notice: String?
    private var inMemoryOnly = false
    /// Changes not saved because another copy held the lock, in the order asked.
    private var pending: [Change] = []
    /// While changes wait: what the file held with them applied, which answers are read from.
    private var shadow: WatchedStore?
    /// The path of the file the changes wait for.
    private var waitingPath = WatchedStore.fileName
    /// Said once, with the next answer (the file made again).
    private var onceNotice: String?
    private var retryTimer: DispatchSourceTimer?

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

    /// Every mark for counting plays; see `WatchedStore.marksForCounting()`.
    public func marksForCounting() async -> WatchedAnswer<[WatchedMark]> {
        await read([]) { store throws(WatchedStoreError) in try store.marksForCounting() }
    }

    /// What the store answers are read from holds now; nil before the store is first opened
    /// (asking does not open it, so it never makes a database file) or when it cannot be read.
    public func stamp() async -> WatchedStamp? {
        // Not through `read`: a notice waiting for the next answer is kept for it.
        await onQueue {
            guard self.store != nil || self.shadow != nil else { return nil }
            return try? self.readable()?.stamp()
        }
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

    // MARK: Quitting

    /// Saves the changes that wait for another copy's lock, waiting for it at most `seconds`.
    /// Blocks the calling thread (the app calls it as it quits).
    /// - Parameter seconds: the longest wait, in seconds.
    /// - Returns: nil when nothing waits; else one line saying how many changes are not saved,
    ///   why and the path.
    public func finishSaving(within seconds: Double) -> String? {
        let deadline = MonotonicDeadline.after(milliseconds: Int(seconds * 1000))
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<String?>(nil)
        queue.async {
            // The time that is left, less a margin to report in.
            if self.shadow != nil { self.retryPending(waitMilliseconds: deadline.remainingMilliseconds - 100) }
            let line = self.unsavedLine()
            outcome.withLock { $0 = line }
            done.signal()
        }
        guard done.wait(timeout: .now() + .milliseconds(max(0, deadline.remainingMilliseconds))) == .success else {
            return "watched changes may not be saved: still writing after \(DecimalText.fixed(seconds, decimals: 1)) s (\(WatchedStore.fileName))"
        }
        return outcome.withLock { $0 }
    }

    deinit { retryTimer?.cancel() }

    // MARK: On the queue

    /// Opens the store on the worker's queue ahead of its first use, at a low priority, so that
    /// the first screen that reads it (Continue, Stats, a guide) does not wait for the file's
    /// checks. Nothing is opened when `exists` answers false: opening must not make a database.
    /// - Parameter exists: whether the database file is there (asked on the queue).
    public func openAhead(when exists: @escaping @Sendable () -> Bool) {
        queue.async(qos: .utility) {
            if exists() { _ = self.currentStore() }
        }
    }

    private func onQueue<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: body()) }
        }
    }

    /// The store, opened when first needed, or an in-memory one when it cannot be; nil while
    /// another copy's lock keeps it from opening (changes then wait). Call on `queue`.
    private func currentStore() -> WatchedStore? {
        if let store { return store }
        do {
            let opened = try makeStore()
            store = opened
            notice = opened.notice
            return opened
        } catch .busy(let path) {
            beginWaiting(copying: nil, path: path)
            return nil
        } catch {
            return moveToMemory(copying: nil, because: error)
        }
    }

    /// The store answers are read from: the copy in memory while changes wait (after trying to
    /// save them), else the store.
    private func readable() -> WatchedStore? {
        retryPending(waitMilliseconds: Self.retryWaitMilliseconds)
        return shadow ?? currentStore()
    }

    /// Runs a change on the file, or keeps it waiting behind the ones before it.
    /// - Returns: the store holding it, to answer from.
    private func apply(_ body: @escaping Change) -> WatchedStore? {
        retryPending(waitMilliseconds: Self.retryWaitMilliseconds)
        if shadow == nil, let store = currentStore() {
            do {
                try body(store)
                takeLaterNotice(store)
                return store
            } catch {
                let failure = Self.storeError(error)
                guard case .busy(let path) = failure, !inMemoryOnly else {
                    guard let memory = moveToMemory(copying: store, because: failure) else { return nil }
                    try? body(memory)
                    return memory
                }
                beginWaiting(copying: store, path: path)
            }
        }
        guard let shadow else { return nil }
        pending.append(body)
        try? body(shadow)
        return shadow
    }

    /// Starts keeping changes in memory over a copy of what the file holds (read while another
    /// copy writes: a reader never waits for a writer) until the lock frees.
    private func beginWaiting(copying file: WatchedStore?, path: String) {
        waitingPath = path
        guard shadow == nil, let memory = try? WatchedStore.inMemory() else { return }
        if let file { try? file.copyEverything(into: memory) }
        shadow = memory
        guard retryTimer == nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let interval = DispatchTimeInterval.milliseconds(Self.retryIntervalMilliseconds)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in self?.retryPending(waitMilliseconds: Self.retryWaitMilliseconds) }
        timer.resume()
        retryTimer = timer
    }

    /// Saves the waiting changes in order, each waiting at most `waitMilliseconds` for the
    /// lock; stops at the first still behind it. A lasting failure (disk full, read-only) moves
    /// the run to memory with them.
    private func retryPending(waitMilliseconds: Int) {
        guard shadow != nil else { return }
        let file: WatchedStore
        if let store {
            file = store
        } else {
            do {
                file = try makeStore()
            } catch .busy {
                return
            } catch {
                _ = moveToMemory(copying: nil, because: error)
                return
            }
            store = file
            notice = file.notice
        }
        file.waitMilliseconds = max(0, waitMilliseconds)
        defer { file.waitMilliseconds = Int(WatchedStore.busyMilliseconds) }
        while let first = pending.first {
            do {
                try first(file)
                pending.removeFirst()
                takeLaterNotice(file)
            } catch {
                let failure = Self.storeError(error)
                if case .busy = failure { return }
                _ = moveToMemory(copying: nil, because: failure)
                return
            }
        }
        shadow = nil
        retryTimer?.cancel()
        retryTimer = nil
    }

    /// Keeps the rest of the run in memory: the copy changes waited in when there is one
    /// (it holds them all), else a copy of `old`'s rows.
    private func moveToMemory(copying old: WatchedStore?, because error: WatchedStoreError) -> WatchedStore? {
        inMemoryOnly = true
        notice = "Watched episodes kept in memory only: " + error.line
        retryTimer?.cancel()
        retryTimer = nil
        pending = []
        if let shadow {
            self.shadow = nil
            store = shadow
            return shadow
        }
        guard let memory = try? WatchedStore.inMemory() else { store = nil; return nil }
        if let old { try? old.copyEverything(into: memory) }
        store = memory
        return memory
    }

    private func takeLaterNotice(_ store: WatchedStore) {
        guard let said = store.takeNotice() else { return }
        onceNotice = [onceNotice, said].compactMap { $0 }.joined(separator: "; ")
    }

    /// `the watch history is busy: …; 2 changes wait and will be saved when it is free (PATH)`.
    private func waitingLine() -> String? {
        guard shadow != nil else { return nil }
        guard !pending.isEmpty else { return WatchedStoreError.busy(path: waitingPath).line }
        let what = pending.count == 1 ? "1 change waits" : "\(pending.count) changes wait"
        return "the watch history is busy: another discover-tui is writing; \(what) and will be saved when it is free (\(waitingPath))"
    }

    /// `2 watched changes are not saved: the watch history is busy: … (PATH)`, or nil.
    private func unsavedLine() -> String? {
        guard shadow != nil, !pending.isEmpty else { return nil }
        let what = pending.count == 1 ? "1 watched change is" : "\(pending.count) watched changes are"
        return "\(what) not saved: the watch history is busy: another discover-tui is writing (\(waitingPath))"
    }

    private static func storeError(_ error: any Error) -> WatchedStoreError {
        WatchedStoreError.of(error, path: WatchedStore.fileName)
    }

    private func answer<T>(_ value: T, failure: String? = nil) -> WatchedAnswer<T> {
        let said = [onceNotice, failure ?? notice, waitingLine()].compactMap { $0 }
        onceNotice = nil
        return WatchedAnswer(value: value, notice: said.isEmpty ? nil : said.joined(separator: "; "), isInMemoryOnly: inMemoryOnly)
    }

    private func read<T: Sendable>(_ empty: T, _ body: @escaping @Sendable (WatchedStore) throws -> T) async -> WatchedAnswer<T> {
        await onQueue {
            guard let store = self.readable() else { return self.answer(empty) }
            do {
                return self.answer(try body(store))
            } catch {
                return self.answer(empty, failure: Self.storeError(error).line)
            }
        }
    }

    private func changeRecord(_ show: WatchedShowID, _ body: @escaping Change) async -> WatchedAnswer<ShowWatchRecord> {
        await onQueue {
            guard let store = self.apply(body) else { return self.answer(ShowWatchRecord()) }
            return self.answer((try? store.record(of: show)) ?? ShowWatchRecord())
        }
    }

    private func change(shows: Set<WatchedShowID>, _ body: @escaping Change) async -> WatchedAnswer<[WatchedMark]> {
        await onQueue {
            guard let store = self.apply(body) else { return self.answer([]) }
            var marks: [WatchedMark] = []
            for show in shows.sorted() { marks += (try? store.marks(of: show)) ?? [] }
            return self.answer(marks)
        }
    }
}
