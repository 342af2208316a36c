import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

/// Yamtrack's CSV and SeriesGuide's JSON backup, from their real sample and documented
/// examples: what becomes a mark, a rating, a favourite, and what is counted.
final class YamtrackSeriesGuideTests: XCTestCase {
    func testYamtrackSampleGivesFriendsEpisodesAndCountsTheRest() throws {
        let batch = try YamtrackReader.read(try Fixtures.data("imports/yamtrack_export.csv"), file: "y.csv")
        let marks = batch.records.filter { $0.kind == .watched }
        XCTAssertEqual(marks.count, 24)
        XCTAssertEqual(Set(marks.map(\.showName)), ["Friends"])
        XCTAssertEqual(Set(marks.map(\.show)), [ProviderIDs(tmdb: 1668)])
        XCTAssertEqual(marks.map(\.number).sorted { ($0 ?? 0) < ($1 ?? 0) }, (1...24).map { $0 })
        XCTAssertEqual(marks[0].at, ImportTime.seconds("2024-02-09"))
        // Friends is "In progress": a favourite.
        XCTAssertEqual(batch.records.filter { $0.kind == .favourite }.map(\.showName), ["Friends"])
        XCTAssertEqual(
            batch.skipped, ["films": 1, "other titles (anime)": 1, "other titles (manga)": 1, "other titles (game)": 1, "season ratings": 1])
    }

    func testYamtrackScoresAreRatingsAndBadScoresNameTheirLine() throws {
        let csv =
            "media_id,source,media_type,title,season_number,episode_number,score,status,end_date\n"
            + "1668,tmdb,tv,Friends,,,8.6,Completed,2024-02-09\n"
            + "1668,tmdb,episode,Friends,1,1,7.0,,2024-02-09\n"
            + "1668,tmdb,episode,Friends,1,2,,,2024-02-10\n"
        let batch = try YamtrackReader.read(Data(csv.utf8), file: "y.csv")
        XCTAssertEqual(batch.records.map(\.kind), [.show, .watched, .watched])
        XCTAssertEqual(batch.records.map(\.rating), [9, 7, nil])
        XCTAssertThrowsError(try YamtrackReader.read(Data((csv + "1,tmdb,episode,X,1,1,11,,\n").utf8), file: "y.csv")) {
            XCTAssertEqual(String(describing: $0), "y.csv:5: the score '11' is not 0 to 10")
        }
        XCTAssertThrowsError(try YamtrackReader.read(Data("Title,Date\n".utf8), file: "n.csv")) {
            XCTAssertTrue(String(describing: $0).hasPrefix("n.csv:1: not a Yamtrack file: no media_type column"), String(describing: $0))
        }
    }

    func testSeriesGuideShowsBackupGivesRatingsPlaysAndCountsSkips() throws {
        let batch = try SeriesGuideReader.read(try Fixtures.data("imports/seriesguide_shows_export_doc-example.json"), file: "s.json")
        // Altered Carbon: not a favourite, rated 9, episode 1 watched once and rated 8.
        XCTAssertEqual(batch.records.map(\.kind), [.show, .watched])
        let show = batch.records[0], mark = batch.records[1]
        XCTAssertEqual(show.show, ProviderIDs(tmdb: 68421, tvdb: 332331, imdb: "tt2261227"))
        XCTAssertEqual(show.rating, 9)
        XCTAssertEqual([mark.season, mark.number, mark.plays, mark.rating], [1, 1, 1, 8])
        XCTAssertEqual(mark.episode, ProviderIDs(tmdb: 991306, tvdb: 1_401_623))
        XCTAssertEqual(mark.at, 1_614_593_199)
        let json = """
            [{"tvdb_id":332331,"title":"Altered Carbon","favorite":true,"rating_user":0,"seasons":[
              {"season":0,"tmdb_id":"1","episodes":[{"episode":2,"watched":true,"plays":3}]},
              {"season":1,"tmdb_id":"2","episodes":[{"episode":1,"watched":true,"skipped":true},{"episode":2,"rating_user":7},{"episode":3}]}]}]
            """
        let more = try SeriesGuideReader.read(Data(json.utf8), file: "s.json")
        XCTAssertEqual(more.records.map(\.kind), [.favourite, .watched, .rated])
        XCTAssertEqual([more.records[1].season, more.records[1].number, more.records[1].plays], [0, 2, 3])
        XCTAssertEqual([more.records[2].number, more.records[2].rating], [2, 7])
        XCTAssertEqual(more.skipped, ["episodes marked skipped": 1])
    }

    func testSeriesGuideListsAndMoviesAreCountedAndDamagedFilesNamed() throws {
        XCTAssertEqual(try SeriesGuideReader.read(try Fixtures.data("imports/seriesguide_lists_export_doc-example.json"), file: "l.json").skipped, ["list items": 4])
        XCTAssertEqual(try SeriesGuideReader.read(try Fixtures.data("imports/seriesguide_movies_export_doc-example.json"), file: "m.json").skipped, ["films": 1])
        let minimal = try SeriesGuideReader.read(try Fixtures.data("imports/seriesguide_shows_import_minimal_doc-example.json"), file: "n.json")
        XCTAssertEqual(minimal.records.map(\.show), [ProviderIDs(tmdb: 68421)])
        XCTAssertThrowsError(try SeriesGuideReader.read(Data("[{\"tvdb_id\" 1}]".utf8), file: "d.json")) {
            XCTAssertEqual(String(describing: $0), "d.json:1:13: not valid JSON: expected ':' after a name")
        }
    }
}
