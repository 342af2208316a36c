import Domain
import Scenes

extension SceneFactory {
    /// The Continue scene (`c` in Favourites): the started shows' next episodes, with the
    /// episode guide behind Enter; nil without the watched episodes.
    func makeContinue() -> SceneViewController? {
        guard let watched else { return nil }
        // The shows' source in use (live, or the snapshot, whose ids are TVmaze's) for its own
        // provider; TVmaze's live lists besides TMDB only when that is not offline (the snapshot
        // then); no TMDB lists without TMDB.
        let current = showList?.source
        func source(_ provider: String) -> DataSource? {
            if current?.provider == provider { return current }
            if provider == ProviderName.tvmaze { return current?.isFromNetwork == true ? .live(provider: provider) : nil }
            return nil
        }
        let tvmazeSource = source(ProviderName.tvmaze), tmdbSource = source(ProviderName.tmdb)
        let tvmaze = episodesWorker?(tvmazeSource)
        let tmdb = tmdbSource == nil ? nil : episodesWorker?(tmdbSource)
        let viewController = ContinueViewController()
        let interactor = ContinueInteractor(watched: watched, episodes: { provider in
            provider == ProviderName.tvmaze ? tvmaze : provider == ProviderName.tmdb ? tmdb : nil
        }, now: now, effects: effects)
        let presenter = ContinuePresenter(clock: airClock)
        let router = ContinueRouter { [unowned self] provider in
            let from = provider == ProviderName.tvmaze ? tvmazeSource : tmdbSource
            guard from != nil || provider == ProviderName.tvmaze else { return nil }
            return self.makeEpisodeGuide(source: from).map { ($0.viewController, $0.dataStore) }
        }
        viewController.interactor = interactor
        viewController.router = router
        viewController.display = display
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.dataStore = interactor
        router.navigator = navigator
        return viewController
    }
}
