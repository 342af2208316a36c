import Domain

/// `discover-tui upcoming` with standard output not a terminal, or `--ics`: the favourites'
/// next episodes as text or as an iCalendar file.
struct UpcomingCommand: AsyncCommand {
    /// The parsed settings.
    let options: AppOptions
    /// The environment.
    let environment: [String: String]
    /// The shows' sources.
    let setup: ShowSetup
    /// The viewer's clock.
    let clock: AirClock

    /// Prints the episodes and exits.
    func run() async -> Never {
        await ScheduleCommands.runUpcoming(
            options: options, environment: environment, episodes: setup.nextEpisodes(options), clock: clock,
            reasons: setup.shows.fallbackReasons)
    }
}
