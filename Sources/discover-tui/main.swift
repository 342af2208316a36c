import App
import FoundationEssentials

/// The `discover-tui` executable: everything lives in `DiscoverApp`.
MainActor.assumeIsolated {
    DiscoverApp.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
}
