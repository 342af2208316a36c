import Domain
import Workers

/// `discover-tui premieres [--days N]`: the series premieres and returning seasons of the next
/// days (`PremieresCommand`).
struct PremieresListCommand: AsyncCommand {
    /// The parsed settings.
    let options: AppOptions
    /// The shows' sources (the schedules).
    let setup: ShowSetup
    /// The present and the viewer's zone.
    let clock: AirClock

    /// Prints the premieres day by day and exits.
    func run() async -> Never {
        await PremieresCommand.run(
            options: options, schedules: setup.schedules(options), seasons: EpisodesComposition.seasons(options: options, cache: setup.cache), clock: clock)
    }
}
