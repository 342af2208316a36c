import Domain
import FoundationEssentials

/// `w`, `W`, `x` and `u`: marks change on screen at once and are saved in one transaction
/// each; marking an episode of a show that is not a favourite adds it to the favourites, and
/// says so. `w` on a watched episode counts one more play (a rewatch).
extension EpisodeGuideInteractor {
    /// Reads the show's record (marks with plays, ratings, settings) once its guide says whose
    /// ids they are.
    func loadRecord(show: TVShow, provider: String) {
        let id = WatchedShowID(provider: provider, id: show.id)
        guard watchedWorker != nil, watch.show != id else { return }
        watch = WatchState(show: id)
        readRecord(show: show)
    }

    /// Reads the record again; taken when no save is pending, else once they are answered.
    func readRecord(show: TVShow) {
        guard let worker = watchedWorker, let id = watch.show else { return }
        watch.pending += 1
        let task = Task { [weak self] in
            let answer = await worker.record(of: id)
            self?.finish(record: answer.value, notice: answer.notice, isError: true, show: show, id: id)
        }
        _ = effects.track(task)
    }

    /// Takes a store's answer: the whole record (or the marks) when no other save is pending,
    /// else reads the record again once they are; says its notice; presents the guide again.
    /// - Parameters:
    ///   - record: the show's whole record, when the answer is one.
    ///   - marks: the show's marks, when the answer is those.
    ///   - notice: the store's notice, if any.
    ///   - isError: true to say the notice as an error.
    func finish(record: ShowWatchRecord? = nil, marks: [WatchedMark]? = nil, notice: String?, isError: Bool, show: TVShow, id: WatchedShowID) {
        guard watch.show == id else { return }
        watch.pending = max(0, watch.pending - 1)
        if let notice { say(notice, error: isError) }
        if watch.pending > 0 {
            if record != nil { watch.staleRecord = true }
        } else if let record {
            watch.adopt(record)
        } else if let marks {
            watch.adopt(marks: marks)
            if watch.staleRecord { readRecord(show: show) }
        }
        present(show)
    }

    /// The episode a request names: the season's n-th, or the n-th special.
    func episode(season: Int, index: Int, specials: Bool) -> Episode? {
        guard let guide else { return nil }
        let episodes = specials ? guide.specials : guide.seasons.first { $0.number == season }?.episodes ?? []
        return episodes.indices.contains(index) ? episodes[index] : nil
    }

    /// An episode as messages name it: its code, or `special 3` for a special without one.
    func label(_ episode: Episode, _ key: SeasonAndNumber) -> String {
        episode.number == nil ? "special \(key.number)" : episode.code
    }

    @discardableResult
    package func markWatched(request: EpisodeGuide.MarkWatched.Request) -> Task<Void, Never> {
        guard let show, let guide, let id = watch.show, watchedWorker != nil else { return Task {} }
        let now = wallClock()
        let stamp = Int(now.timeIntervalSince1970)
        func mark(_ episode: Episode) -> WatchedMark? { WatchedMark.of(episode, show: id, showName: show.name, markedAt: stamp, in: guide) }
        func key(_ episode: Episode) -> SeasonAndNumber? { guide.markKey(of: episode) }
        if request.wholeSeason, !request.throughHere {
            return said("On a season's heading, W marks the season's aired episodes watched", show: show)
        }
        if request.specials, request.throughHere {
            return said("W marks the seasons' episodes; w marks a special", show: show)
        }
        guard let selected = episode(season: request.season, index: request.index, specials: request.specials),
            !request.throughHere || selected.number != nil
        else { return Task {} }
        var change = WatchState.Change()
        let text: String
        if request.throughHere {
            let season = guide.seasons.first { $0.number == request.season }?.episodes ?? []
            let regular = guide.regularEpisodes.filter { $0.number != nil }
            let through =
                request.wholeSeason
                ? season.filter { $0.number != nil }
                : regular.prefix { !($0.season == request.season && $0.number == selected.number) } + [selected]
            let aired = through.filter { WatchProgress.hasAired($0, now: now) }
            change.added = aired.filter { key($0).map { watch.marks[$0] == nil } ?? false }.compactMap(mark)
            let first = aired.first?.code ?? selected.code
            let last = request.wholeSeason ? aired.last?.code ?? selected.code : selected.code
            let range = first == last ? last : first + "–" + last
            text =
                aired.isEmpty && request.wholeSeason
                ? "Season \(request.season) has no aired episode yet"
                : change.added.isEmpty ? range + " already watched" : range + " marked watched (\(change.added.count))"
        } else if let place = key(selected), let new = mark(selected) {
            if let old = watch.marks[place] {
                change.played = [new]
                text = label(selected, place) + " watched again · \(old.plays + 1) plays"
            } else {
                change.added = [new]
                text = label(selected, place) + " marked watched"
            }
        } else {
            return said(selected.code + " has no number to keep a mark under", show: show)
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
        if !change.isEmpty {
            parts.append("u undoes")
            watch.last = change
        }
        say(parts.joined(separator: " · "), error: false)
        return save(change, show: show)
    }

    @discardableResult
    package func markUnwatched(request: EpisodeGuide.MarkUnwatched.Request) -> Task<Void, Never> {
        guard let show, let guide, watch.show != nil, watchedWorker != nil else { return Task {} }
        if request.onHeading { return said("x marks one episode unwatched: move onto it", show: show) }
        guard let selected = episode(season: request.season, index: request.index, specials: request.specials),
            let place = guide.markKey(of: selected)
        else { return Task {} }
        guard let old = watch.marks[place] else { return said(label(selected, place) + " is not marked watched", show: show) }
        let change = WatchState.Change(removed: [old])
        watch.last = change
        let plays = old.plays == 1 ? "" : " (\(old.plays) plays)"
        say(label(selected, place) + " marked unwatched" + plays + " · u undoes", error: false)
        return save(change, show: show)
    }

    @discardableResult
    package func undoWatched(request: EpisodeGuide.UndoWatched.Request) -> Task<Void, Never> {
        guard let show else { return Task {} }
        guard let last = watch.last else { return said("Nothing to undo", show: show) }
        watch.last = nil
        var parts = ["Undone"]
        if let key = last.favourite, let book = favourites {
            book.remove(key)
            parts.append(ShowFormatting.capped(show.name) + " removed from favourites")
        }
        say(parts.joined(separator: " · "), error: false)
        return save(last.reversed, show: show)
    }

    /// Applies a change on screen at once, then saves it (each part one transaction) and
    /// shows the marks the store holds after it.
    private func save(_ change: WatchState.Change, show: TVShow) -> Task<Void, Never> {
        watch.apply(change)
        present(show)
        guard let worker = watchedWorker, let id = watch.show, !change.isEmpty else { return Task {} }
        watch.pending += 1
        let task = Task { [weak self] in
            var answer = WatchedAnswer<[WatchedMark]>(value: [])
            if !change.added.isEmpty { answer = await worker.add(change.added) }
            if !change.removed.isEmpty { answer = await worker.remove(change.removed.map(\.key)) }
            if !change.played.isEmpty { answer = await worker.addPlays(change.played) }
            if !change.unplayed.isEmpty { answer = await worker.removePlays(change.unplayed.map(\.key)) }
            self?.finish(marks: answer.value, notice: answer.notice, isError: answer.isInMemoryOnly, show: show, id: id)
        }
        return effects.track(task)
    }

    /// Says a line, presents the guide, and saves nothing.
    func said(_ message: String, show: TVShow) -> Task<Void, Never> {
        say(message, error: false)
        present(show)
        return Task {}
    }

    func say(_ message: String, error: Bool) {
        watch.message = message
        watch.messageIsError = error
    }
}
