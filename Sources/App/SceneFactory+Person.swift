import Domain
import Scenes
import Workers

extension SceneFactory {
    /// The Person scene for people from a source (whose ids the cast carries), with
    /// ShowDetail behind Enter; nil when no people source takes that source's ids.
    /// - Parameter source: where the show's details (and so its cast) came from.
    func makePerson(source: DataSource?) -> (viewController: PersonViewController, dataStore: PersonDataStore)? {
        guard let worker = peopleWorker?(source) else { return nil }
        let viewController = PersonViewController()
        let interactor = PersonInteractor(worker: worker, effects: effects)
        let now = self.now
        let presenter = PersonPresenter(now: { Int64(now().timeIntervalSince1970) })
        let router = PersonRouter { [unowned self] source in
            // The credits' shows carry the person's provider's ids: TVmaze's when the list is
            // another provider's (Tonight's details' source, as for the schedules' shows).
            let worker = source?.provider == self.currentShowProvider ? nil : self.tonight?.details
            let scene = self.makeShowDetail(worker: worker)
            return (scene.viewController, scene.dataStore)
        }
        viewController.interactor = interactor
        viewController.router = router
        viewController.display = display
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.dataStore = interactor
        router.navigator = navigator
        let provider: @MainActor () -> String? = { [weak interactor, weak self] in interactor?.personSource?.provider ?? self?.currentShowProvider }
        viewController.marks = makeMarks(kind: .show, provider: provider, display: viewController) { [weak interactor] id in
            guard let provider = provider(), let show = interactor?.show(withID: id) else { return nil }
            return FavouriteEntry.show(show, provider: provider, now: Int(now().timeIntervalSince1970))
        }
        // The view controller keeps the interactor; the router holds the data store weakly.
        return (viewController, interactor)
    }
}
