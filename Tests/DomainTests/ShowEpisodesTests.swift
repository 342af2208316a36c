import Domain
import XCTest

/// Grouping a flat episode list into seasons and specials, codes and ratings.
final class ShowEpisodesTests: XCTestCase {
    private func episode(_ id: Int, _ season: Int, _ number: Int?, rating: Double? = nil, special: Bool = false, day: Int? = nil) -> Episode {
        Episode(
            id: id, season: season, number: number, name: "E\(id)", airDate: day.flatMap { CalendarDate(year: 2020, month: 1, day: $0) },
            rating: rating.flatMap { EpisodeRating(average: $0) }, isSpecial: special)
    }

    func testSpecialsAreKeptApartAndSeasonsOrdered() {
        let guide = ShowEpisodes(
            showID: 1,
            episodes: [
                episode(5, 2, 1), episode(3, 1, 2), episode(9, 1, nil, special: true, day: 5),
                episode(2, 1, 1), episode(8, 2, nil, special: true, day: 3)
            ], source: .live(provider: .tvmaze))
        XCTAssertEqual(guide.seasons.map(\.number), [1, 2])
        XCTAssertEqual(guide.seasons[0].episodes.map(\.id), [2, 3])
        XCTAssertEqual(guide.specials.map(\.id), [8, 9], "by air date")
        XCTAssertEqual(guide.regularEpisodes.map(\.id), [2, 3, 5])
    }

    func testCodesAndAverages() {
        XCTAssertEqual(episode(1, 1, 9).code, "S01E09")
        XCTAssertEqual(episode(1, 35, 123).code, "S35E123")
        XCTAssertEqual(episode(1, 4, nil).code, "S04 special")
        let season = SeasonEpisodes(number: 1, episodes: [episode(1, 1, 1, rating: 8), episode(2, 1, 2), episode(3, 1, 3, rating: 9)])
        XCTAssertEqual(season.averageRating, 8.5)
        XCTAssertNil(SeasonEpisodes(number: 1, episodes: [episode(1, 1, 1)]).averageRating)
    }

    func testRatingsOutsideTheScaleOrWithoutVotesAreNone() {
        XCTAssertNil(EpisodeRating(average: 11))
        XCTAssertNil(EpisodeRating(average: -1))
        XCTAssertNil(EpisodeRating(average: .nan))
        XCTAssertNil(EpisodeRating(average: 0, voteCount: 0))
        XCTAssertNil(EpisodeRating(average: 0))
        XCTAssertEqual(EpisodeRating(average: 0, voteCount: 3)?.average, 0)
        XCTAssertNil(EpisodeRating(average: 7, voteCount: -2)?.voteCount)
    }
}
