import Domain
import FoundationEssentials

/// One run of `discover-tui mirror`: the index walked page by page until TVmaze's 404 (going on
/// from the first page not done), or, once the mirror is whole, the changes since its last
/// refresh (`/updates/shows` over the shortest window that covers them, then each changed show);
/// a mirror older than a month is walked again. Each page, and each batch of changed shows, is
/// written before the next request, so a stopped run keeps what it finished.
public struct MirrorRun: Sendable {
    /// What a run reports as it goes.
    public enum Event: Sendable, Equatable {
        /// An index page was kept: its number, its shows, the shows now mirrored, and the
        /// pages the index is thought to have (grows when passed).
        case page(number: Int, shows: Int, mirrored: Int, expectedPages: Int)
        /// The changes were asked: the window, and how many shows changed since the last refresh.
        case updates(window: TVmazeIndexWorker.Window, changed: Int)
        /// Changed shows fetched so far, of all.
        case changedShow(done: Int, of: Int)
        /// Episode lists of the favourite and started shows kept so far, of all.
        case episodeList(done: Int, of: Int)
    }

    /// What a run did.
    public enum Outcome: Sendable, Equatable {
        /// The index was walked to its end: pages asked by this run, shows mirrored in all.
        case index(pagesAsked: Int, shows: Int)
        /// The changes were fetched: the window, shows changed, shows taken away, shows in all.
        case refresh(window: TVmazeIndexWorker.Window, changed: Int, removed: Int, shows: Int)
    }

    /// TVmaze's index had about this many pages in 2025 (about 85,000 ids); the progress bar's
    /// "about" until the pages pass it.
    public static let expectedPages = 340
    /// Changed shows written together.
    static let batch = 50

    private let worker: TVmazeIndexWorker
    private let now: @Sendable () -> Int

    /// Makes a run.
    /// - Parameters:
    ///   - worker: TVmaze's index, paced by its client.
    ///   - now: the clock, Unix seconds.
    public init(worker: TVmazeIndexWorker, now: @escaping @Sendable () -> Int) {
        self.worker = worker
        self.now = now
    }

    /// Runs to the end.
    /// - Parameters:
    ///   - store: the mirror, open for writing.
    ///   - progress: told of each page or changed show.
    /// - Returns: what was done.
    /// - Throws: `SourceError` when TVmaze cannot be asked (what was finished is kept),
    ///   `MirrorStoreError` when the file cannot be written, `CancellationError` when stopped.
    public func run(store: MirrorStore, progress: (Event) -> Void) async throws -> Outcome {
        if let fresh = try store.freshAt() {
            let started = now()
            if let window = TVmazeIndexWorker.Window.covering(since: fresh, now: started) {
                return try await refresh(store: store, window: window, started: started, progress: progress)
            }
            try store.startIndexAgain(now: started)
        }
        return try await walkIndex(store: store, progress: progress)
    }

    /// Keeps the episode lists of the given shows (the favourite and started ones), one request
    /// a show, each written as it comes; a show TVmaze no longer has is skipped.
    /// - Parameters:
    ///   - store: the mirror, open for writing.
    ///   - showIDs: TVmaze's ids of the shows.
    ///   - progress: told of each list.
    /// - Returns: how many lists were kept.
    /// - Throws: as `run(store:progress:)`.
    public func keepEpisodeLists(store: MirrorStore, showIDs: [Int], progress: (Event) -> Void) async throws -> Int {
        var kept = 0
        for (index, id) in showIDs.enumerated() {
            try Task.checkCancellation()
            if let json = try await worker.episodeList(showID: id) {
                try store.writeEpisodeList(showID: id, json: json, now: now())
                kept += 1
            }
            progress(.episodeList(done: index + 1, of: showIDs.count))
        }
        return kept
    }

    private func walkIndex(store: MirrorStore, progress: (Event) -> Void) async throws -> Outcome {
        if try store.indexStartedAt() == nil { try store.write(.indexStartedAt, now()) }
        let done = Set(try store.pagesDone())
        var page = 0
        while done.contains(page) { page += 1 }
        var mirrored = try store.count()
        var asked = 0
        while page < 100_000 {
            try Task.checkCancellation()
            asked += 1
            guard let shows = try await worker.page(page) else { break }
            try Task.checkCancellation()
            try store.writePage(page, shows: shows, now: now())
            mirrored = try store.count()
            progress(.page(number: page, shows: shows.count, mirrored: mirrored, expectedPages: max(Self.expectedPages, page + 1)))
            page += 1
        }
        try store.write(.indexDoneAt, now())
        return .index(pagesAsked: asked, shows: mirrored)
    }

    private func refresh(store: MirrorStore, window: TVmazeIndexWorker.Window, started: Int, progress: (Event) -> Void) async throws -> Outcome {
        let changes = try await worker.updates(window)
        let stored = try store.updatedByID()
        let changed = changes.filter { id, updated in stored[id].map { $0 < updated } ?? true }.keys.sorted()
        progress(.updates(window: window, changed: changed.count))
        var kept: [MirrorShow] = []
        var removed: [Int] = []
        var removedCount = 0
        for (index, id) in changed.enumerated() {
            try Task.checkCancellation()
            if let show = try await worker.show(id: id) { kept.append(show) } else { removed.append(id) }
            if kept.count + removed.count >= Self.batch || index == changed.count - 1 {
                try store.writeChanges(kept, removed: removed)
                removedCount += removed.count
                kept = []
                removed = []
            }
            progress(.changedShow(done: index + 1, of: changed.count))
        }
        try store.write(.refreshedAt, started)
        return .refresh(window: window, changed: changed.count, removed: removedCount, shows: try store.count())
    }
}
