import Domain
import FoundationEssentials

/// The person's record of the show: the progress line (its marks with their plays, counted
/// against its episode list by its settings) and their rating of it (`1`–`9`, `0`, Backspace).
extension ShowDetailInteractor {
    /// The show's id as the store knows it: the details' provider's.
    private func watchedID(_ show: TVShow) -> WatchedShowID {
        WatchedShowID(provider: detailsSource?.provider.name ?? ProviderName.tvmaze.name, id: show.id)
    }

    @discardableResult
    package func loadProgress(request: ShowDetail.LoadProgress.Request) -> Task<Void, Never> {
        guard let show, let watched = watchedWorker else { return Task {} }
        let source = detailsSource
        let id = watchedID(show)
        let episodes = episodesFor?(source)
        let now = wallClock()
        let changes = ratingChanges
        let task = Task { [weak self] in
            let record = await watched.record(of: id).value
            var progress: WatchProgress?
            if !record.marks.isEmpty, let episodes, let list = try? await episodes.episodes(showID: show.id) {
                progress = WatchProgress(episodes: list, plays: record.plays, settings: record.settings, now: now)
            }
            guard let self, self.show?.id == show.id else { return }
            // A rating key pressed since the read started wins over what it read.
            let rating = self.ratingChanges == changes ? record.rating : self.userRating
            guard progress != self.progress || rating != self.userRating else { return }
            self.progress = progress
            self.userRating = rating
            self.present(show)
        }
        return effects.track(task)
    }

    @discardableResult
    package func rateShow(request: ShowDetail.RateShow.Request) -> Task<Void, Never> {
        guard let show, let watched = watchedWorker else { return Task {} }
        let name = details?.show.name ?? show.name
        let shown = ShowFormatting.capped(name)
        guard request.rating != nil || userRating != nil else {
            ratingMessage = (shown + " has no rating of yours to clear", false)
            present(show)
            return Task {}
        }
        userRating = request.rating
        ratingChanges += 1
        ratingMessage = (request.rating.map { shown + " rated \($0)" } ?? "rating of " + shown + " cleared", false)
        present(show)
        let id = watchedID(show)
        let stamp = Int(wallClock().timeIntervalSince1970)
        let changes = ratingChanges
        let task = Task { [weak self] in
            let answer = await watched.rateShow(id, name: name, rating: request.rating, at: stamp)
            guard let self, self.show?.id == show.id else { return }
            if self.ratingChanges == changes { self.userRating = answer.value.rating }
            if let notice = answer.notice { self.ratingMessage = (notice, answer.isInMemoryOnly) }
            self.present(show)
        }
        return effects.track(task)
    }
}
