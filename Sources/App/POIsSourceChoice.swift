/// Which places source to use (`--source` after the `places` command).
enum POIsSourceChoice: Sendable, Equatable {
    /// The places providers of the provider table in turn, each that the settings let `auto`
    /// try (Geoapify with a key, then OpenStreetMap's Overpass), then the embedded snapshot.
    case auto
    /// One provider only, by its `--source` word (`geoapify`, `osm`: `ProviderRow.choice`).
    case provider(String)
    /// The embedded snapshot only (no network).
    case snapshot

    /// The word for it: `auto`, `osm`, `snapshot`.
    var rawValue: String {
        switch self {
        case .auto: return "auto"
        case .provider(let word): return word
        case .snapshot: return "snapshot"
        }
    }

    /// The choice a word names among a table's places providers, or nil.
    /// - Parameters:
    ///   - word: for example `osm` (already lower-cased).
    ///   - table: the providers.
    init?(_ word: String, table: ProviderTable = .standard) {
        switch word {
        case "auto": self = .auto
        case "snapshot": self = .snapshot
        case _ where table.placesChoices.contains(word): self = .provider(word)
        default: return nil
        }
    }

    /// Every word, in the order `--help` lists them: `auto`, the providers' (by name), `snapshot`.
    /// - Parameter table: the providers.
    static func words(_ table: ProviderTable = .standard) -> [String] {
        ["auto"] + table.placesChoices.sorted() + ["snapshot"]
    }
}
