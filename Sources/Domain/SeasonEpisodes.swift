/// The regular episodes of one season, in airing order.
public struct SeasonEpisodes: Sendable, Hashable {
    /// The season number, from 1.
    public let number: Int
    /// The season's episodes, ordered by episode number (unnumbered ones last, by air date).
    public let episodes: [Episode]

    /// Makes a season.
    /// - Parameters:
    ///   - number: the season number.
    ///   - episodes: its episodes.
    public init(number: Int, episodes: [Episode]) {
        self.number = number
        self.episodes = episodes
    }

    /// The arithmetic mean of the rated episodes' ratings, 0–10; nil when none is rated.
    public var averageRating: Double? {
        let ratings = episodes.compactMap { $0.rating?.average }
        guard !ratings.isEmpty else { return nil }
        return ratings.reduce(0, +) / Double(ratings.count)
    }
}
