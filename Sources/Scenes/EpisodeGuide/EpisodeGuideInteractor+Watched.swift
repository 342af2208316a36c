import Domain
import FoundationEssentials

/// The guide's watched marks: what is marked, the last change (for `u`) and what it said.
struct WatchState {
    /// The show's id as the marks know it (the guide's provider); nil until a guide arrives.
    var show: WatchedShowID?
    /// The marked episodes.
    var marked: Set<SeasonAndNumber> = []
    /// The last change, to take back with `u`.
    var last: Change?
    /// What the last key did, or why it was not saved.
    var message: String?
    /// True when `message` reports a failure.
    var messageIsError = false

    /// One `w` or `W`: the marks it added and removed, and the favourite it added.
    struct Change {
        var added: [WatchedMark] = []
        var removed: [WatchedMark] = []
        var favourite: FavouriteKey?
    }
}

/// `w`, `W` and `u`: marks change on screen at once and are saved in one transaction each;
/// marking an episode of a show that is not a favourite adds it to the favourites, and says so.
extension EpisodeGuideInteractor {
    /// Reads the show's marks once its guide says whose ids they are.
    func loadMarks(show: TVShow, provider: String) {
        let id = WatchedShowID(provider: provider, id: show.id)
        guard let worker = watchedWorker, watch.show != id else { return }
        watch.show = id
        let task = Task { [weak self] in
            let answer = await worker.marks(of: id)
            guard let self, self.watch.show == id else { return }
            self.watch.marked = Set(answer.value.map { SeasonAndNumber(season: $0.key.season, number: $0.key.number) })
            if let notice = answer.notice { self.say(notice, error: true) }
            self.present(show)
        }
        _ = effects.track(task)
    }

    @discardableResult
    package func markWatched(request: EpisodeGuide.MarkWatched.Request) -> Task<Void, Never> {
        guard let show, let guide, let id = watch.show, watchedWorker != nil else { return Task {} }
        guard !request.specials else {
            say("Specials are not marked; only the seasons' episodes count", error: false)
            present(show)
            return Task {}
        }
        let regular = guide.regularEpisodes.filter { $0.number != nil }
        let season = guide.seasons.first { $0.number == request.season }?.episodes ?? []
        guard season.indices.contains(request.index), let selected = season[request.index].number else { return Task {} }
        let now = wallClock()
        let stamp = Int(now.timeIntervalSince1970)
        func mark(_ episode: Episode) -> WatchedMark? { WatchedMark.of(episode, show: id, showName: show.name, markedAt: stamp) }
        func key(_ episode: Episode) -> SeasonAndNumber? { episode.number.map { SeasonAndNumber(season: episode.season, number: $0) } }
        var change = WatchState.Change()
        let code = season[request.index].code
        let text: String
        if request.wholeSeason, !request.throughHere {
            say("On a season's heading, W marks the season's aired episodes watched", error: false)
            present(show)
            return Task {}
        }
        if request.throughHere {
            let through =
                request.wholeSeason
                ? season.filter { $0.number != nil }
                : regular.prefix { !($0.season == request.season && $0.number == selected) } + [season[request.index]]
            let aired = through.filter { WatchProgress.hasAired($0, now: now) }
            change.added = aired.filter { key($0).map { !watch.marked.contains($0) } ?? false }.compactMap(mark)
            let first = aired.first?.code ?? code
            let last = request.wholeSeason ? aired.last?.code ?? code : code
            let range = first == last ? last : first + "–" + last
            text =
                aired.isEmpty && request.wholeSeason
                ? "Season \(request.season) has no aired episode yet"
                : change.added.isEmpty ? range + " already watched" : range + " marked watched (\(change.added.count))"
        } else if let k = key(season[request.index]), watch.marked.contains(k) {
            change.removed = mark(season[request.index]).map { [$0] } ?? []
            text = code + " marked unwatched"
        } else {
            change.added = mark(season[request.index]).map { [$0] } ?? []
            text = code + " marked watched"
        }
        var parts = [text]
        if !change.added.isEmpty, let book = favourites {
            let entry = FavouriteEntry.show(show, provider: id.provider, now: stamp)
            if !book.keys.contains(entry.key) {
                _ = book.toggle(entry)
                change.favourite = entry.key
                parts.append(ShowFormatting.capped(show.name) + " added to favourites")
            }
        }
        if !change.added.isEmpty || !change.removed.isEmpty { parts.append("u undoes") }
        watch.last = change.added.isEmpty && change.removed.isEmpty ? watch.last : change
        say(parts.joined(separator: " · "), error: false)
        return save(change, show: show)
    }

    @discardableResult
    package func undoWatched(request: EpisodeGuide.UndoWatched.Request) -> Task<Void, Never> {
        guard let show, let last = watch.last else {
            if let show {
                say("Nothing to undo", error: false)
                present(show)
            }
            return Task {}
        }
        watch.last = nil
        let reverse = WatchState.Change(added: last.removed, removed: last.added, favourite: nil)
        var parts = ["Undone"]
        if let key = last.favourite, let book = favourites {
            book.remove(key)
            parts.append(ShowFormatting.capped(show.name) + " removed from favourites")
        }
        say(parts.joined(separator: " · "), error: false)
        return save(reverse, show: show)
    }

    /// Applies a change on screen at once, then saves it (added, then removed: each one
    /// transaction) and shows the marks the store holds after it.
    private func save(_ change: WatchState.Change, show: TVShow) -> Task<Void, Never> {
        for mark in change.added { watch.marked.insert(SeasonAndNumber(season: mark.key.season, number: mark.key.number)) }
        for mark in change.removed { watch.marked.remove(SeasonAndNumber(season: mark.key.season, number: mark.key.number)) }
        present(show)
        guard let worker = watchedWorker, let id = watch.show, !(change.added.isEmpty && change.removed.isEmpty) else { return Task {} }
        let task = Task { [weak self] in
            var answer: WatchedAnswer<[WatchedMark]>?
            if !change.added.isEmpty { answer = await worker.add(change.added) }
            if !change.removed.isEmpty { answer = await worker.remove(change.removed.map(\.key)) }
            guard let self, let answer, self.watch.show == id else { return }
            self.watch.marked = Set(answer.value.filter { $0.key.show == id }.map { SeasonAndNumber(season: $0.key.season, number: $0.key.number) })
            if let notice = answer.notice { self.say(notice, error: answer.isInMemoryOnly) }
            self.present(show)
        }
        return effects.track(task)
    }

    private func say(_ message: String, error: Bool) {
        watch.message = message
        watch.messageIsError = error
    }
}
