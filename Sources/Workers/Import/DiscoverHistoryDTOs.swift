import Domain
import FoundationEssentials

/// The JSON shape of `discover-tui export --json` (documented in docs/history-format.md):
/// `{"format": "discover-tui history", "version": 1, "favourites": […], "watched": […]}`.
enum DiscoverHistoryDTO {
    /// The format's name in `format`.
    static let name = "discover-tui history"

    /// Every provider's id known, absent when unknown.
    struct IDs: Codable {
        var tvmaze: Int?
        var tmdb: Int?
        var tvdb: Int?
        var imdb: String?
    }

    /// A favourite show.
    struct Favourite: Codable {
        var show: IDs
        var name: String
        var rating: Int?
        var addedAt: Int

        enum CodingKeys: String, CodingKey {
            case show, name, rating
            case addedAt = "added_at"
        }
    }

    /// A watched episode.
    struct Mark: Codable {
        var show: IDs
        var showName: String
        var season: Int
        var number: Int
        var episode: IDs?
        var markedAt: Int

        enum CodingKeys: String, CodingKey {
            case show, season, number, episode
            case showName = "show_name", markedAt = "marked_at"
        }
    }

    /// The whole file.
    struct File: Codable {
        var format: String
        var version: Int
        var favourites: [Favourite]
        var watched: [Mark]
    }

    /// The ids as the file writes them.
    static func ids(_ ids: ProviderIDs) -> IDs { IDs(tvmaze: ids.tvmaze, tmdb: ids.tmdb, tvdb: ids.tvdb, imdb: ids.imdb) }

    /// The file's ids as the app's.
    static func providerIDs(_ ids: IDs?) -> ProviderIDs {
        ProviderIDs(tvmaze: ids?.tvmaze, tmdb: ids?.tmdb, tvdb: ids?.tvdb, imdb: ids?.imdb)
    }
}
