import Domain
import XCTest

/// The rating shows are sorted by: a Bayesian average over the votes (TMDB) or TVmaze's weight.
final class WeightedRatingTests: XCTestCase {
    func testAFewVotesAt10RankBelowThousandsAt8Point9() throws {
        // Given three votes at 10.0 and four thousand at 8.9 (TMDB gives the counts)
        let few = try XCTUnwrap(WeightedRating.score(TVShow(id: 1, name: "Few", rating: 10, voteCount: 3)))
        let many = try XCTUnwrap(WeightedRating.score(TVShow(id: 2, name: "Many", rating: 8.9, voteCount: 4_000)))

        // Then the formula's values: (v × R + C × m) / (v + C), C = 100 votes, m = 7.0
        XCTAssertEqual(few, (3 * 10 + 100 * 7.0) / 103, accuracy: 1e-9)
        XCTAssertEqual(many, (4_000 * 8.9 + 100 * 7.0) / 4_100, accuracy: 1e-9)
        XCTAssertLessThan(few, many)
    }

    func testTVmazesWeightIsTheConfidenceWhereNoCountIsGiven() throws {
        // A 9.5 that hardly anyone follows against an 8.0 most do
        let obscure = try XCTUnwrap(WeightedRating.score(TVShow(id: 1, name: "Obscure", rating: 9.5, weight: 2)))
        let followed = try XCTUnwrap(WeightedRating.score(TVShow(id: 2, name: "Followed", rating: 8.0, weight: 95)))
        XCTAssertEqual(obscure, (2 * 9.5 + 20 * 7.0) / 22, accuracy: 1e-9)
        XCTAssertLessThan(obscure, followed)
        // No weight and no count: the prior mean; no rating: no score (sorted last)
        XCTAssertEqual(WeightedRating.score(rating: 10, votes: nil, weight: nil), WeightedRating.priorMean)
        XCTAssertNil(WeightedRating.score(TVShow(id: 3, name: "Unrated", weight: 99)))
        // A count, however small, is used before the weight
        XCTAssertEqual(WeightedRating.score(rating: 9, votes: 0, weight: 100), WeightedRating.priorMean)
        // Much behind a rating: the score tends to it
        XCTAssertEqual(WeightedRating.score(rating: 9, votes: 10_000_000, weight: nil), 9, accuracy: 0.001)
    }
}
