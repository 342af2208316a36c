import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

/// Trakt's ratings, watchlist, plays and specials: an episode's rating is a `RatedEpisode`, a
/// show's the show's rating, the watchlist's shows favourites, the history's watches plays.
final class TraktRatingsTests: XCTestCase {
    func testEpisodeRatingsOfTheRealSampleAreRatedEpisodes() throws {
        let batch = try TraktReader.read(try Fixtures.data("imports/trakt_ratings_episodes_2015.json"), file: "r.json")
        XCTAssertEqual(batch.records.count, 6)
        XCTAssertTrue(batch.records.allSatisfy { $0.kind == .rated })
        let first = batch.records[0]
        XCTAssertEqual(first.showName, "Archer")
        XCTAssertEqual([first.season, first.number, first.rating], [3, 1, 6])
        XCTAssertEqual(first.ratedAt, 1_421_469_322)
        XCTAssertEqual(first.show.tvdb, 110381)
        // Trakt's empty `imdb: ""` is no id.
        XCTAssertNil(first.episode.imdb)
        XCTAssertEqual(first.episode.tvdb, 4_171_788)
    }

    func testTheWatchlistsShowsSeasonsAndEpisodesMakeTheirShowsFavourites() throws {
        let batch = try TraktReader.read(try Fixtures.data("imports/trakt_watchlist_doc-example.json"), file: "w.json")
        XCTAssertEqual(batch.records.map(\.kind), [.favourite, .favourite, .favourite])
        XCTAssertEqual(Set(batch.records.map(\.showName)), ["Breaking Bad"])
        XCTAssertEqual(batch.records[0].show.tvdb, 81189)
        XCTAssertEqual(batch.skipped, ["films": 1])
    }

    func testHistoryWatchesArePlaysAndSpecialsStayInSeasonZero() throws {
        let show = "\"show\": {\"title\": \"Lost\", \"ids\": {\"tvdb\": 73739}}"
        let json = """
            [
              {"watched_at": "2024-01-30T20:00:00.000Z", "type": "episode", "episode": {"season": 0, "number": 3}, \(show)},
              {"watched_at": "2024-01-31T20:00:00.000Z", "type": "episode", "episode": {"season": 1, "number": 1}, \(show)},
              {"watched_at": "2024-02-02T20:00:00.000Z", "type": "episode", "episode": {"season": 1, "number": 1}, \(show)},
              {"watched_at": "2024-02-01T20:00:00.000Z", "type": "episode", "episode": {"season": 1, "number": 1}, \(show)}
            ]
            """
        let batch = try TraktReader.read(Data(json.utf8), file: "h.json")
        XCTAssertEqual(batch.records.map(\.season), [0, 1])
        XCTAssertEqual(batch.records.map(\.number), [3, 1])
        XCTAssertEqual(batch.records.map(\.plays), [nil, 3])
        XCTAssertEqual(batch.records[1].at, 1_706_731_200)
        XCTAssertEqual(batch.records[1].lastPlayedAt, 1_706_904_000)
        let watched = try TraktReader.read(try Fixtures.data("imports/trakt_watched_shows_south-park.json"), file: "w.json")
        XCTAssertTrue(watched.records.allSatisfy { ($0.plays ?? 0) >= 1 })
        XCTAssertThrowsError(try TraktReader.read(Data("[{\"rated_at\": \"2024-01-27T00:00:00.000Z\", \"rating\": 11, \(show)}]".utf8), file: "r.json")) {
            XCTAssertEqual(String(describing: $0), "r.json:1: a rating of 11, not 1 to 10")
        }
    }
}
