import Domain
import Scenes

extension ContinueViewController: WiredViewController {}
extension ContinueInteractor: WiredInteractor {}
extension ContinuePresenter: WiredPresenter {}
extension ContinueRouter: WiredRouter {}

extension SceneFactory {
    /// The Continue scene (`c` in Favourites): the started shows' next episodes, with the
    /// episode guide behind Enter; nil without the watched episodes.
    func makeContinue() -> SceneViewController? {
        guard let watched = dependencies.watched else { return nil }
        // The shows' source in use (live, or the snapshot, whose ids are TVmaze's) for its own
        // provider; TVmaze's live lists besides TMDB only when that is not offline (the snapshot
        // then); no TMDB lists without TMDB.
        let current = made.showList?.source
        func source(_ provider: String) -> DataSource? {
            if current?.provider.name == provider { return current }
            if provider == ProviderName.tvmaze.name { return current?.isFromNetwork == true ? .live(provider: .tvmaze) : nil }
            return nil
        }
        let tvmazeSource = source(ProviderName.tvmaze.name), tmdbSource = source(ProviderName.tmdb.name)
        let tvmaze = dependencies.episodes(tvmazeSource)
        let tmdb = tmdbSource == nil ? nil : dependencies.episodes(tmdbSource)
        let interactor = ContinueInteractor(watched: watched, episodes: { provider in
            provider == ProviderName.tvmaze.name ? tvmaze : provider == ProviderName.tmdb.name ? tmdb : nil
        }, now: dependencies.clocks.now, effects: dependencies.effects)
        let router = ContinueRouter { [unowned self] provider in
            let from = provider == ProviderName.tvmaze.name ? tvmazeSource : tmdbSource
            guard from != nil || provider == ProviderName.tvmaze.name else { return nil }
            return self.makeEpisodeGuide(source: from).map { ($0.viewController, $0.dataStore) }
        }
        return assemble(ContinueViewController(), interactor: interactor, presenter: ContinuePresenter(clock: dependencies.clocks.zones), router: router)
    }
}
