import Domain
import FoundationEssentials

extension Tonight {
    /// What the scene knows of the watched episodes: plays by episode for the shows read, which
    /// shows were read or are being read, the started shows, the saves under way and the last
    /// mark (for `u`).
    struct Marks {
        /// Plays by episode, for the shows read.
        var plays: [WatchedEpisodeKey: Int] = [:]
        /// The shows whose marks were read.
        var read: Set<WatchedShowID> = []
        /// The shows whose marks are being read.
        var asking: Set<WatchedShowID> = []
        /// The shows with at least one mark, once asked.
        var started: Set<WatchedShowID>?
        /// The shows changed here (their marks are the store's answers to the changes, not a read).
        var changed: Set<WatchedShowID> = []
        /// Saves not yet answered.
        var pending = 0
        /// The last `w`: the show's name, the episodes and their keys.
        var last: (show: String, episodes: [Episode], keys: [WatchedEpisodeKey])?
        /// The episodes marked watched.
        var watched: Set<WatchedEpisodeKey> { Set(plays.keys) }
    }
}

/// `w` and `u` on the three lists, and the marks read for the shows they hold: a mark shows at
/// once (the row dims), is saved in one transaction (`addPlays`, `removePlays`), and the
/// store's answer is taken once no other save is pending.
extension TonightInteractor {
    /// Reads the marks of the shows not read yet: the started shows once, then each started
    /// show's marks; the lists are presented again when any was found. Nothing is read before
    /// the watched database exists.
    func readMarks(of shows: [WatchedShowID]) {
        guard let worker = watchedWorker, hasWatchedStore() else { return }
        let wanted = Set(shows).subtracting(marks.read).subtracting(marks.asking)
        guard !wanted.isEmpty else { return }
        marks.asking.formUnion(wanted)
        let known = marks.started
        let task = Task { [weak self] in
            var started = known
            if started == nil { started = Set(await worker.startedShows().value.map(\.show)) }
            var found: [WatchedMark] = []
            for show in wanted where started?.contains(show) == true {
                found += await worker.marks(of: show).value
            }
            self?.adopt(read: wanted, started: started, marks: found)
        }
        _ = effects.track(task)
    }

    private func adopt(read: Set<WatchedShowID>, started: Set<WatchedShowID>?, marks found: [WatchedMark]) {
        marks.started = marks.started ?? started
        marks.asking.subtract(read)
        marks.read.formUnion(read)
        let kept = found.filter { !marks.changed.contains($0.key.show) }
        for mark in kept { marks.plays[mark.key] = mark.plays }
        if !kept.isEmpty { presentLists() }
    }

    /// Presents again each list loaded, with the marks as they are.
    func presentLists() {
        presentSchedule()
        presentUpcoming()
        presentPremieres()
    }

    @discardableResult
    package func markWatched(request: Tonight.MarkWatched.Request) -> Task<Void, Never> {
        guard let worker = watchedWorker else {
            presenter?.presentWatched(response: .init(.noStore, isError: true))
            return Task {}
        }
        let found = request.ids.compactMap { targets[request.listing]?[$0] }
        let markable = found.compactMap { target in
            Tonight.watchKey(provider: target.provider, show: target.show.id, episode: target.episode).map { (target, $0) }
        }
        guard let first = markable.first else {
            presenter?.presentWatched(response: .init(.nothingToMark(show: found.first?.show.name)))
            return Task {}
        }
        // A folded row marks its episodes not yet watched, or every one when all are.
        let unwatched = markable.filter { marks.plays[$0.1] == nil }
        let chosen = markable.count > 1 && !unwatched.isEmpty ? unwatched : markable
        let stamp = Int(wallClock().timeIntervalSince1970)
        let changes = chosen.compactMap { target, key in
            WatchedMark.of(target.episode, show: key.show, showName: target.show.name, markedAt: stamp)
        }
        for (_, key) in chosen {
            marks.plays[key, default: 0] += 1
            marks.changed.insert(key.show)
        }
        marks.last = (first.0.show.name, chosen.map(\.0.episode), chosen.map(\.1))
        presenter?.presentWatched(
            response: .init(.marked(show: first.0.show.name, episodes: chosen.map(\.0.episode), plays: chosen.map { marks.plays[$0.1] ?? 1 })))
        presentLists()
        return save { await worker.addPlays(changes) }
    }

    @discardableResult
    package func undoWatched(request: Tonight.UndoWatched.Request) -> Task<Void, Never> {
        guard let worker = watchedWorker else {
            presenter?.presentWatched(response: .init(.noStore, isError: true))
            return Task {}
        }
        guard let last = marks.last else {
            presenter?.presentWatched(response: .init(.nothingToUndo))
            return Task {}
        }
        marks.last = nil
        for key in last.keys {
            let plays = (marks.plays[key] ?? 1) - 1
            marks.plays[key] = plays > 0 ? plays : nil
        }
        presenter?.presentWatched(response: .init(.undone(show: last.show, episodes: last.episodes)))
        presentLists()
        return save { await worker.removePlays(last.keys) }
    }

    /// Runs a save; its answer (every mark of the shows concerned) replaces theirs once no
    /// other save is pending, and its notice is said.
    private func save(_ call: @escaping @Sendable () async -> WatchedAnswer<[WatchedMark]>) -> Task<Void, Never> {
        marks.pending += 1
        let task = Task { [weak self] in
            let answer = await call()
            self?.finish(answer)
        }
        return effects.track(task)
    }

    private func finish(_ answer: WatchedAnswer<[WatchedMark]>) {
        marks.pending = max(0, marks.pending - 1)
        if let notice = answer.notice {
            presenter?.presentWatched(response: .init(.notice(notice), isError: answer.isInMemoryOnly))
        }
        guard marks.pending == 0 else { return }
        let shows = Set(answer.value.map(\.key.show))
        let before = marks.plays
        marks.plays = marks.plays.filter { !shows.contains($0.key.show) }
        for mark in answer.value { marks.plays[mark.key] = mark.plays }
        if marks.plays != before { presentLists() }
    }
}
