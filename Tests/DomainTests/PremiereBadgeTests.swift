import Domain
import XCTest

/// The badges of an episode: `NEW`, `S3 ▶` from TVmaze's numbering, `FINALE` from the season's
/// episode order or the provider's mark, and the season lengths an episode list settles.
final class PremiereBadgeTests: XCTestCase {
    private func episode(_ season: Int, _ number: Int?, special: Bool = false, finale: Bool = false) -> Episode {
        Episode(id: season * 100 + (number ?? 0), season: season, number: number, name: "", isSpecial: special, isSeasonFinale: finale)
    }

    func testTheFirstEpisodesOpenTheSeriesOrASeason() {
        XCTAssertEqual(PremiereBadge.badges(episode(1, 1), episodeOrder: 10), [.series])
        XCTAssertEqual(PremiereBadge.badges(episode(3, 1), episodeOrder: nil), [.season(3)])
        XCTAssertEqual(PremiereBadge.badges(episode(3, 2), episodeOrder: nil), [])
    }

    func testTheLastEpisodeOfAKnownOrderIsTheFinaleAndAnUnknownOrderGivesNone() {
        // Silicon Valley's recorded seasons: 8, 10, 10, 10 episodes.
        XCTAssertEqual(PremiereBadge.badges(episode(1, 8), episodeOrder: 8), [.finale])
        XCTAssertEqual(PremiereBadge.badges(episode(2, 8), episodeOrder: 10), [])
        XCTAssertEqual(PremiereBadge.badges(episode(2, 10), episodeOrder: nil), [], "no order, no mark: not decided")
        XCTAssertEqual(PremiereBadge.badges(episode(2, 10), episodeOrder: 0), [])
    }

    func testTheProvidersMarkIsAFinaleAndAOneEpisodeSeasonHasBothBadges() {
        XCTAssertEqual(PremiereBadge.badges(episode(1, 10, finale: true), episodeOrder: nil), [.finale])
        XCTAssertEqual(PremiereBadge.badges(episode(4, 1), episodeOrder: 1), [.season(4), .finale])
        XCTAssertEqual(PremiereBadge.text([.season(4), .finale], ascii: false), "S4 ▶ FINALE")
        XCTAssertEqual(PremiereBadge.text([.season(4), .finale], ascii: true), "S4 > FINALE")
        XCTAssertEqual(PremiereBadge.text([], ascii: true), "")
    }

    func testASpecialIsNeverABadge() {
        XCTAssertEqual(PremiereBadge.badges(episode(2, 1, special: true), episodeOrder: 1), [])
        XCTAssertEqual(PremiereBadge.badges(episode(2, nil, special: true, finale: true), episodeOrder: nil), [])
    }

    func testAnEpisodeListSettlesTheLengthOfEverySeasonButTheLastListed() {
        let list = (1...8).map { episode(1, $0) } + (1...10).map { episode(2, $0) } + [episode(2, nil, special: true)] + (1...3).map { episode(3, $0) }
        XCTAssertEqual(PremiereBadge.endedSeasonLengths(list), [1: 8, 2: 10])
        XCTAssertEqual(PremiereBadge.endedSeasonLengths((1...6).map { episode(1, $0) }), [:], "one season listed: it may still be airing")
        XCTAssertEqual(PremiereBadge.endedSeasonLengths([]), [:])
    }

    func testTheJSONWordsOfTheBadges() {
        XCTAssertEqual([PremiereBadge.series, .season(2), .finale].map(\.kind), ["series", "season", "finale"])
        XCTAssertEqual(PremiereBadge.finale.text(ascii: true), "FINALE")
    }
}
