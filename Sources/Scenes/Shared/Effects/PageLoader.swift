import Domain

/// The paged loading of a scene's list: the one loader every scene uses.
///
/// It owns the running loads and what they share: the generation (a restart makes the loads
/// before it stale, whatever they still deliver), the page to ask for next, whether more pages
/// exist, and the page that failed. Page 0 loads in one slot and later pages in another, at
/// most one load in each: a load in a slot cancels the one it replaces. What a page means
/// (merging, sorting, presenting) stays with the Interactor, in the closures it passes.
@MainActor
final class PageLoader {
    /// Where a load runs: page 0 (and its refresh) or a later page.
    enum Slot: Sendable {
        /// The first page.
        case first
        /// A later page.
        case next
    }

    /// The loads' generation: `restart` raises it, and a load checks it before it delivers.
    private(set) var generation = 0
    /// The page to ask for next (0-based).
    private(set) var nextPage = 0
    /// False once the source said the last page is loaded.
    private(set) var hasMore = true
    /// The page whose load failed last; nil when none failed or the failure was cleared.
    private(set) var failedPage: Int?
    private var tasks: [Slot: (id: Int, task: Task<Void, Never>)] = [:]
    private var lastID = 0

    /// Makes a loader at page 0.
    init() {}

    /// True while page 0 loads.
    var isLoadingFirstPage: Bool { tasks[.first] != nil }
    /// True while a later page loads.
    var isLoadingNextPage: Bool { tasks[.next] != nil }

    /// The running load's task in a slot, nil when none runs.
    /// - Parameter slot: the slot.
    func task(in slot: Slot) -> Task<Void, Never>? { tasks[slot]?.task }

    /// True when a load of this generation may still deliver.
    /// - Parameter generation: the generation the load was started in.
    func isCurrent(_ generation: Int) -> Bool { generation == self.generation }

    /// Starts over from page 0: cancels every load, raises the generation, forgets the failure.
    func restart() {
        cancel()
        generation += 1
        nextPage = 0
        hasMore = true
        failedPage = nil
    }

    /// Cancels the loads (the scene closes, or a load of its own replaces them).
    /// - Parameter slot: one slot only, or nil for both.
    func cancel(_ slot: Slot? = nil) {
        for key in slot.map({ [$0] }) ?? [.first, .next] {
            tasks[key]?.task.cancel()
            tasks[key] = nil
        }
    }

    /// Records the last page loaded so far.
    /// - Parameters:
    ///   - page: the last loaded page's number.
    ///   - hasMore: whether the source has pages after it.
    func advance(pastPage page: Int, hasMore: Bool) {
        nextPage = page + 1
        self.hasMore = hasMore
    }

    /// Forgets the failed page (it is being asked again, or a later answer replaced it).
    func clearFailure() {
        failedPage = nil
    }

    /// A failure as a `SourceError`: itself when it is one, else "source is unreachable".
    /// - Parameter error: any error a Worker threw.
    nonisolated static func sourceError(_ error: any Error) -> SourceError {
        (error as? SourceError) ?? .unreachable(provider: .unnamed("source"), reason: String(describing: type(of: error)))
    }

    /// Loads a page in a slot, cancelling the slot's earlier load.
    ///
    /// `work` does the asking and delivers what arrives (checking `isCurrent` with the
    /// generation it is given). When it returns, the slot is freed and `finished` runs; when it
    /// throws (not a cancellation), the slot is freed, the page becomes `failedPage` and
    /// `failed` runs. Neither runs for a cancelled or stale load. A task either of them returns
    /// (the next load, a countdown) is awaited too.
    /// - Parameters:
    ///   - page: the page's number.
    ///   - slot: the slot; by default `.first` for page 0 and `.next` for later pages.
    ///   - work: asks for the page and delivers it; given the load's generation.
    ///   - finished: called after `work` returned.
    ///   - failed: called with the failure as a `SourceError`.
    /// - Returns: the load's task; it ends after what `finished` or `failed` started.
    @discardableResult
    func load(
        page: Int, in slot: Slot? = nil,
        _ work: @escaping @MainActor (_ generation: Int) async throws -> Void,
        finished: @escaping @MainActor () -> Task<Void, Never>? = { nil },
        failed: @escaping @MainActor (SourceError) -> Task<Void, Never>? = { _ in nil }
    ) -> Task<Void, Never> {
        let slot = slot ?? (page == 0 ? .first : .next)
        tasks[slot]?.task.cancel()
        lastID += 1
        let id = lastID
        let generation = self.generation
        let task = Task { [weak self] in
            let next: Task<Void, Never>?
            do {
                try await work(generation)
                guard let self, !Task.isCancelled, self.isCurrent(generation) else { return }
                self.free(slot, id: id)
                next = finished()
            } catch is CancellationError {
                return
            } catch {
                guard let self, !Task.isCancelled, self.isCurrent(generation) else { return }
                self.free(slot, id: id)
                self.failedPage = page
                next = failed(Self.sourceError(error))
            }
            await next?.value
        }
        tasks[slot] = (id, task)
        return task
    }

    private func free(_ slot: Slot, id: Int) {
        if tasks[slot]?.id == id { tasks[slot] = nil }
    }
}
