import Scenes

/// `discover-tui` (or `shows`) with standard output not a terminal: the whole list as text or JSON.
struct ShowsCommand: AsyncCommand {
    /// The parsed settings.
    let options: AppOptions
    /// The shows' sources.
    let setup: ShowSetup

    /// Prints the list and exits.
    func run() async -> Never {
        let shows = setup.shows
        let first = PopularListInteractor.ListSource(worker: shows.worker, fallbackReasons: shows.fallbackReasons)
        let listed = options.startList == .all ? (shows.allShows ?? first) : first
        await PlainTextOutput.run(worker: listed.worker, fallbackReasons: listed.fallbackReasons, json: options.json, tsv: options.tsv, ascii: options.ascii)
    }
}
