import Domain
import Foundation
import TestSupport
import XCTest

@testable import Workers

/// The export readers over the real sample files and hand-made edge cases: what each row
/// becomes, what is skipped and counted, and the one-line errors naming file and line.
final class ImportReadersTests: XCTestCase {
    private func fixture(_ name: String) throws -> Data { try Fixtures.data("imports/" + name) }

    // MARK: CSV

    func testCSVHandlesQuotedCommasDoubledQuotesLineBreaksCRLFAndBOM() throws {
        let text = "\u{FEFF}Title,Date\r\n\"Show, The: Season 1: \"\"Quoted\"\"\",\"1/2/20\"\r\n\"Two\r\nlines: Season 2: X\",3/4/20\r\n\r\nlast,5/6/20"
        let table = try CSVTable(data: Data(text.utf8), file: "h.csv")
        XCTAssertEqual(table.header, ["Title", "Date"])
        XCTAssertEqual(table.rows.map(\.fields), [["Show, The: Season 1: \"Quoted\"", "1/2/20"], ["Two\r\nlines: Season 2: X", "3/4/20"], ["last", "5/6/20"]])
        XCTAssertEqual(table.rows.map(\.line), [2, 3, 6])
    }

    func testCSVUnclosedQuoteNamesTheLine() throws {
        XCTAssertThrowsError(try CSVTable(data: Data("a,b\n1,2\n\"open,3\n".utf8), file: "x.csv")) { error in
            XCTAssertEqual("\(error)", "x.csv:3: a quoted field is never closed")
        }
        XCTAssertThrowsError(try CSVTable(data: Data("a,b\n\"x\"y,2\n".utf8), file: "x.csv")) { error in
            XCTAssertEqual("\(error)", "x.csv:2: text after a closing quote within a field")
        }
        XCTAssertThrowsError(try CSVTable(data: Data([0x61, 0x0A, 0xFF, 0x00]), file: "bin.csv")) { error in
            XCTAssertEqual("\(error)", "bin.csv: not a text file; is this the right file?")
        }
        // ISO 8859-1 (an older IMDb export): é is the byte 0xE9.
        let latin = try CSVTable(data: Data([0x54, 0x0A, 0x41, 0x6D, 0xE9, 0x6C, 0x69, 0x65, 0x0A]), file: "l.csv")
        XCTAssertEqual(latin.rows.map(\.fields), [["Amélie"]])
    }

    // MARK: Trakt

    func testTraktWatchedShowsGiveEveryPlayedEpisodeOfSouthPark() throws {
        let batch = try TraktReader.read(try fixture("trakt_watched_shows_south-park.json"), file: "w.json")
        XCTAssertEqual(batch.records.count, 13)
        XCTAssertEqual(batch.records.map(\.number), Array(1...13))
        XCTAssertTrue(batch.records.allSatisfy { $0.kind == .watched && $0.season == 1 && $0.showName == "South Park" })
        XCTAssertEqual(batch.records[0].show, ProviderIDs(tmdb: 2190, tvdb: 75897, imdb: "tt0121955"))
        XCTAssertEqual(batch.records[0].at, 1_725_976_376) // 2024-09-10T13:52:56Z
        XCTAssertEqual(batch.records[0].origin.line, 2)
    }

    func testTraktHistoryAndRatingsOfFilmsAreSkippedAndCounted() throws {
        let history = try TraktReader.read(try fixture("trakt_history_movie.json"), file: "h.json")
        XCTAssertEqual(history.records, [])
        XCTAssertEqual(history.skipped, ["films": 1])
        let ratings = try TraktReader.read(try fixture("trakt_ratings_movies.json"), file: "r.json")
        XCTAssertEqual(ratings.skipped, ["films": 3])
    }

    func testTraktHistoryEpisodeAndShowRating() throws {
        let json = """
            [
              {"id": 1, "watched_at": "2024-01-30T20:00:00.000Z", "action": "watch", "type": "episode",
               "episode": {"season": 2, "number": 5, "title": "Pilot", "ids": {"trakt": 9, "tvdb": 111, "imdb": "tt1", "tmdb": 5}},
               "show": {"title": "Lost", "year": 2004, "ids": {"trakt": 1, "tvdb": 73739, "imdb": "tt0411008", "tmdb": 4607}}},
              {"rated_at": "2024-01-27T00:00:00.000Z", "rating": 9, "type": "show",
               "show": {"title": "Lost", "ids": {"tvdb": 73739, "imdb": "tt0411008", "tmdb": 4607}}}
            ]
            """
        let batch = try TraktReader.read(Data(json.utf8), file: "t.json")
        XCTAssertEqual(batch.records.count, 2)
        XCTAssertEqual(batch.records[0].kind, .watched)
        XCTAssertEqual(batch.records[0].season, 2)
        XCTAssertEqual(batch.records[0].number, 5)
        XCTAssertEqual(batch.records[0].episode.tvdb, 111)
        // A rated show is the show's rating.
        XCTAssertEqual(batch.records[1].kind, .show)
        XCTAssertEqual(batch.records[1].rating, 9)
        XCTAssertEqual(batch.records[1].ratedAt, 1_706_313_600)
        XCTAssertEqual(batch.records[1].origin.line, 5)
    }

    func testTraktWatchedShowWithoutSeasonsIsCountedNotMadeAFavourite() throws {
        let json = "[{\"plays\": 3, \"last_watched_at\": \"2024-09-10T13:52:56.000Z\", \"show\": {\"title\": \"A\", \"ids\": {\"tvdb\": 1}}}]"
        XCTAssertEqual(try TraktReader.read(Data(json.utf8), file: "w.json"), ImportBatch(skipped: ["watched shows without their seasons": 1]))
    }

    func testTraktBadItemsNameTheirLineAndZipSaysUnzip() {
        let json = "[\n {\"type\": \"show\", \"show\": {\"title\": \"A\"}},\n {\"type\": \"episode\", \"show\": {\"title\": 3}}\n]"
        XCTAssertThrowsError(try TraktReader.read(Data(json.utf8), file: "t.json")) { error in
            XCTAssertEqual("\(error)", "t.json:3: item 2 cannot be read: a field has the wrong type")
        }
        XCTAssertThrowsError(try TraktReader.read(Data("{\"a\": 1}".utf8), file: "o.json")) { error in
            XCTAssertTrue("\(error)".hasPrefix("o.json:1: not a Trakt export"), "\(error)")
        }
        XCTAssertThrowsError(try TraktReader.read(Data([0x50, 0x4B, 0x03, 0x04, 0, 0]), file: "export.zip")) { error in
            XCTAssertEqual("\(error)", "export.zip: cannot read this zip archive (too short to be a zip archive): unzip it first (unzip 'export.zip') and import its .json files")
            XCTAssertTrue("\(error)".contains("unzip it first"), "\(error)")
        }
    }

    /// A Trakt export zip made by Python's zipfile (deflated and stored members), read through
    /// the system's zlib.
    func testTraktExportZipIsReadThroughZlib() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("discover-zip-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let zip = folder + "/export.zip"
        let script = """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], 'w') as z:
                z.write(sys.argv[2], 'trakt/watched-shows.json', compress_type=zipfile.ZIP_DEFLATED)
                z.writestr('trakt/ratings-shows.json', '[{"rated_at": "2024-01-27T00:00:00.000Z", "rating": 8, "type": "show", "show": {"title": "South Park", "ids": {"tvdb": 75897}}}]', compress_type=zipfile.ZIP_STORED)
                z.writestr('trakt/lists-watchlist.json', '[]')
            """
        let made = try Subprocess.run("/usr/bin/python3", ["-c", script, zip, Fixtures.url("imports/trakt_watched_shows_south-park.json").path])
        XCTAssertEqual(made.status, 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: zip))
        let batch = try TraktReader.read(data, file: "export.zip")
        XCTAssertEqual(batch.records.filter { $0.kind == .watched }.count, 13)
        XCTAssertEqual(batch.records.filter { $0.kind == .show }.map(\.rating), [8])
        XCTAssertEqual(batch.records[0].origin.file, "export.zip:trakt/watched-shows.json")
        XCTAssertEqual(batch.skipped, ["other files in the archive": 1])
        // A byte changed inside the deflated member: one line, and the advice to unzip.
        var damaged = [UInt8](data)
        damaged[80] ^= 0xFF
        XCTAssertThrowsError(try TraktReader.read(Data(damaged), file: "export.zip")) { error in
            XCTAssertTrue("\(error)".hasPrefix("export.zip: cannot read this zip archive (trakt/watched-shows.json "), "\(error)")
            XCTAssertTrue("\(error)".hasSuffix("unzip it first (unzip 'export.zip') and import its .json files"), "\(error)")
        }
    }

    // MARK: IMDb

    func testIMDbRatingsAndListOfFilmsAreSkippedAndCounted() throws {
        XCTAssertEqual(try IMDbReader.read(try fixture("imdb_ratings_export.csv"), file: "r.csv"), ImportBatch(skipped: ["films": 3]))
        XCTAssertEqual(try IMDbReader.read(try fixture("imdb_list_export.csv"), file: "l.csv"), ImportBatch(skipped: ["films": 3]))
    }

    func testIMDbSeriesBecomeFavouritesAndEpisodesMarks() throws {
        let csv =
            "Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type\n"
            + "tt0903747,10,2020-05-01,Breaking Bad,Breaking Bad,u,TV Series\n"
            + "tt0959621,9,2020-05-02,\"Breaking Bad: Pilot\",,u,tvEpisode\n"
            + "tt1,8,2020-05-03,Film,,u,Movie\n"
            + "tt2,7,2020-05-04,Short,,u,Short\n"
        let batch = try IMDbReader.read(Data(csv.utf8), file: "r.csv")
        XCTAssertEqual(batch.records.count, 2)
        // "Your ratings": a series' rating is the show's, an episode's the episode's.
        XCTAssertEqual(batch.records[0].kind, .show)
        XCTAssertEqual(batch.records[0].show.imdb, "tt0903747")
        XCTAssertEqual(batch.records[0].rating, 10)
        XCTAssertEqual(batch.records[1].kind, .watched)
        XCTAssertEqual(batch.records[1].rating, 9)
        XCTAssertEqual(batch.records[1].ratedAt, 1_588_377_600)
        XCTAssertEqual(batch.records[1].showName, "Breaking Bad")
        XCTAssertEqual(batch.records[1].episodeTitle, "Pilot")
        XCTAssertEqual(batch.records[1].episode.imdb, "tt0959621")
        XCTAssertEqual(batch.skipped, ["films": 1, "other titles (short)": 1])
    }

    func testIMDbOlderListDatesInCtimeForm() throws {
        let csv = "Position,Const,Created,Modified,Description,Title,Title Type\n1,tt0121955,Mon Dec 25 13:52:56 2017,,,South Park,tvSeries\n"
        let batch = try IMDbReader.read(Data(csv.utf8), file: "l.csv")
        XCTAssertEqual(batch.records.map(\.at), [1_514_209_976])
        XCTAssertEqual(batch.records.map(\.show.imdb), ["tt0121955"])
    }

    func testIMDbUnknownColumnsAndBadRowsNameFileAndLine() {
        XCTAssertThrowsError(try IMDbReader.read(Data("Title,Date\nA,1/1/20\n".utf8), file: "n.csv")) { error in
            XCTAssertTrue("\(error)".hasPrefix("n.csv:1: not a IMDb ratings or list file: no Const column"), "\(error)")
        }
        XCTAssertThrowsError(try IMDbReader.read(Data("Const,Title Type\ntt1,movie\nnm12,tvSeries\n".utf8), file: "b.csv")) { error in
            XCTAssertEqual("\(error)", "b.csv:3: the Const column is not an IMDb id ('nm12')")
        }
    }

    // MARK: Netflix

    func testNetflixSampleReadsUSDatesAndSplitsShowSeasonAndEpisode() throws {
        let batch = try NetflixReader.read(try fixture("netflix_viewing_history_us_2020.csv"), file: "n.csv")
        XCTAssertEqual(batch.records.count + batch.skipped.values.reduce(0, +), 424)
        XCTAssertEqual(batch.skipped["films and specials"], 63)
        let first = try XCTUnwrap(batch.records.first)
        XCTAssertEqual(first.showName, "Trollhunters: Tales of Arcadia")
        XCTAssertEqual(first.season, 2)
        XCTAssertEqual(first.episodeTitle, "Hiss Hiss, Bang Bang")
        XCTAssertEqual(first.at, ImportTime.midnight(try XCTUnwrap(CalendarDate(year: 2020, month: 10, day: 21))))
        let b99 = batch.records.filter { $0.showName == "Brooklyn Nine-Nine" }
        XCTAssertEqual(b99.count, 8)
        XCTAssertTrue(b99.allSatisfy { $0.season == 1 })
    }

    func testNetflixDateOrderIsChosenForTheWholeFile() throws {
        // One day above 12 settles day-first for every row, the ambiguous ones included.
        let dayFirst = "Title,Date\n\"A: Season 1: X\",21/10/2020\n\"A: Season 1: Y\",3/10/2020\n"
        let a = try NetflixReader.read(Data(dayFirst.utf8), file: "d.csv")
        XCTAssertEqual(a.records[1].at, ImportTime.midnight(try XCTUnwrap(CalendarDate(year: 2020, month: 10, day: 3))))
        // Only ambiguous dates: the order under which the file runs newest first wins.
        let ambiguous = "Title,Date\n\"A: Season 1: X\",05.03.20\n\"A: Season 1: Y\",04.03.20\n\"A: Season 1: Z\",01.04.20\n"
        let b = try NetflixReader.read(Data(ambiguous.utf8), file: "a.csv")
        XCTAssertEqual(b.records[2].at, ImportTime.midnight(try XCTUnwrap(CalendarDate(year: 2020, month: 1, day: 4))))
        XCTAssertThrowsError(try NetflixReader.read(Data("Title,Date\nA: B,yesterday\n".utf8), file: "y.csv")) { error in
            XCTAssertEqual("\(error)", "y.csv:2: the date 'yesterday' is not a date")
        }
    }

    func testNetflixTitlesWithPartsLimitedSeriesAndNoSeason() {
        XCTAssertEqual(NetflixReader.episodeTitle("Money Heist: Part 3: Episode 1"), .init(show: "Money Heist", season: 3, title: "Episode 1"))
        XCTAssertEqual(NetflixReader.episodeTitle("The Queen's Gambit: Limited Series: Openings"), .init(show: "The Queen's Gambit", season: 1, title: "Openings"))
        XCTAssertEqual(NetflixReader.episodeTitle("Sherlock: Series 4: The Lying Detective"), .init(show: "Sherlock", season: 4, title: "The Lying Detective"))
        XCTAssertEqual(NetflixReader.episodeTitle("Vir Das: Losing It"), .init(show: "Vir Das", season: nil, title: "Losing It"))
        XCTAssertNil(NetflixReader.episodeTitle("Upgrade"))
    }

    // MARK: TV Time

    // No real TV Time export is published in any public test suite: these files are written
    // here from the columns its GDPR export is documented to have (seen_episode.csv,
    // followed_tv_show.csv, and tracking-prod-records-v2.csv with its `key` kinds).

    func testTVTimeSeenEpisodesAndFollowedShows() throws {
        let seen =
            "tv_show_name,episode_season_number,episode_number,episode_id,tv_show_id,created_at\n"
            + "South Park,1,1,340,75897,2019-03-01 20:15:00\n\"Brooklyn Nine-Nine\",1,2,4599391,269586,2019-03-02 21:00:00\n"
        let batch = try TVTimeReader.read(Data(seen.utf8), file: "seen_episode.csv")
        XCTAssertEqual(batch.records.map(\.show.tvdb), [75897, 269586])
        XCTAssertEqual(batch.records.map(\.number), [1, 2])
        XCTAssertEqual(batch.records[0].episode.tvdb, 340)
        XCTAssertEqual(batch.records[0].at, 1_551_471_300)
        let followed = "tv_show_id,tv_show_name,created_at\n75897,South Park,2018-01-01 00:00:00\n"
        let follows = try TVTimeReader.read(Data(followed.utf8), file: "followed_tv_show.csv")
        XCTAssertEqual(follows.records.map(\.kind), [.favourite])
    }

    func testTVTimeTrackingRecordsByKey() throws {
        let csv =
            "key,created_at,series_name,s_id,season_number,episode_number,ep_id\n"
            + "user-series-1-75897,2020-01-01 10:00:00,South Park,75897,,,\n"
            + "watch-episode-1-340,2020-01-02 10:00:00,South Park,75897,1,1,340\n"
            + "rewatch-episode-1-341,2020-01-03 10:00:00,South Park,75897,1,2,341\n"
            + "watch-movie-1-9,2020-01-04 10:00:00,Film,9,,,\n"
        let batch = try TVTimeReader.read(Data(csv.utf8), file: "tracking-prod-records-v2.csv")
        XCTAssertEqual(batch.records.map(\.kind), [.favourite, .watched, .watched])
        XCTAssertEqual(batch.skipped, ["films": 1])
        XCTAssertThrowsError(try TVTimeReader.read(Data("a,b\n1,2\n".utf8), file: "other.csv")) { error in
            XCTAssertTrue("\(error)".hasPrefix("other.csv:1: not a TV Time export file"), "\(error)")
        }
        let bad = "tv_show_name,episode_season_number,episode_number,tv_show_id\nX,one,1,5\n"
        XCTAssertThrowsError(try TVTimeReader.read(Data(bad.utf8), file: "seen_episode.csv")) { error in
            XCTAssertEqual("\(error)", "seen_episode.csv:2: the season 'one' and episode '1' are not numbers")
        }
    }
}
