/// An episode's season and number within a show.
public struct SeasonAndNumber: Sendable, Hashable, Comparable {
    /// The season.
    public let season: Int
    /// The number in the season.
    public let number: Int

    /// Makes one.
    /// - Parameters:
    ///   - season: the season.
    ///   - number: the number in the season.
    public init(season: Int, number: Int) {
        self.season = season
        self.number = number
    }

    /// By season, then number.
    public static func < (lhs: SeasonAndNumber, rhs: SeasonAndNumber) -> Bool {
        (lhs.season, lhs.number) < (rhs.season, rhs.number)
    }
}
