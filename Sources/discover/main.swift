#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import App

/// The `discover` executable: everything lives in `DiscoverApp`.
MainActor.assumeIsolated {
    DiscoverApp.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
}
