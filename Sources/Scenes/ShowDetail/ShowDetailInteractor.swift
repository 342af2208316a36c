import Domain

/// The ShowDetail scene's business logic: shows what the list knew at once, then asks the
/// Worker for cast and seasons: a cached copy first when there is one, then a fresh one.
///
/// A failure keeps what is on screen; `r` asks again; a rate limit counts down and retries by
/// itself. Closing the scene (`cancel()`) stops the load and the countdown.
@MainActor
package final class ShowDetailInteractor: ShowDetailBusinessLogic, ShowDetailDataStore {
    package var presenter: ShowDetailPresentationLogic?
    package var show: TVShow?
    package var listedSource: DataSource?
    private let worker: any TVShowsWorking
    private let sleep: @Sendable (Int) async throws -> Void
    private var details: TVShowDetails?
    private var task: Task<Void, Never>?
    private var countdownTask: Task<Void, Never>?
    private var isLoading = false
    private var error: SourceError?
    private var retryCountdown: Int?

    /// Makes an Interactor.
    /// - Parameters:
    ///   - worker: the source of details.
    ///   - sleep: waits a number of seconds (the rate-limit countdown's tick); throws when cancelled.
    package init(worker: any TVShowsWorking,
         sleep: @escaping @Sendable (Int) async throws -> Void = { try await Task.sleep(nanoseconds: UInt64($0) * 1_000_000_000) }) {
        self.worker = worker
        self.sleep = sleep
    }

    package func loadDetails(request: ShowDetail.LoadDetails.Request) {
        guard let show else { return }
        if (details != nil || task != nil) && !request.retry {
            present(show)
            return
        }
        cancel()
        isLoading = true
        error = nil
        present(show)
        let worker = self.worker
        task = Task { [weak self] in
            do {
                for try await details in worker.showDetailsUpdates(for: show) {
                    self?.receive(details, show: show)
                }
                guard !Task.isCancelled else { return }
                self?.finish(show: show, error: nil)
            } catch is CancellationError {
                return
            } catch {
                guard !Task.isCancelled else { return }
                self?.finish(show: show, error: (error as? SourceError) ?? .unreachable(provider: "source", reason: String(describing: type(of: error))))
            }
        }
    }

    package func cancel() {
        task?.cancel()
        task = nil
        countdownTask?.cancel()
        countdownTask = nil
        retryCountdown = nil
        isLoading = false
    }

    private func receive(_ details: TVShowDetails, show: TVShow) {
        self.details = details
        isLoading = false
        error = nil
        present(show)
    }

    private func finish(show: TVShow, error: SourceError?) {
        task = nil
        isLoading = false
        self.error = error
        if case .rateLimited(_, let seconds)? = error {
            startCountdown(seconds: seconds ?? PopularListInteractor.defaultRateLimitWait, show: show)
        }
        present(show)
    }

    /// Counts a rate limit's wait down once a second, then asks again.
    private func startCountdown(seconds: Int, show: TVShow) {
        let total = max(1, min(seconds, PopularListInteractor.longestRateLimitWait))
        retryCountdown = total
        let sleep = self.sleep
        countdownTask = Task { [weak self] in
            var remaining = total
            while remaining > 0 {
                do { try await sleep(1) } catch { return }
                remaining -= 1
                guard let self, !Task.isCancelled else { return }
                if remaining > 0 {
                    self.retryCountdown = remaining
                    self.present(show)
                }
            }
            guard let self, !Task.isCancelled else { return }
            self.loadDetails(request: .init(retry: true))
        }
    }

    private func present(_ show: TVShow) {
        let refreshing: Bool
        if case .cache? = details?.source { refreshing = task != nil } else { refreshing = false }
        presenter?.presentDetails(response: .init(
            show: show, details: details, isLoading: isLoading, error: error,
            isRefreshing: refreshing && error == nil, retryCountdown: retryCountdown, listedSource: listedSource
        ))
    }
}
