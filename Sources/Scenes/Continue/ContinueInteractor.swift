import Domain
import FoundationEssentials

/// The Continue scene's business logic: the started shows from `WatchedWorking`, each counted
/// against its episode list by its plays and settings (`ContinueItems`); `w` counts a play of a
/// row's next episode (`addPlays`, one transaction, so the next episode of a rewatch counts),
/// `u` takes the last one back (`removePlays`), and the list is read again. A `w` or `u` waits
/// for the one before it to be saved and read, so `w w` marks two episodes one after the other.
@MainActor
package final class ContinueInteractor: ContinueBusinessLogic, ContinueDataStore {
    package var presenter: ContinuePresentationLogic?
    package private(set) var picked: (show: TVShow, provider: String, season: Int?, episode: SeasonAndNumber?)?
    private let watched: any WatchedWorking
    private let episodes: @Sendable (String) -> (any EpisodesWorking)?
    private let now: @Sendable () -> Date
    private let effects: RunningEffects
    /// The last look (`LastLookState`, seconds since 1970 UTC), read at each load; nil or
    /// answering nil: no episode counts as new.
    package var lastLook: (@Sendable () -> Int?)?
    /// The episodes sources as they are now, asked at each read: the scene lives as long as
    /// the app, and the shows list's source may change meanwhile; nil keeps `episodes`.
    package var currentEpisodes: (@MainActor () -> @Sendable (String) -> (any EpisodesWorking)?)?
    private var items: [ContinueItem] = []
    private var isLoading = false
    private var message: String?
    private var messageIsError = false
    /// The last `w` saved, for `u`: the episode, its code and the show's name.
    private var lastMark: (key: WatchedEpisodeKey, code: String, showName: String)?
    /// The last `w` or `u` started; the next one waits for it.
    private var saving: Task<Void, Never>?
    /// Called each time the list read from the store has been shown: what a key of this scene
    /// opens next is read ahead (Stats' year); nil reads nothing ahead.
    private let readAhead: (@MainActor () -> Void)?

    /// Makes an Interactor.
    /// - Parameters:
    ///   - watched: the marks.
    ///   - episodes: the episodes source for a provider's ids.
    ///   - now: the wall clock (what has aired, the marks' time).
    ///   - effects: where the tasks are tracked.
    ///   - readAhead: called each time the list read from the store has been shown (the app
    ///     reads Stats' year ahead); nil for none.
    package init(
        watched: any WatchedWorking, episodes: @escaping @Sendable (String) -> (any EpisodesWorking)?,
        now: @escaping @Sendable () -> Date = { Date() }, effects: RunningEffects = RunningEffects(), readAhead: (@MainActor () -> Void)? = nil
    ) {
        self.watched = watched
        self.episodes = episodes
        self.now = now
        self.effects = effects
        self.readAhead = readAhead
    }

    @discardableResult
    package func loadList(request: ContinueWatching.LoadList.Request) -> Task<Void, Never> {
        isLoading = items.isEmpty
        present()
        let watched = self.watched, episodes = currentEpisodes?() ?? self.episodes, now = self.now(), lastLook = self.lastLook
        let task = Task { [weak self] in
            let fetched = await ContinueItems.fetch(watched: watched, episodes: episodes, now: now, since: lastLook?())
            guard let self else { return }
            self.items = fetched.items
            self.isLoading = false
            if let notice = fetched.notice { (self.message, self.messageIsError) = (notice, true) }
            self.present()
            self.readAhead?()
        }
        return effects.track(task)
    }

    @discardableResult
    package func markNext(request: ContinueWatching.MarkNext.Request) -> Task<Void, Never> {
        queue { await $0.saveNext(id: request.id) }
    }

    @discardableResult
    package func undoMark(request: ContinueWatching.UndoMark.Request) -> Task<Void, Never> {
        queue { await $0.undoLast() }
    }

    package func openNext(request: ContinueWatching.OpenNext.Request) {
        guard let item = items.first(where: { $0.summary.show.description == request.id }) else { return }
        let next = item.progress?.nextUnwatched
        let season = next.map { item.nextKey?.season == 0 ? 0 : $0.season } ?? item.progress?.furthest?.season
        picked = (TVShow(id: item.summary.show.id, name: item.summary.name), item.summary.show.provider, season, next == nil ? nil : item.nextKey)
    }

    /// Runs a change after the one before it.
    private func queue(_ change: @escaping @MainActor (ContinueInteractor) async -> Void) -> Task<Void, Never> {
        let previous = saving
        let task = Task { [weak self] in
            await previous?.value
            guard let self else { return }
            await change(self)
        }
        saving = task
        return effects.track(task)
    }

    /// Counts a play of a row's next episode as the list stands now, then reads the list again.
    private func saveNext(id: String) async {
        guard let item = items.first(where: { $0.summary.show.description == id }) else { return }
        let name = ShowFormatting.capped(item.summary.name)
        guard let next = item.progress?.nextUnwatched, let place = item.nextKey else {
            say(name + ": nothing aired left to watch", error: false)
            present()
            return
        }
        let show = item.summary.show
        let key = WatchedEpisodeKey(show: show, season: place.season, number: place.number)
        let mark = WatchedMark(
            key: key, showName: item.summary.name,
            tvmazeEpisodeID: show.provider == ProviderName.tvmaze.name ? next.id : nil, tmdbEpisodeID: show.provider == ProviderName.tmdb.name ? next.id : nil,
            markedAt: Int(now().timeIntervalSince1970))
        let answer = await watched.addPlays([mark])
        let plays = answer.value.first { $0.key == key }?.plays ?? 1
        lastMark = (key, next.code, name)
        say(next.code + " of " + name + " marked watched" + (plays > 1 ? " (play \(plays))" : "") + " · u undoes", error: false)
        if let notice = answer.notice { say(notice, error: answer.isInMemoryOnly) }
        await reload()
    }

    /// Takes the last `w` back, then reads the list again.
    private func undoLast() async {
        guard let last = lastMark else {
            say("Nothing to undo", error: false)
            present()
            return
        }
        lastMark = nil
        let answer = await watched.removePlays([last.key])
        let plays = answer.value.first { $0.key == last.key }?.plays
        say(last.code + " of " + last.showName + (plays.map { " back to \($0) play" + ($0 == 1 ? "" : "s") } ?? " marked unwatched again"), error: false)
        if let notice = answer.notice { say(notice, error: answer.isInMemoryOnly) }
        await reload()
    }

    /// Reads the items again and presents them.
    private func reload() async {
        let fetched = await ContinueItems.fetch(watched: watched, episodes: currentEpisodes?() ?? episodes, now: now(), since: lastLook?())
        items = fetched.items
        present()
        readAhead?()
    }

    private func say(_ text: String, error: Bool) {
        (message, messageIsError) = (text, error)
    }

    private func present() {
        presenter?.presentList(response: .init(items: items, isLoading: isLoading, message: message, messageIsError: messageIsError))
    }
}
