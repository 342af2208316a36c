import Domain
import Foundation
import TestSupport
import Workers
import XCTest

/// `discover-tui import` without TVmaze: `--offline` matches from the catalogue, the snapshot's
/// episode lists and what earlier runs kept, and names the rows left for later; an unreachable
/// TVmaze ends with status 3 and a sentence; a dry run writes no file anywhere; every numbered
/// episode is checked against the show's list.
final class ImportOfflineEndToEndTests: XCTestCase {
    private var runs: [PipedRun] = []

    override func tearDown() async throws {
        for run in runs { run.remove() }
    }

    private func home() throws -> PipedRun {
        let run = try PipedRun(prefix: "discover-import-offline")
        runs.append(run)
        return run
    }

    private func dataFolder(_ home: PipedRun) -> String { home.root + "/home/.local/share/discover-tui" }

    /// A discover CSV of Game of Thrones (TVmaze 82, whose list the snapshot holds).
    private func thrones(_ h: PipedRun, episodes: [(Int, Int)]) throws -> String {
        var csv = "kind,show_name,tvmaze,tmdb,tvdb,imdb,season,number,episode_tvmaze,episode_tmdb,episode_tvdb,episode_imdb,rating,at\r\n"
        for (season, number) in episodes { csv += "watched,Game of Thrones,82,,,,\(season),\(number),,,,,,2024-09-11T08:00:00Z\r\n" }
        let file = h.root + "/thrones.csv"
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    func testAnEpisodeTheShowNeverHadIsUnmatchedWithItsReasonOffline() throws {
        let h = try home()
        let file = try thrones(h, episodes: [(1, 1), (1, 2), (1, 99), (12, 1)])
        // Nothing listens there: an offline import never asks.
        let result = try h.run(["import", "discover", file, "--offline", "--apply"], environment: ["DISCOVER_TVMAZE_URL": "http://127.0.0.1:9"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("4 rows: 2 matched · 2 unmatched · 0 ambiguous"), result.out)
        XCTAssertTrue(result.out.contains("added 0 favourites and 2 watched episodes"), result.out)
        let marks = try WatchedStore(directory: dataFolder(h)).allMarks()
        XCTAssertEqual(marks.map(\.key.number).sorted(), [1, 2])
        let unmatched = try String(contentsOfFile: h.root + "/discover-import-unmatched.csv", encoding: .utf8)
        XCTAssertTrue(unmatched.contains("TVmaze lists no S01E99 of Game of Thrones: season 1 has no episode 99"), unmatched)
        XCTAssertTrue(unmatched.contains("TVmaze lists no S12E01 of Game of Thrones: season 12 never aired"), unmatched)
    }

    func testADryRunWritesNoFileAnywhere() throws {
        let h = try home()
        let file = try thrones(h, episodes: [(1, 1), (1, 99)])
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: h.root))
        let dry = try h.run(["import", "discover", file, "--offline"])
        XCTAssertEqual(dry.status, 0, dry.err)
        XCTAssertTrue(dry.out.contains("the 1 unmatched and ambiguous rows are not written: add --unmatched FILE"), dry.out)
        XCTAssertTrue(dry.out.contains("dry run: nothing written"), dry.out)
        // Only the harness's own out and err files are new in the working folder (and the
        // lookups' cache folder, which the harness puts there too).
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: h.root)).subtracting(before).subtracting(["out", "err", "cache"]), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dataFolder(h)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dataFolder(h) + "/" + WatchedStore.fileName), "nothing written")
        let named = try h.run(["import", "discover", file, "--offline", "--unmatched", h.root + "/left.csv"])
        XCTAssertEqual(named.status, 0, named.err)
        XCTAssertTrue(try String(contentsOfFile: h.root + "/left.csv", encoding: .utf8).contains("S01E99"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: h.root + "/discover-import-unmatched.csv"))
    }

    func testOfflineRowsThatNeedTVmazeAreCountedNamedAndHowToFinishIsSaid() throws {
        let h = try home()
        let file = h.root + "/seen_episode.csv"
        try "tv_show_name,episode_season_number,episode_number,tv_show_id,created_at\nNo Such Show,1,1,999999,2020-01-01 00:00:00\nNo Such Show,1,2,999999,2020-01-02 00:00:00\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let result = try h.run(["import", "tvtime", file, "--offline"], environment: ["DISCOVER_TVMAZE_URL": "http://127.0.0.1:9"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("2 rows need TVmaze (No Such Show): to finish them later, run online: discover-tui import tvtime \(file) --apply"), result.out)
    }

    func testAnUnreachableTVmazeIsStatusThreeWithASentence() throws {
        let h = try home()
        let file = h.root + "/seen_episode.csv"
        try "tv_show_name,episode_season_number,episode_number,tv_show_id,created_at\nSome Show,1,1,81189,2020-01-01 00:00:00\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let result = try h.run(["import", "tvtime", file, "--apply"], environment: ["DISCOVER_TVMAZE_URL": "http://127.0.0.1:9"])
        XCTAssertEqual(result.status, 3, result.out + result.err)
        let last = try XCTUnwrap(result.err.split(separator: "\n").last.map(String.init))
        XCTAssertTrue(last.hasPrefix("discover-tui: cannot ask TVmaze ("), last)
        XCTAssertTrue(last.hasSuffix("nothing was imported. Run the same import again later, or add --offline to import what is known without TVmaze"), last)
        XCTAssertFalse(result.err.contains("transport"), result.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dataFolder(h) + "/" + WatchedStore.fileName), "nothing written")
    }
}

/// The program's own CSV in a spreadsheet: names a spreadsheet would run as formulas are
/// guarded, and the round trip through an empty home is byte for byte.
final class ImportSpreadsheetEndToEndTests: XCTestCase {
    func testNamesStartingWithFormulaCharactersSurviveTheRoundTripByteForByte() throws {
        let first = try PipedRun(prefix: "discover-import-sheet")
        let second = try PipedRun(prefix: "discover-import-sheet")
        defer {
            first.remove()
            second.remove()
        }
        let names = ["=HYPERLINK(\"http://x\")", "+Plus", "@At", "-Minus", "'=Quoted"]
        var csv = "kind,show_name,tvmaze,tmdb,tvdb,imdb,season,number,episode_tvmaze,episode_tmdb,episode_tvdb,episode_imdb,rating,at\r\n"
        for (index, name) in names.enumerated() {
            let field = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            csv += "favourite,\(field),\(900_001 + index),,,,,,,,,,,2024-09-10T13:52:56Z\r\n"
            csv += "watched,\(field),\(900_001 + index),,,,1,1,,,,,,2024-09-11T08:00:00Z\r\n"
        }
        try csv.write(toFile: first.root + "/in.csv", atomically: true, encoding: .utf8)
        let imported = try first.run(["import", "discover", first.root + "/in.csv", "--offline", "--apply"])
        XCTAssertEqual(imported.status, 0, imported.err)
        XCTAssertTrue(imported.out.contains("added 5 favourites and 5 watched episodes"), imported.out)
        let exported = try first.run(["export", "--csv", "--output", first.root + "/out.csv"])
        XCTAssertEqual(exported.status, 0, exported.err)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: first.root + "/out.csv"))
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\r\n") {
            for cell in line.split(separator: ",") {
                let text = cell.hasPrefix("\"") ? cell.dropFirst() : cell
                XCTAssertFalse(["=", "+", "@"].contains { text.hasPrefix($0) }, String(line))
            }
        }
        XCTAssertTrue(String(decoding: bytes, as: UTF8.self).contains("'+Plus"))
        let again = try second.run(["import", "discover", first.root + "/out.csv", "--offline", "--apply"])
        XCTAssertEqual(again.status, 0, again.err)
        XCTAssertEqual(try second.run(["export", "--csv", "--output", second.root + "/out.csv"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: second.root + "/out.csv")), bytes)
        XCTAssertTrue(try second.run(["export", "--json"]).out.contains("\"name\" : \"=HYPERLINK(\\\"http://x\\\")\""))
    }
}

/// Netflix's files imported offline: their shows found in the built-in catalogue, their
/// episodes in the snapshot's lists, and what is added shows in `continue`.
final class NetflixOfflineEndToEndTests: XCTestCase {
    func testTheNetflixSamplesImportOfflineAndBrooklynNineNineIsInContinue() throws {
        let h = try PipedRun(prefix: "discover-import-netflix")
        defer { h.remove() }
        let history = try h.run(["import", "netflix", Fixtures.url("imports/netflix_viewing_history_us_2020.csv").path, "--offline", "--apply"])
        XCTAssertEqual(history.status, 0, history.err)
        XCTAssertTrue(history.out.contains("rows need TVmaze ("), history.out)
        let continuing = try h.run(["continue", "--offline"])
        XCTAssertEqual(continuing.status, 0, continuing.err)
        XCTAssertTrue(continuing.out.contains("Brooklyn Nine-Nine"), continuing.out)
        let activity = try h.run(["import", "netflix", Fixtures.url("imports/netflix_viewing_activity_be_2023-01.csv").path, "--offline", "--apply"])
        XCTAssertEqual(activity.status, 0, activity.err)
        XCTAssertTrue(activity.out.hasPrefix("882 rows: "), activity.out)
        XCTAssertTrue(activity.out.contains("130 trailers and previews"), activity.out)
        XCTAssertTrue(try h.run(["continue", "--offline"]).out.contains("Stranger Things"))
    }
}

/// TV Time's export zip given as it is: read, never refused as "not a text file".
final class TVTimeZipEndToEndTests: XCTestCase {
    func testTheExportZipImportsWithItsRowsCountedAndTheUnmatchedListed() throws {
        let h = try PipedRun(prefix: "discover-import-tvtime")
        defer { h.remove() }
        let zip = h.root + "/tvtime.zip"
        let script = """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], 'w') as z:
                for name in sys.argv[2:]:
                    z.write(name, name.rsplit('/', 1)[1].replace('tvtime_gdpr_2020-08_', ''), compress_type=zipfile.ZIP_DEFLATED)
                z.writestr('seen_movie.csv', 'movie_id,created_at\\n1,2020-01-01 00:00:00\\n')
            """
        let files = ["seen_episode", "rewatched_episode", "user_tv_show_data"].map { Fixtures.url("imports/tvtime_gdpr_2020-08_\($0).csv").path }
        XCTAssertEqual(try Subprocess.run("/usr/bin/python3", ["-c", script, zip] + files).status, 0)
        let result = try h.run(["import", "tvtime", zip, "--offline", "--unmatched", h.root + "/left.csv"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains(" skipped (1 other files in the archive, 47 shows not followed)"), result.out)
        XCTAssertTrue(result.out.contains("147 rows need TVmaze (TheTVDB show 70533, "), result.out)
        let left = try String(contentsOfFile: h.root + "/left.csv", encoding: .utf8)
        XCTAssertTrue(left.contains("only TheTVDB's episode id 11673 is given, which TVmaze cannot look up"), String(left.prefix(600)))
    }
}
