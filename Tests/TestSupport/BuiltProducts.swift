import Foundation

/// Paths of what `swift build` / `swift test` built.
public enum BuiltProducts {
    /// The `discover-tui` executable: `$DISCOVER_BIN` when set, else the one beside the test
    /// bundle (`.build/<configuration>/discover-tui`).
    public static var discover: String {
        if let path = ProcessInfo.processInfo.environment["DISCOVER_BIN"], !path.isEmpty { return path }
        let testBinary = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
        var dir = testBinary.deletingLastPathComponent()
        // The test binary lives in `.build/<triple>/<configuration>/` (possibly inside an
        // .xctest bundle): walk up until a `discover-tui` file appears.
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("discover-tui").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/discover-tui").path
    }

    /// The test-only `favourites-stress` program, built beside `discover-tui`.
    public static var favouritesStress: String {
        let beside = URL(fileURLWithPath: discover).deletingLastPathComponent().appendingPathComponent("favourites-stress").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return packageRoot.appendingPathComponent(".build/debug/favourites-stress").path
    }

    /// The test-only `watched-stress` program, built beside `discover-tui`.
    public static var watchedStress: String {
        let beside = URL(fileURLWithPath: discover).deletingLastPathComponent().appendingPathComponent("watched-stress").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return packageRoot.appendingPathComponent(".build/debug/watched-stress").path
    }

    /// The package's root folder.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
