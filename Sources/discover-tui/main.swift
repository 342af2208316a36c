import App
import FoundationEssentials

/// The `discover-tui` executable: everything lives in `DiscoverApp`, whose `main` runs on the
/// main actor and ends the process itself.
await DiscoverApp.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
