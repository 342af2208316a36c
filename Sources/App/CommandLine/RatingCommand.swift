import Domain

/// A command on the ratings and plays (`RatingCommands`): `rate`, `ratings`,
/// `watched SHOW --mark SxxEyy` and `watched SHOW --json`.
enum RatingCommand: Equatable, Sendable {
    /// Rates a show (a name or an id), or one of its episodes; nil clears the rating.
    case rate(show: String, episode: SeasonAndNumber?, rating: UserRating?)
    /// Lists the ratings, of one show when given.
    case ratings(show: String?)
    /// Counts one play of an episode.
    case markPlay(show: String, episode: SeasonAndNumber)
    /// A started show's plays per episode, as JSON lines; with a season, that season's.
    case plays(show: String, season: Int?)
}
