/// One mode of the program (`shows`, `places`, `search`, `show`, `tonight`, `upcoming`,
/// `--check`, `--generate`, the full screen), as swift-argument-parser's
/// `AsyncParsableCommand` has it: a value made from the parsed command line, run once.
/// `DiscoverApp.main` picks one and runs it; a new mode is one more conforming type.
@MainActor
protocol AsyncCommand {
    /// Does the mode's work and ends the process with its exit status.
    func run() async -> Never
}
