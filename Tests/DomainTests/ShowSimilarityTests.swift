import Domain
import XCTest

/// The score "More like this" works out here: shared genres, the same broadcaster, language,
/// shared cast and popularity, with the reason said.
final class ShowSimilarityTests: XCTestCase {
    private func show(_ id: Int, _ name: String, genres: [String], network: String? = nil, language: String = "English", weight: Int? = nil) -> TVShow {
        TVShow(
            id: id, name: name, language: language, genres: genres, weight: weight,
            broadcaster: network.map { Broadcaster(name: $0, kind: .network) })
    }

    func testSharedGenresBroadcasterAndCastScoreAndSayWhy() {
        let bad = show(1, "Breaking Bad", genres: ["Drama", "Crime"], network: "AMC")
        let saul = show(2, "Better Call Saul", genres: ["Drama", "Crime"], network: "AMC", weight: 90)
        let killing = show(3, "The Killing", genres: ["Drama", "Crime"], network: "AMC", weight: 10)
        let friends = show(4, "Friends", genres: ["Comedy"], network: "NBC", weight: 100)
        let dome = show(5, "Under the Dome", genres: ["Drama"], network: "CBS")
        let casts: [Int: [String]] = [1: ["Bryan Cranston", "Dean Norris"], 5: ["dean norris"], 2: ["Bob Odenkirk"]]
        let ranked = ShowSimilarity.rank(bad, in: [bad, saul, killing, friends, dome], cast: { casts[$0] })

        XCTAssertEqual(ranked.map(\.show.name), ["Better Call Saul", "The Killing", "Under the Dome"], "Friends shares nothing; Breaking Bad is left out")
        XCTAssertEqual(ranked[0].reason, "Drama · Crime · AMC")
        XCTAssertEqual(ranked[2].reason, "Drama · 1 shared cast")
        XCTAssertGreaterThan(ranked[0].score, ranked[1].score, "popularity orders the tie")
    }

    func testLanguageAndPopularityAloneAreNotLikenessAndTheLimitHolds() {
        let target = show(1, "A", genres: ["Drama"], language: "Korean")
        let others = (2...40).map { show($0, "S\($0)", genres: $0.isMultiple(of: 2) ? ["Drama"] : ["Comedy"], language: "Korean", weight: $0) }
        let ranked = ShowSimilarity.rank(target, in: others, cast: { _ in nil }, limit: 5)
        XCTAssertEqual(ranked.count, 5)
        XCTAssertTrue(ranked.allSatisfy { $0.show.id.isMultiple(of: 2) })
        XCTAssertEqual(ranked.map(\.show.id), [40, 38, 36, 34, 32])
    }
}
