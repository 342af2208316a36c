/// `discover-tui search QUERY` with standard output not a terminal: the hits as text or JSON.
struct SearchCommand: AsyncCommand {
    /// The query.
    let query: String
    /// The parsed settings.
    let options: AppOptions
    /// The shows' sources.
    let setup: ShowSetup

    /// Prints the hits and exits.
    func run() async -> Never {
        await ShowCommands.runPiped(.search(query), sources: setup.commandSources(options), json: options.json, tsv: options.tsv, ascii: options.ascii)
    }
}
