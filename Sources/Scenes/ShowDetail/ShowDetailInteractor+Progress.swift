import Domain
import FoundationEssentials

/// The progress line: the show's marks, counted against its episode list.
extension ShowDetailInteractor {
    @discardableResult
    package func loadProgress(request: ShowDetail.LoadProgress.Request) -> Task<Void, Never> {
        guard let show, let watched = watchedWorker else { return Task {} }
        let source = detailsSource
        let id = WatchedShowID(provider: source?.provider.name ?? ProviderName.tvmaze.name, id: show.id)
        let episodes = episodesFor?(source)
        let now = wallClock()
        let task = Task { [weak self] in
            let marks = await watched.marks(of: id).value
            var progress: WatchProgress?
            if !marks.isEmpty, let episodes, let list = try? await episodes.episodes(showID: show.id) {
                progress = WatchProgress(episodes: list, watched: Set(marks.map { SeasonAndNumber(season: $0.key.season, number: $0.key.number) }), now: now)
            }
            guard let self, self.show?.id == show.id, progress != self.progress else { return }
            self.progress = progress
            self.present(show)
        }
        return effects.track(task)
    }
}
