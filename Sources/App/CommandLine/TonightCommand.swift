import Domain
import Terminal

/// `discover-tui tonight` with standard output not a terminal: the day's schedule as text.
struct TonightCommand: AsyncCommand {
    /// The parsed settings.
    let options: AppOptions
    /// The shows' sources.
    let setup: ShowSetup
    /// The viewer's clock.
    let clock: AirClock

    /// Prints the schedule and exits.
    func run() async -> Never {
        await ScheduleCommands.runTonight(options: options, schedules: setup.schedules(options), clock: clock, reasons: setup.shows.fallbackReasons)
    }
}
