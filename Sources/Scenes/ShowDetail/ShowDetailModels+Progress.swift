import Domain

extension ShowDetail {
    /// How far the show is watched: the `Watched` line of the details
    /// (`S1 E5 of 73 · 7 % · next S01E06 ‘A Golden Crown’`). The answer is the details again
    /// (`LoadDetails.Response.progress`).
    package enum LoadProgress {
        /// No parameters.
        package struct Request: Sendable {}
    }
}
