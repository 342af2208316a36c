import Domain

/// The ShowDetail scene's business logic: shows what the list knew at once, then asks the
/// Worker for cast and seasons.
@MainActor
final class ShowDetailInteractor: ShowDetailBusinessLogic, ShowDetailDataStore {
    var presenter: ShowDetailPresentationLogic?
    var show: TVShow?
    private let worker: any TVShowsWorking
    private var details: TVShowDetails?
    private var task: Task<Void, Never>?

    /// Makes an Interactor.
    /// - Parameter worker: the source of details.
    init(worker: any TVShowsWorking) {
        self.worker = worker
    }

    func loadDetails(request: ShowDetail.LoadDetails.Request) {
        guard let show else { return }
        if details != nil && !request.retry {
            presenter?.presentDetails(response: .init(show: show, details: details, isLoading: false, error: nil))
            return
        }
        task?.cancel()
        presenter?.presentDetails(response: .init(show: show, details: details, isLoading: true, error: nil))
        let worker = self.worker
        task = Task { [weak self] in
            do {
                let details = try await worker.showDetails(for: show)
                self?.finish(show: show, details: details, error: nil)
            } catch is CancellationError {
                return
            } catch {
                let failure = (error as? SourceError) ?? .unreachable(provider: "source", reason: String(describing: type(of: error)))
                self?.finish(show: show, details: nil, error: failure)
            }
        }
    }

    func cancel() {
        task?.cancel()
        task = nil
    }

    private func finish(show: TVShow, details: TVShowDetails?, error: SourceError?) {
        if let details { self.details = details }
        presenter?.presentDetails(response: .init(show: show, details: self.details, isLoading: false, error: error))
    }
}
