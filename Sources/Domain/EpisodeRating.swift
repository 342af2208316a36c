/// A mean user rating on the 0–10 scale, with how many votes made it when the provider says
/// (TMDB `vote_count`; TVmaze gives no count).
public struct EpisodeRating: Sendable, Hashable {
    /// The mean rating, 0–10 (TVmaze `rating.average`, TMDB `vote_average`).
    public let average: Double
    /// The number of votes, when known.
    public let voteCount: Int?

    /// Makes a rating; nil when `average` is not a number within 0–10, or when it is 0 with
    /// no votes (TMDB writes 0 for an episode nobody rated).
    /// - Parameters:
    ///   - average: the mean, 0–10.
    ///   - voteCount: the number of votes, if known (negative counts are dropped).
    public init?(average: Double, voteCount: Int? = nil) {
        guard average.isFinite, (0...10).contains(average) else { return nil }
        if average == 0, (voteCount ?? 0) == 0 { return nil }
        self.average = average
        self.voteCount = voteCount.flatMap { $0 >= 0 ? $0 : nil }
    }
}
