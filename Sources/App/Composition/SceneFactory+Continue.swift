import Domain
import Scenes

extension ContinueViewController: WiredViewController {}
extension ContinueInteractor: WiredInteractor {}
extension ContinuePresenter: WiredPresenter {}
extension ContinueRouter: WiredRouter {}

extension SceneFactory {
    /// The Continue scene, the Continue section's first (`C` from anywhere, `c` in Favourites):
    /// the started shows' next episodes, with the episode guide behind Enter and Stats behind `S`.
    /// - Parameter watched: the marks (the app's `dependencies.watched`, given apart because the
    ///   section needs one where the dependencies may have none).
    func makeContinue(watched: any WatchedWorking) -> ContinueViewController {
        let interactor = ContinueInteractor(
            watched: watched, episodes: continueSources().episodes, now: dependencies.clocks.now, effects: dependencies.effects, readAhead: statsReadAhead())
        interactor.lastLook = dependencies.lastLook
        // The scene lives as long as the app: its sources are the shows list's at each read.
        interactor.currentEpisodes = { [weak self] in self?.continueSources().episodes ?? { _ in nil } }
        let router = ContinueRouter { [unowned self] provider in
            let sources = self.continueSources()
            let from = provider == ProviderName.tvmaze.name ? sources.tvmaze : sources.tmdb
            guard from != nil || provider == ProviderName.tvmaze.name else { return nil }
            return self.makeEpisodeGuide(source: from).map { ($0.viewController, $0.dataStore) }
        }
        router.makeStats = { [unowned self] in self.makeStats() }
        return assemble(ContinueViewController(), interactor: interactor, presenter: ContinuePresenter(clock: dependencies.clocks.zones), router: router)
    }

    /// Counts what Continue calls new (its title's `(3 new)`), for the Favourites list's `c`
    /// hint; nil without the watched episodes or a last look (0 while the last look answers nil).
    func continueNewCount() -> (@Sendable () async -> Int)? {
        guard let watched = dependencies.watched, let lastLook = dependencies.lastLook else { return nil }
        let now = dependencies.clocks.now
        return { [weak self] in
            // The sources as Continue would take them now (the shows list's source may change).
            guard let since = lastLook(), let episodes = await self?.continueSources().episodes else { return 0 }
            return await ContinueItems.fetch(watched: watched, episodes: episodes, now: now(), since: since).items.reduce(0) { $0 + $1.newCount }
        }
    }

    /// The started shows' episode lists: the shows' source in use (live, or the snapshot, whose
    /// ids are TVmaze's) for its own provider; TVmaze's live lists besides TMDB only when that
    /// is not offline (the snapshot then); no TMDB lists without TMDB.
    private func continueSources() -> (episodes: @Sendable (String) -> (any EpisodesWorking)?, tvmaze: DataSource?, tmdb: DataSource?) {
        let current = made.showList?.source
        func source(_ provider: String) -> DataSource? {
            if current?.provider.name == provider { return current }
            if provider == ProviderName.tvmaze.name { return current?.isFromNetwork == true ? .live(provider: .tvmaze) : nil }
            return nil
        }
        let tvmazeSource = source(ProviderName.tvmaze.name), tmdbSource = source(ProviderName.tmdb.name)
        let tvmaze = dependencies.episodes(tvmazeSource)
        let tmdb = tmdbSource == nil ? nil : dependencies.episodes(tmdbSource)
        return ({ provider in provider == ProviderName.tvmaze.name ? tvmaze : provider == ProviderName.tmdb.name ? tmdb : nil }, tvmazeSource, tmdbSource)
    }
}
