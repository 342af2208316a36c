/// Which TV source to use (`--source`).
enum TVSourceChoice: Sendable, Equatable {
    /// The TV providers of the provider table in turn, each that the settings let `auto` try
    /// (TMDB with a key, then TVmaze), then the embedded snapshot.
    case auto
    /// One provider only, by its `--source` word (`tmdb`, `tvmaze`: `ProviderRow.choice`).
    case provider(String)
    /// The embedded snapshot (or `--snapshot PATH`) only.
    case snapshot

    /// The word for it: `auto`, `tmdb`, `snapshot`.
    var rawValue: String {
        switch self {
        case .auto: return "auto"
        case .provider(let word): return word
        case .snapshot: return "snapshot"
        }
    }

    /// The choice a word names among a table's TV providers, or nil.
    /// - Parameters:
    ///   - word: for example `tvmaze` (already lower-cased).
    ///   - table: the providers.
    init?(_ word: String, table: ProviderTable = .standard) {
        switch word {
        case "auto": self = .auto
        case "snapshot": self = .snapshot
        case _ where table.tvChoices.contains(word): self = .provider(word)
        default: return nil
        }
    }

    /// Every word, in the order `--help` lists them: `auto`, the providers' (by name), `snapshot`.
    /// - Parameter table: the providers.
    static func words(_ table: ProviderTable = .standard) -> [String] {
        ["auto"] + table.tvChoices.sorted() + ["snapshot"]
    }

    /// True for one live provider named alone.
    var isProvider: Bool {
        if case .provider = self { return true }
        return false
    }
}
