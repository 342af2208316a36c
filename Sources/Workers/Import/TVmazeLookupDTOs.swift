import FoundationEssentials

/// The parts of TVmaze's answers (https://www.tvmaze.com/api) an import needs: a show's id,
/// name and ids elsewhere (`/lookup/shows`, `/singlesearch/shows`), and episodes' numbers and
/// titles (`/shows/{id}/episodes`).
enum TVmazeLookupDTO {
    /// A show's ids at other services.
    struct Externals: Decodable {
        @JSONField.Value var thetvdb: Int?
        @JSONField.Value var imdb: String?

        enum CodingKeys: String, CodingKey { case thetvdb, imdb }
    }

    /// A show.
    struct Show: Decodable {
        let id: Int
        let name: String?
        let externals: Externals?
    }

    /// An episode.
    struct Episode: Decodable {
        let id: Int
        let name: String?
        let season: Int?
        let number: Int?
    }
}
