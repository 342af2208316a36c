/// Where a setting came from, to say so without saying the value (`discover-tui --check`).
public enum SettingOrigin: Sendable, Equatable, CustomStringConvertible {
    /// An environment variable, by name, for example `TMDB_API_KEY`.
    case environment(String)
    /// A line of the configuration file.
    case configFile(path: String, line: Int)

    /// `env TMDB_API_KEY`, or `/home/ana/.config/discover-tui/config line 3`.
    public var description: String {
        switch self {
        case .environment(let name): return "env \(name)"
        case .configFile(let path, let line): return "\(path) line \(line)"
        }
    }
}
