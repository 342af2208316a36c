import Domain
import Workers

/// `discover-tui continue` and `discover-tui watched SHOW [--season N]`, to a pipe or a
/// terminal: each started show's next episode, or one show's progress (`WatchedCommands`).
struct ContinueCommand: AsyncCommand {
    /// Which of the two.
    let command: WatchedCommand
    /// The parsed settings.
    let options: AppOptions
    /// The environment (the data folder).
    let environment: [String: String]
    /// The shows' sources (the episode lists).
    let setup: ShowSetup
    /// The present and the viewer's zone.
    let clock: AirClock

    /// Prints the list or the progress and exits.
    func run() async -> Never {
        await WatchedCommands.run(command, options: options, environment: environment, episodes: setup.nextEpisodes(options), clock: clock)
    }
}

/// `discover-tui premieres [--days N]`: the series and season premieres of the next days
/// (`PremieresCommand`).
struct PremieresListCommand: AsyncCommand {
    /// The parsed settings.
    let options: AppOptions
    /// The shows' sources (the schedules).
    let setup: ShowSetup
    /// The present and the viewer's zone.
    let clock: AirClock

    /// Prints the premieres day by day and exits.
    func run() async -> Never {
        await PremieresCommand.run(options: options, schedules: setup.schedules(options), clock: clock)
    }
}

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
