/// Which source to use for a kind of data, as `--source` names it: TV (`--source` before any
/// command) or places (`--source` after `places`).
enum SourceChoice: Sendable, Equatable {
    /// The providers of the role in the table's order, each that the settings let `auto` try
    /// (TV: TMDB with a key, then TVmaze; places: Geoapify with a key, then OpenStreetMap's
    /// Overpass), then the embedded snapshot.
    case auto
    /// One provider only, by its `--source` word (`tmdb`, `tvmaze`, `geoapify`, `osm`:
    /// `ProviderRow.choice`).
    case provider(String)
    /// The embedded snapshot (for TV, or `--snapshot PATH`) only: no network.
    case snapshot

    /// The word for it: `auto`, `tmdb`, `osm`, `snapshot`.
    var rawValue: String {
        switch self {
        case .auto: return "auto"
        case .provider(let word): return word
        case .snapshot: return "snapshot"
        }
    }

    /// The choice a word names among a table's providers of one role, or nil.
    /// - Parameters:
    ///   - word: for example `tvmaze` (already lower-cased).
    ///   - role: `.tv` or `.places`: whose `--source` words count.
    ///   - table: the providers.
    init?(_ word: String, role: ProviderRole, table: ProviderTable = .standard) {
        switch word {
        case "auto": self = .auto
        case "snapshot": self = .snapshot
        case _ where table.choices(role).contains(word): self = .provider(word)
        default: return nil
        }
    }

    /// Every word of a role, in the order `--help` lists them: `auto`, the providers' (by
    /// name), `snapshot`.
    /// - Parameters:
    ///   - role: `.tv` or `.places`.
    ///   - table: the providers.
    static func words(_ role: ProviderRole, table: ProviderTable = .standard) -> [String] {
        ["auto"] + table.choices(role).sorted() + ["snapshot"]
    }

    /// True for one live provider named alone.
    var isProvider: Bool {
        if case .provider = self { return true }
        return false
    }
}
