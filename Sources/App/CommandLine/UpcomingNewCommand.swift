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

    /// Prints the new episodes and exits: 0 with lines, 1 with none.
    func run() async -> Never {
        await NewEpisodesCommand.run(options: options, environment: environment, episodes: setup.nextEpisodes(options), clock: clock)
    }
}
