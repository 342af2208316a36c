import Domain
import FoundationEssentials

/// The JSON shape of `discover-tui export --json` (documented in docs/history-format.md):
/// `{"format": "discover-tui history", "version": 2, "favourites": […], "watched": […],
/// "shows": […], "rated": […]}`. Version 1 had neither `shows` nor `rated`, and no plays or
/// ratings on the watched episodes; it reads as a version 2 file without them.
enum DiscoverHistoryDTO {
    /// The format's name in `format`.
    static let name = "discover-tui history"
    /// The version written.
    static let version = 2
    /// The versions read.
    static let readableVersions = 1...2

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

    /// A watched episode: `plays` always written (version 2), `last_played_at` with two plays
    /// or more, `rating` and `rated_at` when rated.
    struct Mark: Codable {
        var show: IDs
        var showName: String
        var season: Int
        var number: Int
        var episode: IDs?
        var markedAt: Int
        var plays: Int?
        var lastPlayedAt: Int?
        var rating: Int?
        var ratedAt: Int?

        enum CodingKeys: String, CodingKey {
            case show, season, number, episode, plays, rating
            case showName = "show_name", markedAt = "marked_at", lastPlayedAt = "last_played_at", ratedAt = "rated_at"
        }
    }

    /// An episode rated but not watched.
    struct Rated: Codable {
        var show: IDs
        var showName: String
        var season: Int
        var number: Int
        var episode: IDs?
        var rating: Int
        var ratedAt: Int

        enum CodingKeys: String, CodingKey {
            case show, season, number, episode, rating
            case showName = "show_name", ratedAt = "rated_at"
        }
    }

    /// A show's rating and settings: `specials` and `order` always written, `rating` and
    /// `rated_at` when rated.
    struct Show: Codable {
        var show: IDs
        var name: String
        var rating: Int?
        var ratedAt: Int?
        var specials: Bool?
        var order: String?

        enum CodingKeys: String, CodingKey {
            case show, name, rating, specials, order
            case ratedAt = "rated_at"
        }
    }

    /// The whole file (`shows` and `rated` absent from version 1).
    struct File: Codable {
        var format: String
        var version: Int
        var favourites: [Favourite]
        var watched: [Mark]
        var shows: [Show]?
        var rated: [Rated]?
    }

    /// The ids as the file writes them.
    static func ids(_ ids: ProviderIDs) -> IDs { IDs(tvmaze: ids.tvmaze, tmdb: ids.tmdb, tvdb: ids.tvdb, imdb: ids.imdb) }

    /// The file's ids as the app's.
    static func providerIDs(_ ids: IDs?) -> ProviderIDs {
        ProviderIDs(tvmaze: ids?.tvmaze, tmdb: ids?.tmdb, tvdb: ids?.tvdb, imdb: ids?.imdb)
    }
}
