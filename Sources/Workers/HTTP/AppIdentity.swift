/// The product's name and version as sent in `User-Agent` and printed by `--version`.
public enum AppIdentity {
    /// The program's name.
    public static let name = "discover-tui"
    /// The version, semantic versioning.
    public static let version = "0.1.0"
    /// The `User-Agent` header value: `discover-tui/0.1.0 (terminal browser for TV shows and places)`.
    public static let userAgent = "\(name)/\(version) (terminal browser for TV shows and places)"
}
