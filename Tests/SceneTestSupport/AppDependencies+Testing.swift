import Domain
import FoundationEssentials
import Scenes

@testable import App

extension AppDependencies {
    /// Dependencies for a scene test: the given shows, and no Tonight, clipboard or offline
    /// search; the system's clocks in UTC.
    /// - Parameters:
    ///   - shows: the Shows section's source.
    ///   - favourites: the favourites, or nil for none.
    ///   - episodes: the episodes Worker by data source, or none.
    ///   - services: the viewer's streaming services (`services` setting), or none.
    /// - Returns: the dependencies, with a new `RunningEffects`.
    @MainActor
    package static func testing(
        shows: any TVShowsWorking, favourites: FavouritesBook? = nil,
        episodes: @escaping @MainActor (DataSource?) -> (any EpisodesWorking)? = { _ in nil },
        services: StreamingServices? = nil
    ) -> AppDependencies {
        AppDependencies(
            shows: Shows(worker: shows, services: services), people: .none, episodes: episodes, tonight: nil,
            clocks: Clocks(wait: ContinuousClock(), now: { Date() }, zones: .viewerOnly),
            favourites: favourites, watched: nil, clipboard: nil, effects: RunningEffects())
    }
}
