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
