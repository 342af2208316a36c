import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

/// Netflix's account download, `ViewingActivity.csv`: every profile's views with their start
/// times, trailers and previews skipped and counted, season words in many languages and the
/// closing `(Episode N)` read as the episode's number.
final class NetflixActivityTests: XCTestCase {
    func testTheViewingActivitySampleReadsWithTrailersSkipped() throws {
        let batch = try NetflixReader.read(try Fixtures.data("imports/netflix_viewing_activity_be_2023-01.csv"), file: "v.csv")
        XCTAssertEqual(batch.records.count + batch.skipped.values.reduce(0, +), 882)
        // 60 hooks, 51 trailers, 15 teasers and 4 recaps.
        XCTAssertEqual(batch.skipped["trailers and previews"], 130)
        let first = try XCTUnwrap(batch.records.first)
        XCTAssertEqual(first.showName, "The Walking Dead")
        XCTAssertEqual(first.season, 7)
        XCTAssertEqual(first.number, 2)
        XCTAssertEqual(first.episodeTitle, "The Well")
        XCTAssertEqual(first.at, 1_674_142_034)
        XCTAssertEqual(first.origin, ImportRecord.Origin(file: "v.csv", line: 2))
        // Dutch: `Seizoen 3: Charade (Aflevering 10)`.
        let emily = try XCTUnwrap(batch.records.first { $0.showName == "Emily in Paris" && $0.episodeTitle == "Charade" })
        XCTAssertEqual([emily.season, emily.number], [3, 10])
        // The season named by the show's name and a number.
        let stranger = try XCTUnwrap(batch.records.first { $0.showName == "Stranger Things" })
        XCTAssertEqual([stranger.season, stranger.number], [4, 9])
        XCTAssertEqual(stranger.episodeTitle, "Hoofdstuk negen: The Piggyback")
    }

    func testSeasonWordsOfManyLanguages() {
        let cases: [(String, Int)] = [
            ("Season", 1), ("Staffel", 2), ("Saison", 3), ("Temporada", 4), ("Stagione", 5), ("Seizoen", 6), ("Kausi", 1),
            ("Säsong", 2), ("Sæson", 3), ("Sesong", 4), ("Sezon", 5), ("Сезон", 6), ("Évad", 7), ("Sezona", 8)
        ]
        for (word, season) in cases {
            let title = NetflixReader.episodeTitle("Dark: \(word) \(season): Secrets (Episode 3)")
            XCTAssertEqual(title, NetflixReader.EpisodeTitle(show: "Dark", season: season, title: "Secrets", number: 3), word)
        }
        XCTAssertEqual(NetflixReader.episodeTitle("Dark: Kausi 1: Salaisuudet")?.season, 1)
        // Parentheses that are no episode number stay in the title.
        XCTAssertEqual(NetflixReader.episodeTitle("Dark: Season 1: Secrets (Part One)")?.title, "Secrets (Part One)")
        XCTAssertNil(NetflixReader.episodeTitle("Roma"))
    }

    func testABadStartTimeNamesItsLine() {
        let text = "Profile Name,Start Time,Duration,Title,Supplemental Video Type\nA,2023-01-19 15:27:14,00:01:00,\"Dark: Season 1: Secrets\",\nA,soon,00:01:00,X,\n"
        XCTAssertThrowsError(try NetflixReader.read(Data(text.utf8), file: "v.csv")) {
            XCTAssertEqual(String(describing: $0), "v.csv:3: the start time 'soon' is not a time")
        }
    }
}
