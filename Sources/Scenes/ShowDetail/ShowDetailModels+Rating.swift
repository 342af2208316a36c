import Domain

extension ShowDetail {
    /// Rate the show, or clear its rating (`1`–`9`, `0` for 10; Backspace or Delete clears).
    /// The answer is the details again (`LoadDetails.Response.userRating` and `ratingMessage`).
    package enum RateShow {
        /// The rating.
        package struct Request: Sendable {
            /// The rating; nil clears it.
            package var rating: UserRating?
        }
    }
}
