/// `discover-tui show ID|NAME` with standard output not a terminal: the show's details, or
/// with `--episodes` its episode list, as text or JSON.
struct ShowCommand: AsyncCommand {
    /// A show's id or name.
    let target: String
    /// The parsed settings.
    let options: AppOptions
    /// The shows' sources.
    let setup: ShowSetup

    /// Prints the show and exits.
    func run() async -> Never {
        let sources = setup.commandSources(options)
        if options.episodes {
            await EpisodeListOutput.runPiped(target: target, sources: sources, episodes: setup.episodes(options), json: options.json, tsv: options.tsv, ascii: options.ascii)
        }
        await ShowCommands.runPiped(.show(target), sources: sources, json: options.json, ascii: options.ascii)
    }
}
