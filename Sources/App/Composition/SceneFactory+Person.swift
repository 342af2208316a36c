import Domain
import Scenes
import Workers

extension PersonViewController: WiredViewController {}
extension PersonInteractor: WiredInteractor {}
extension PersonPresenter: WiredPresenter {}
extension PersonRouter: WiredRouter {}

extension SceneFactory {
    /// The Person scene for people from a source (whose ids the cast carries), with
    /// ShowDetail behind Enter; nil when no people source takes that source's ids.
    /// - Parameter source: where the show's details (and so its cast) came from.
    func makePerson(source: DataSource?) -> (viewController: PersonViewController, dataStore: PersonDataStore)? {
        guard let worker = dependencies.people.person(source) else { return nil }
        let interactor = PersonInteractor(worker: worker, effects: dependencies.effects)
        interactor.images = dependencies.images
        let now = dependencies.clocks.now
        let router = PersonRouter { [unowned self] source in
            // The credits' shows carry the person's provider's ids: TVmaze's when the list is
            // another provider's (Tonight's details' source, as for the schedules' shows).
            let worker = source?.provider.name == self.currentShowProvider() ? nil : self.dependencies.tonight?.details
            let scene = self.makeShowDetail(worker: worker)
            return (scene.viewController, scene.dataStore)
        }
        let viewController = assemble(
            PersonViewController(), interactor: interactor,
            presenter: PersonPresenter(now: { Int64(now().timeIntervalSince1970) }), router: router)
        let provider: @MainActor () -> String? = { [weak interactor, weak self] in interactor?.personSource?.provider.name ?? self?.currentShowProvider() }
        viewController.marks = makeMarks(kind: .show, provider: provider, display: viewController) { [weak interactor] id in
            guard let provider = provider(), let show = interactor?.show(withID: id) else { return nil }
            return FavouriteEntry.show(show, provider: provider, now: Int(now().timeIntervalSince1970))
        }
        // The view controller keeps the interactor; the router holds the data store weakly.
        return (viewController, interactor)
    }
}
