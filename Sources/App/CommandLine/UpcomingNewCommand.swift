import Domain
import Workers

/// `discover-tui upcoming --new`: the favourites' episodes aired since the last run
/// (`NewEpisodesCommand`).
struct UpcomingNewCommand: AsyncCommand {
    /// The parsed settings.
    let options: AppOptions
    /// The environment (the state folder).
    let environment: [String: String]
    /// The shows' sources (the episode lists).
    let setup: ShowSetup
    /// The present and the viewer's zone.
    let clock: AirClock

    /// Prints the new episodes and what changed, and exits: 0 with lines, 1 with none, 3 when a
    /// show could not be asked.
    func run() async -> Never {
        await NewEpisodesCommand.run(
            options: options, environment: environment, episodes: setup.nextEpisodes(options), clock: clock, reasons: setup.shows.fallbackReasons)
    }
}
