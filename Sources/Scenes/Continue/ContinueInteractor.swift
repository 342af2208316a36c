import Domain
import FoundationEssentials

/// The Continue scene's business logic: the started shows from `WatchedWorking`, each counted
/// against its episode list (`ContinueItems`); `w` marks a row's next episode in one
/// transaction and reads that show's progress again.
@MainActor
package final class ContinueInteractor: ContinueBusinessLogic, ContinueDataStore {
    package var presenter: ContinuePresentationLogic?
    package private(set) var picked: (show: TVShow, provider: String, season: Int?)?
    private let watched: any WatchedWorking
    private let episodes: @Sendable (String) -> (any EpisodesWorking)?
    private let now: @Sendable () -> Date
    private let effects: RunningEffects
    /// The last look (`LastLookState`, seconds since 1970 UTC), read at each load; nil or
    /// answering nil: no episode counts as new.
    package var lastLook: (@Sendable () -> Int?)?
    private var items: [ContinueItem] = []
    private var isLoading = false
    private var message: String?
    private var messageIsError = false

    /// Makes an Interactor.
    /// - Parameters:
    ///   - watched: the marks.
    ///   - episodes: the episodes source for a provider's ids.
    ///   - now: the wall clock (what has aired, the marks' time).
    ///   - effects: where the tasks are tracked.
    package init(
        watched: any WatchedWorking, episodes: @escaping @Sendable (String) -> (any EpisodesWorking)?,
        now: @escaping @Sendable () -> Date = { Date() }, effects: RunningEffects = RunningEffects()
    ) {
        self.watched = watched
        self.episodes = episodes
        self.now = now
        self.effects = effects
    }

    @discardableResult
    package func loadList(request: ContinueWatching.LoadList.Request) -> Task<Void, Never> {
        isLoading = items.isEmpty
        present()
        let watched = self.watched, episodes = self.episodes, now = self.now(), lastLook = self.lastLook
        let task = Task { [weak self] in
            let fetched = await ContinueItems.fetch(watched: watched, episodes: episodes, now: now, since: lastLook?())
            guard let self else { return }
            self.items = fetched.items
            self.isLoading = false
            if let notice = fetched.notice { (self.message, self.messageIsError) = (notice, true) }
            self.present()
        }
        return effects.track(task)
    }

    @discardableResult
    package func markNext(request: ContinueWatching.MarkNext.Request) -> Task<Void, Never> {
        guard let index = items.firstIndex(where: { $0.summary.show.description == request.id }) else { return Task {} }
        let item = items[index]
        guard let next = item.progress?.nextUnwatched else {
            (message, messageIsError) = (ShowFormatting.capped(item.summary.name) + ": nothing aired left to watch", false)
            present()
            return Task {}
        }
        let stamp = Int(now().timeIntervalSince1970)
        guard let mark = WatchedMark.of(next, show: item.summary.show, showName: item.summary.name, markedAt: stamp) else { return Task {} }
        (message, messageIsError) = (next.code + " of " + ShowFormatting.capped(item.summary.name) + " marked watched", false)
        let watched = self.watched, episodes = self.episodes, now = self.now(), lastLook = self.lastLook
        let task = Task { [weak self] in
            let answer = await watched.add([mark])
            let fetched = await ContinueItems.fetch(watched: watched, episodes: episodes, now: now, since: lastLook?())
            guard let self else { return }
            self.items = fetched.items
            if let notice = answer.notice { (self.message, self.messageIsError) = (notice, answer.isInMemoryOnly) }
            self.present()
        }
        return effects.track(task)
    }

    package func openNext(request: ContinueWatching.OpenNext.Request) {
        guard let item = items.first(where: { $0.summary.show.description == request.id }) else { return }
        let season = item.progress?.nextUnwatched?.season ?? item.progress?.furthest?.season
        picked = (TVShow(id: item.summary.show.id, name: item.summary.name), item.summary.show.provider, season)
    }

    private func present() {
        presenter?.presentList(response: .init(items: items, isLoading: isLoading, message: message, messageIsError: messageIsError))
    }
}
