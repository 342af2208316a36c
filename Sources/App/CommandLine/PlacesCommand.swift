/// `discover-tui places` with standard output not a terminal: the places as text or JSON.
struct PlacesCommand: AsyncCommand {
    /// The parsed settings.
    let options: AppOptions
    /// The environment (for the Geoapify key).
    let environment: [String: String]

    /// Prints the places and exits.
    func run() async -> Never {
        await PlainTextOutput.runPOIs(DiscoverApp.makePOIs(options: options, environment: environment), json: options.json, tsv: options.tsv, ascii: options.ascii)
    }
}
