import Domain
import Scenes
import Workers

/// What the Tonight scene is built from.
struct TonightSources {
    /// The day schedules (TVmaze live, or the recordings).
    let schedules: any ScheduleWorking
    /// The broadcast schedule's country.
    let country: String
    /// The day asked for (`--date`); nil for today in the viewer's zone.
    let date: CalendarDate?
    /// Next episodes by a favourite's provider.
    let episodes: @Sendable (String) -> (any EpisodesWorking)?
    /// Where a schedule's show's details come from when the list's source is not TVmaze; nil
    /// to use the list's.
    let details: (any TVShowsWorking)?
    /// Shows' seasons (episode order), for Upcoming's `FINALE`; nil for none.
    let seasons: (any SeasonsWorking)?
    /// New this week's days and whether they are the recordings (`PremieresCommand.days`).
    let premiereDays: @Sendable () -> (days: [CalendarDate], recorded: Bool)
    /// Whether the watched episodes' database exists: until it does, the lists read no mark
    /// (reading would make an empty one).
    var hasWatchedStore: @Sendable () -> Bool = { true }
}

extension SceneFactory {
    /// The Tonight scene on one of its lists, with ShowDetail behind Enter and the watched
    /// episodes behind `w` and `u`; nil without schedules.
    /// - Parameter listing: the list shown first.
    func makeTonight(listing: Tonight.Listing) -> TonightViewController? {
        guard let sources = dependencies.tonight else { return nil }
        let clock = dependencies.clocks.zones
        let book = dependencies.favourites
        let interactor = TonightInteractor(
            schedules: sources.schedules, country: sources.country,
            today: { clock.viewer(clock.now())?.date ?? .unixEpoch },
            favourites: { await book?.reload().favourites ?? [] },
            episodes: sources.episodes, seasons: sources.seasons, premiereDays: sources.premiereDays,
            watched: dependencies.watched, hasWatchedStore: sources.hasWatchedStore, now: dependencies.clocks.now,
            clock: dependencies.clocks.wait, effects: dependencies.effects)
        let details = sources.details
        let router = TonightRouter { [unowned self] in
            let scene = self.makeShowDetail(worker: details)
            return (scene.viewController, scene.dataStore)
        }
        return assemble(
            TonightViewController(listing: listing, date: sources.date), interactor: interactor,
            presenter: TonightPresenter(clock: clock), router: router)
    }
}
