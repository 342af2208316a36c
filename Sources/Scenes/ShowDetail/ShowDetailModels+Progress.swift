import Domain

extension ShowDetail {
    /// The person's record of the show: how far it is watched, by its plays and settings (the
    /// `Watched` line of the details, `S1 E5 of 73 · 7 % · next S01E06 ‘A Golden Crown’`,
    /// `rewatching · …` in a new round), and their rating of it. The answer is the details
    /// again (`LoadDetails.Response.progress` and `userRating`).
    package enum LoadProgress {
        /// No parameters.
        package struct Request: Sendable {}
    }
}
