/// The rating shows are sorted by ("by rating"): a Bayesian average, which pulls a rating that
/// few people stand behind towards a prior mean, so that a show rated 10.0 by three voters does
/// not go before one rated 8.9 by thousands.
///
/// The formula is the weighted rating IMDb gave for its Top 250 list, and the usual Bayesian
/// estimate of a mean with a prior (a normal prior worth `C` observations):
///
///     score = (v × R + C × m) / (v + C)
///
/// - `R`: the show's mean rating, 0–10 (`TVShow.rating`);
/// - `v`: how much stands behind it: the number of votes where the source gives it (TMDB's
///   `vote_count`, `TVShow.voteCount`), else TVmaze's popularity `weight` (0–100: TVmaze gives
///   no vote count, and its weight grows with how many follow and rate a show);
/// - `m`: the prior mean, 7.0 (a little under the mean of the rated shows: 7.3 over the 662 of
///   the embedded TVmaze snapshot), so that a rating with nothing behind it is not flattered;
/// - `C`: the confidence, in the units of `v`: 100 votes (TMDB), or 20 points of weight
///   (TVmaze).
///
/// With little behind it a rating counts for little (the score stays near `m`); with much, the
/// score tends to `R`. Sources: the weighted rating IMDb published for its Top 250 chart
/// (`WR = (v ÷ (v+m)) × R + (m ÷ (v+m)) × C` in its own letters, m its minimum of votes and C
/// the mean vote); Evan Miller, "Bayesian Average Ratings" (evanmiller.org).
public enum WeightedRating {
    /// The prior mean `m`, on the 0–10 scale.
    public static let priorMean = 7.0
    /// The confidence `C` of a vote count: 100 votes.
    public static let votesConfidence = 100.0
    /// The confidence `C` of TVmaze's weight: 20 points (of 0–100).
    public static let weightConfidence = 20.0

    /// The score a show is sorted by, 0–10; nil for a show without a rating (it sorts last).
    /// - Parameter show: the show.
    public static func score(_ show: TVShow) -> Double? {
        guard let rating = show.rating else { return nil }
        return score(rating: rating, votes: show.voteCount, weight: show.weight)
    }

    /// The score of a rating, 0–10 (see the type's formula).
    /// - Parameters:
    ///   - rating: the mean rating `R`, 0–10.
    ///   - votes: the number of votes behind it, when the source gives it (a negative count
    ///     counts as none).
    ///   - weight: TVmaze's popularity weight, 0–100, used when there is no vote count.
    /// - Returns: `(v × R + C × m) / (v + C)`.
    public static func score(rating: Double, votes: Int?, weight: Int?) -> Double {
        let (v, c): (Double, Double)
        if let votes {
            (v, c) = (Double(max(0, votes)), votesConfidence)
        } else {
            (v, c) = (Double(max(0, weight ?? 0)), weightConfidence)
        }
        return (v * rating + c * priorMean) / (v + c)
    }
}
