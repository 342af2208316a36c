import Domain

/// A snapshot's whole catalogue for a paged list: made ready in the background after the first
/// page, the shows first and their names folded after them (the list can be whole on screen
/// while the fold goes on), and read at once when the rest of the list is wanted (`readRest`).
///
/// Every show of a snapshot is local, so its list can be whole (no paging, and a sort orders
/// every show) as soon as the names are folded. What is made ready carries the loads'
/// generation it was asked in (`PageLoader.generation`); the owner takes it only while that is
/// current.
@MainActor
final class SnapshotCatalogue {
    /// A catalogue made ready: the loads' generation it was asked in, the shows, their names
    /// (nil while they are being folded).
    typealias Ready = (generation: Int, whole: PagedResult<TVShow>, names: NameFilter?)

    /// The rest of a list, read at once.
    enum Rest {
        /// The whole catalogue, with its names folded.
        case whole(PagedResult<TVShow>, names: NameFilter)
        /// The remaining pages, read one after another (a source without a whole catalogue).
        case pages([PagedResult<TVShow>])
    }

    private var ready: Ready?
    private var task: Task<Void, Never>?

    /// Makes one with nothing made ready.
    init() {}

    /// True when nothing is made ready or being made.
    var isIdle: Bool { ready == nil && task == nil }

    /// The task making the catalogue ready, until its names are folded; nil when none runs.
    var preparing: Task<Void, Never>? { task }

    /// Makes the catalogue ready in the background: fetches it (the worker's own array, not a
    /// copy) and keeps it, then folds its names at utility priority.
    /// - Parameters:
    ///   - catalog: the snapshot.
    ///   - generation: the loads' generation now.
    ///   - isCurrent: whether a generation is still current; a stale catalogue is not kept.
    ///   - ready: called once the shows are kept, before their names are folded.
    ///   - named: called with the loads' generation and the names once they are folded (kept
    ///     with the shows too when those are not taken yet).
    /// - Returns: the task that makes it ready.
    func prepare(
        _ catalog: any ShowCatalogWorking, generation: Int, isCurrent: @escaping @MainActor (Int) -> Bool,
        ready: @escaping @MainActor () -> Void, named: @escaping @MainActor (Int, NameFilter) -> Void
    ) -> Task<Void, Never> {
        let task = Task { [weak self] in
            let whole = try? await catalog.wholeCatalog()
            guard let whole, isCurrent(generation), let kept = self else {
                self?.task = nil
                return
            }
            kept.ready = (generation, whole, nil)
            ready()
            let names = await Task.detached(priority: .utility) { NameFilter(namesOf: whole.items) }.value
            guard let self else { return }
            self.task = nil
            guard isCurrent(generation) else { return }
            if self.ready?.generation == generation { self.ready?.names = names }
            named(generation, names)
        }
        self.task = task
        return task
    }

    /// Takes what was made ready, if anything; it is then forgotten.
    func take() -> Ready? {
        defer { ready = nil }
        return ready
    }

    /// Stops making it ready and forgets what was (another list).
    func reset() {
        task?.cancel()
        task = nil
        ready = nil
    }

    /// Reads the rest of a list from a page on: the whole catalogue when the worker holds one
    /// (its names folded off the main actor), else each page to the last.
    /// - Parameters:
    ///   - worker: the list's source.
    ///   - first: the first page not loaded yet.
    /// - Throws: what the worker throws.
    nonisolated static func readRest(of worker: any TVShowsWorking, from first: Int) async throws -> Rest {
        if let catalog = worker as? any ShowCatalogWorking, let whole = try await catalog.wholeCatalog() {
            let names = await Task.detached { NameFilter(namesOf: whole.items) }.value
            return .whole(whole, names: names)
        }
        var pages: [PagedResult<TVShow>] = []
        var page = first
        while true {
            let result = try await worker.popularShows(page: page)
            pages.append(result)
            if !result.hasMore || result.items.isEmpty { break }
            page += 1
        }
        return .pages(pages)
    }
}
