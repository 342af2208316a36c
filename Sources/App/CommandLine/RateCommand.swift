import Domain

/// `discover-tui rate`, `discover-tui ratings`, `discover-tui watched SHOW --mark SxxEyy` and
/// `discover-tui watched SHOW --json`, to a pipe or a terminal (`RatingCommands`).
struct RateCommand: AsyncCommand {
    /// Which command.
    let command: RatingCommand
    /// The parsed settings.
    let options: AppOptions
    /// The environment (the data folder).
    let environment: [String: String]
    /// The shows' sources (finding a show, its episode list).
    let setup: ShowSetup
    /// The present.
    let clock: AirClock

    /// Does the change or prints the list, and exits.
    func run() async -> Never {
        await RatingCommands.run(command, options: options, environment: environment, setup: setup, clock: clock)
    }
}
