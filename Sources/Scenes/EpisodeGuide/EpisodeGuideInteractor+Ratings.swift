import Domain
import FoundationEssentials

/// The person's verdicts and the show's settings: `1`–`9`, `0` rate the episode under the
/// cursor (Backspace clears it), `S` and `o` turn how progress is counted. Each changes the
/// screen at once and is saved in one transaction.
extension EpisodeGuideInteractor {
    @discardableResult
    package func rateEpisode(request: EpisodeGuide.RateEpisode.Request) -> Task<Void, Never> {
        guard let show, let guide, let id = watch.show, let worker = watchedWorker else { return Task {} }
        if request.onHeading { return said("Ratings are an episode's: move onto one to rate it", show: show) }
        guard let selected = episode(season: request.season, index: request.index, specials: request.specials) else { return Task {} }
        guard let place = guide.markKey(of: selected) else { return said(selected.code + " has no number to keep a rating under", show: show) }
        let name = label(selected, place)
        guard request.rating != nil || watch.ratings[place] != nil else {
            if request.onPage { presentEpisode(selected) }
            return said(name + " has no rating of yours to clear", show: show)
        }
        watch.ratings[place] = request.rating
        say(request.rating.map { name + " rated \($0)" } ?? "rating of \(name) cleared", error: false)
        present(show)
        if request.onPage { presentEpisode(selected) }
        watch.pending += 1
        let key = WatchedEpisodeKey(show: id, season: place.season, number: place.number)
        let stamp = Int(wallClock().timeIntervalSince1970)
        let task = Task { [weak self] in
            let answer = await worker.rate(key, showName: show.name, rating: request.rating, at: stamp)
            self?.finish(record: answer.value, notice: answer.notice, isError: answer.isInMemoryOnly, show: show, id: id)
        }
        return effects.track(task)
    }

    @discardableResult
    package func changeSettings(request: EpisodeGuide.ChangeSettings.Request) -> Task<Void, Never> {
        guard let show, let id = watch.show, let worker = watchedWorker else { return Task {} }
        var settings = watch.settings
        switch request.setting {
        case .specials: settings.countsSpecials.toggle()
        case .order: settings.order = settings.order == .aired ? .any : .aired
        }
        watch.settings = settings
        say(settings.summary.prefix(1).uppercased() + settings.summary.dropFirst(), error: false)
        present(show)
        watch.pending += 1
        let task = Task { [weak self] in
            let answer = await worker.setSettings(id, name: show.name, settings: settings)
            self?.finish(record: answer.value, notice: answer.notice, isError: answer.isInMemoryOnly, show: show, id: id)
        }
        return effects.track(task)
    }

    /// Presents an episode's page with the person's rating and plays of it.
    func presentEpisode(_ episode: Episode) {
        guard let show else { return }
        let place = guide?.markKey(of: episode)
        presenter?.presentEpisode(
            response: .init(
                showName: show.name, episode: episode, rating: place.flatMap { watch.ratings[$0] }, plays: place.flatMap { watch.marks[$0]?.plays } ?? 0))
    }
}
