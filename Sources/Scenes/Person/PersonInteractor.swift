import Domain

/// The Person scene's business logic: asks the Worker for the person and their credits, keeps
/// the order the viewer chose and the show picked for the Router.
///
/// A failure keeps what is on screen; `r` asks again. Closing the scene (`cancel()`) stops the load.
@MainActor
package final class PersonInteractor: PersonBusinessLogic, PersonDataStore {
    package var presenter: PersonPresentationLogic?
    package var reference: PersonReference?
    package private(set) var selectedShow: TVShow?
    package var personSource: DataSource? { person?.source }
    private let worker: any PeopleWorking
    let effects: RunningEffects
    private(set) var person: Person?
    /// The picture worker for the photo; nil for none (`--images off`, or no terminal to draw on).
    package var images: (any ImageLoading)?
    /// The photo's URL once asked for (`loadPhoto`).
    var photoURL: String?
    /// The photo, once decoded.
    var photo: RGBImage?
    /// Why there is no photo, once that is known.
    var photoMessage: String?
    private var task: Task<Void, Never>?
    private var isLoading = false
    private var error: SourceError?
    private var order = PersonScene.SortOrder.newest

    /// Makes an Interactor.
    /// - Parameters:
    ///   - worker: the source of people (the provider whose ids the cast carried).
    ///   - effects: where the use cases' tasks are tracked.
    package init(worker: any PeopleWorking, effects: RunningEffects = RunningEffects()) {
        self.worker = worker
        self.effects = effects
    }

    @discardableResult
    package func loadPerson(request: PersonScene.LoadPerson.Request) -> Task<Void, Never> {
        guard let reference else { return .nothing }
        if (person != nil || task != nil) && !request.retry {
            present()
            return .nothing
        }
        cancel()
        isLoading = true
        error = nil
        present()
        let worker = self.worker
        let task = Task { [weak self] in
            do {
                let person = try await worker.person(reference)
                guard !Task.isCancelled else { return }
                self?.finish(person: person, error: nil)
            } catch is CancellationError {
                return
            } catch {
                guard !Task.isCancelled else { return }
                self?.finish(person: nil, error: PageLoader.sourceError(error))
            }
        }
        self.task = task
        return effects.track(task)
    }

    private func finish(person: Person?, error: SourceError?) {
        task = nil
        isLoading = false
        if let person { self.person = person }
        self.error = error
        present()
    }

    package func sortCredits(request: PersonScene.SortCredits.Request) {
        order = request.order
        present()
    }

    package func openShow(request: PersonScene.OpenShow.Request) -> Bool {
        guard let credit = person?.credits.enumerated().first(where: { PersonPresenter.rowID($0.element, at: $0.offset) == request.id })?.element,
            credit.showIsKnown
        else { return false }
        selectedShow = credit.show
        return true
    }

    /// A credit's show by its id at the person's provider (for the favourite marks).
    /// - Parameter id: the show's id as text.
    package func show(withID id: String) -> TVShow? {
        person?.credits.first { String($0.show.id) == id && $0.showIsKnown }?.show
    }

    package func cancel() {
        task?.cancel()
        task = nil
        isLoading = false
    }

    func present() {
        guard let reference else { return }
        var response = PersonScene.LoadPerson.Response(reference: reference, person: person, isLoading: isLoading, error: error, order: order)
        response.photo = photo
        response.photoMessage = photoMessage
        presenter?.presentPerson(response: response)
    }
}
