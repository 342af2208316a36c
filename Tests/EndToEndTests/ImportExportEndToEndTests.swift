import Domain
import Foundation
import TestSupport
import Workers
import XCTest

/// `discover-tui import` and `export` as a person runs them in a pipe, against a loopback TVmaze
/// answering from recorded shows: a dry run by default, `--apply` writes, twice changes
/// nothing, an export read back into an empty home gives the same store, bad files stop with
/// one line and write nothing. What is applied lands in the app's own stores: the marks in
/// `watched.sqlite3`, the favourites in `favorites.json`.
final class ImportExportEndToEndTests: XCTestCase {
    private var runs: [PipedRun] = []
    private let server = LoopbackHTTPServer()
    private var base = ""

    override func setUp() async throws {
        try TVmazeLookupStub.install(on: server)
        base = try server.start().absoluteString
    }

    override func tearDown() async throws {
        server.stop()
        for run in runs { run.remove() }
    }

    private func home() throws -> PipedRun {
        let run = try PipedRun(prefix: "discover-import")
        runs.append(run)
        return run
    }

    private func run(_ home: PipedRun, _ arguments: [String]) throws -> PipedRun.Result {
        try home.run(arguments, environment: ["DISCOVER_TVMAZE_URL": base])
    }

    private func fixture(_ name: String) -> String { Fixtures.url("imports/" + name).path }

    private func dataFolder(_ home: PipedRun) -> String { home.root + "/home/.local/share/discover-tui" }

    func testAnAppliedFavouriteIsInTheFavouritesFileAndExportsTheSame() throws {
        let h = try home()
        let file = h.root + "/mine.csv"
        try
            ("kind,show_name,tvmaze,tmdb,tvdb,imdb,season,number,episode_tvmaze,episode_tmdb,episode_tvdb,episode_imdb,rating,at\r\n"
            + "favourite,South Park,112,,,,,,,,,,,2024-09-10T13:52:56Z\r\n"
            + "watched,South Park,112,,,,1,2,,,,,,2024-09-11T08:00:00Z\r\n").write(toFile: file, atomically: true, encoding: .utf8)
        let applied = try run(h, ["import", "discover", file, "--apply"])
        XCTAssertEqual(applied.status, 0, applied.err)
        XCTAssertTrue(applied.out.contains("added 1 favourites and 1 watched episodes"), applied.out)
        let favourites = try FavouritesStore(directory: dataFolder(h)).read().favourites
        XCTAssertEqual(favourites.map(\.key), [FavouriteKey(kind: .show, provider: "TVmaze", id: "112")])
        XCTAssertEqual(favourites.map(\.name), ["South Park"])
        XCTAssertEqual(favourites.map(\.addedAt), [1_725_976_376])
        let marks = try WatchedStore(directory: dataFolder(h)).allMarks()
        XCTAssertEqual(marks.map(\.key), [WatchedEpisodeKey(show: WatchedShowID(provider: "TVmaze", id: 112), season: 1, number: 2)])
        let exported = try run(h, ["export", "--csv"]).out
        XCTAssertEqual(
            exported.split(separator: "\r\n").dropFirst().map(String.init),
            // The file had the version-1 header; the export writes version 2's (a play on the episode).
            ["favourite,South Park,112,,,,,,,,,,,2024-09-10T13:52:56Z,,,,,", "watched,South Park,112,,,,1,2,,,,,,2024-09-11T08:00:00Z,1,,,,"])
        XCTAssertTrue(try run(h, ["import", "discover", file, "--apply"]).out.contains("nothing to add"))
    }

    func testAnOlderHistoryFileIsImportedOnceAndRenamed() throws {
        let first = try home()
        XCTAssertEqual(try run(first, ["import", "trakt", fixture("trakt_watched_shows_south-park.json"), "--apply"]).status, 0)
        let exported = try run(first, ["export", "--json"]).out
        let second = try home()
        try FileManager.default.createDirectory(atPath: dataFolder(second), withIntermediateDirectories: true)
        try exported.write(toFile: dataFolder(second) + "/history.json", atomically: true, encoding: .utf8)
        let adopted = try run(second, ["export", "--json"])
        XCTAssertEqual(adopted.status, 0, adopted.err)
        XCTAssertTrue(adopted.err.contains("0 favourites and 13 watched episodes moved to watched.sqlite3"), adopted.err)
        XCTAssertEqual(adopted.out, exported)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dataFolder(second) + "/history.json"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: dataFolder(second) + "/history.json.imported"))
        let later = try run(second, ["export", "--json"])
        XCTAssertEqual(later.err, "")
        XCTAssertEqual(later.out, exported)
    }

    func testTraktImportIsADryRunUntilApplyAndTwiceChangesNothing() throws {
        let h = try home()
        let file = fixture("trakt_watched_shows_south-park.json")
        let dry = try run(h, ["import", "trakt", file])
        XCTAssertEqual(dry.status, 0, dry.err)
        XCTAssertTrue(dry.out.contains("13 rows: 13 matched · 0 unmatched · 0 ambiguous"), dry.out)
        XCTAssertTrue(dry.out.contains("to add: 0 favourites, 13 watched episodes · already present: 0"), dry.out)
        XCTAssertTrue(dry.out.contains("dry run: nothing written"), dry.out)
        XCTAssertTrue(dry.err.contains("1/1 shows · 0 unmatched"), dry.err)
        XCTAssertFalse(try run(h, ["export", "--json"]).out.contains("South Park"))
        let applied = try run(h, ["import", "trakt", file, "--apply"])
        XCTAssertEqual(applied.status, 0, applied.err)
        XCTAssertTrue(applied.out.contains("added 0 favourites and 13 watched episodes"), applied.out)
        let exported = try run(h, ["export", "--json"]).out
        XCTAssertEqual(exported.components(separatedBy: "\"show_name\" : \"South Park\"").count - 1, 13, exported)
        // The store keys a show by its TVmaze id alone: the TheTVDB and TMDB ids are not kept.
        XCTAssertTrue(exported.contains("\"tvmaze\" : 112") && !exported.contains("\"tvdb\" : 75897"), exported)
        let marks = try WatchedStore(directory: dataFolder(h)).allMarks()
        XCTAssertEqual(marks.count, 13)
        XCTAssertEqual(Set(marks.map(\.key.show)), [WatchedShowID(provider: "TVmaze", id: 112)])
        XCTAssertEqual(Set(marks.map(\.showName)), ["South Park"])
        let again = try run(h, ["import", "trakt", file, "--apply"])
        XCTAssertTrue(again.out.contains("already present: 13") && again.out.contains("nothing to add"), again.out)
        XCTAssertEqual(try run(h, ["export", "--json"]).out, exported)
        // The second run asked TVmaze nothing: the lookup was kept.
        XCTAssertEqual(server.requests.filter { $0.path == "/lookup/shows" }.count, 1)
    }

    func testExportThenImportDiscoverIntoAnEmptyHomeGivesTheSameStore() throws {
        let first = try home()
        XCTAssertEqual(try run(first, ["import", "trakt", fixture("trakt_watched_shows_south-park.json"), "--apply"]).status, 0)
        for form in ["--json", "--csv"] {
            let path = first.root + "/export" + form
            XCTAssertEqual(try run(first, ["export", form, "--output", path]).status, 0)
            let second = try home()
            let imported = try run(second, ["import", "discover", path, "--apply"])
            XCTAssertEqual(imported.status, 0, imported.err)
            XCTAssertEqual(try run(second, ["export", "--json"]).out, try run(first, ["export", "--json"]).out, form)
            XCTAssertEqual(try run(second, ["export", "--csv"]).out, try run(first, ["export", "--csv"]).out, form)
        }
    }

    /// SeriesGuide both ways: Trakt's South Park out as a SeriesGuide backup (by the TheTVDB id
    /// the import's lookup kept), back into an empty home with `import seriesguide`, the same
    /// episodes, plays and ratings.
    func testASeriesGuideBackupWrittenImportsBackTheSameEpisodes() throws {
        let first = try home()
        XCTAssertEqual(try run(first, ["import", "trakt", fixture("trakt_watched_shows_south-park.json"), "--apply"]).status, 0)
        let rated = try first.run(["rate", "South Park", "8", "--offline"], environment: ["DISCOVER_TVMAZE_URL": base])
        let backup = first.root + "/seriesguide-shows-backup.json"
        let exported = try run(first, ["export", "--seriesguide", "--output", backup])
        XCTAssertEqual(exported.status, 0, exported.err)
        let text = try String(contentsOfFile: backup, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("[{") && text.contains("\"tvdb_id\":75897") && text.contains("\"title\":\"South Park\""), text)
        XCTAssertFalse(text.contains("\n  "), "written without whitespace, as SeriesGuide writes it")
        let second = try home()
        let imported = try run(second, ["import", "seriesguide", backup, "--apply"])
        XCTAssertEqual(imported.status, 0, imported.err)
        func episodes(_ h: PipedRun) throws -> [String] {
            try WatchedStore(directory: dataFolder(h)).allMarks().map { "\($0.key.show.id) \($0.key.season)x\($0.key.number) \($0.plays)" }.sorted()
        }
        XCTAssertEqual(try episodes(second), try episodes(first))
        XCTAssertEqual(try episodes(second).count, 13)
        XCTAssertEqual(rated.status, 0, rated.err)
        XCTAssertEqual(try WatchedStore(directory: dataFolder(second)).allRatings().shows.map(\.rating.value), [8])
        // A show with no TheTVDB or TMDB id known is left out and named.
        let thrones = first.root + "/thrones.csv"
        try
            ("kind,show_name,tvmaze,tmdb,tvdb,imdb,season,number,episode_tvmaze,episode_tmdb,episode_tvdb,episode_imdb,rating,at\r\n"
            + "watched,Game of Thrones,82,,,,1,1,,,,,,2024-09-11T08:00:00Z\r\n").write(toFile: thrones, atomically: true, encoding: .utf8)
        XCTAssertEqual(try run(first, ["import", "discover", thrones, "--offline", "--apply"]).status, 0)
        let partial = try run(first, ["export", "--seriesguide"])
        XCTAssertEqual(partial.status, 0, partial.err)
        XCTAssertEqual(partial.err, "discover-tui: 1 shows left out (no TheTVDB or TMDB id known, which SeriesGuide needs): Game of Thrones\n")
        let bad = try run(second, ["export", "--json", "--seriesguide"])
        XCTAssertEqual(bad.status, 2)
    }

    func testNetflixTitlesMapWithACountOfUnmatchedWrittenToAFile() throws {
        let h = try home()
        let result = try run(h, ["import", "netflix", fixture("netflix_viewing_history_us_2020.csv"), "--unmatched", "discover-import-unmatched.csv"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("424 rows: "), result.out)
        XCTAssertTrue(result.out.contains("63 skipped (63 films and specials)"), result.out)
        let summary = try XCTUnwrap(result.out.split(separator: "\n").first).components(separatedBy: " · ")
        func count(_ word: String) -> Int? { summary.first { $0.hasSuffix(" " + word) }.flatMap { Int($0.split(separator: " ")[0]) } }
        let unmatched = try XCTUnwrap(count("unmatched"), result.out)
        let ambiguous = try XCTUnwrap(count("ambiguous"), result.out)
        XCTAssertGreaterThan(unmatched, 0)
        XCTAssertTrue(summary[0].hasSuffix(" matched") && !summary[0].hasSuffix(": 0 matched"), result.out)
        let file = try String(contentsOfFile: h.root + "/discover-import-unmatched.csv", encoding: .utf8)
        XCTAssertEqual(file.split(separator: "\r\n").count - 1, unmatched + ambiguous, file)
        XCTAssertTrue(file.hasPrefix("kind,show_name,tvmaze,"))
    }

    func testIMDbFilmsAreSkippedAndCounted() throws {
        let h = try home()
        let result = try run(h, ["import", "imdb", fixture("imdb_ratings_export.csv"), fixture("imdb_list_export.csv")])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("6 rows: 0 matched · 0 unmatched · 0 ambiguous · 6 skipped (6 films)"), result.out)
        XCTAssertTrue(result.out.contains("nothing to add"), result.out)
    }

    /// A 2,000-row history: progress on standard error, Ctrl-C stops it (status 130, nothing
    /// written), and a second run finishes without asking again for a show already looked up.
    func testCtrlCStopsALargeImportAndASecondRunAsksNothingTwice() throws {
        let h = try home()
        let ids = try TVmazeLookupStub.shows().compactMap { ($0["externals"] as? [String: Any])?["thetvdb"] as? Int }.prefix(40)
        var csv = "tv_show_name,episode_season_number,episode_number,tv_show_id,created_at\n"
        for row in 0..<2000 { csv += "Show,1,\(row / 40 + 1),\(ids[ids.startIndex + row % ids.count]),2020-01-01 00:00:00\n" }
        let file = h.root + "/seen_episode.csv"
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltProducts.discover)
        process.arguments = ["import", "tvtime", file, "--apply"]
        process.currentDirectoryURL = URL(fileURLWithPath: h.root)
        process.environment = ["HOME": h.root + "/home", "XDG_CACHE_HOME": h.root + "/cache", "LC_ALL": "C.UTF-8", "DISCOVER_TVMAZE_URL": base]
        let errPath = h.root + "/interrupted-err"
        FileManager.default.createFile(atPath: errPath, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Past TVmaze's burst of 20, lookups go at 2 a second: wait for the progress to pass 8 of 40.
        let deadline = Date().addingTimeInterval(30)
        while !((try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "").contains("8/40 shows"), Date() < deadline, process.isRunning {
            usleep(20_000)
        }
        process.interrupt()
        process.waitUntilExit()
        let err = try String(contentsOfFile: errPath, encoding: .utf8)
        XCTAssertEqual(process.terminationStatus, 130, err)
        XCTAssertTrue(err.contains("stopped: nothing was imported"), err)
        XCTAssertFalse(try run(h, ["export", "--json"]).out.contains("\"season\""), "nothing written")
        let firstAsked = server.requests.count
        XCTAssertGreaterThanOrEqual(firstAsked, 8)
        XCTAssertLessThan(firstAsked, 40)
        // The lookups the first run finished are those in its journal (one in flight at Ctrl-C
        // may have reached the server without its answer being kept).
        let journal = try String(contentsOfFile: h.root + "/cache/discover-tui/import-lookups.tsv", encoding: .utf8)
        let finished = Set(journal.split(separator: "\n").compactMap { $0.split(separator: "\t").first }.map { String($0.dropFirst("tvdb:".count)) })
        XCTAssertGreaterThanOrEqual(finished.count, 8)
        let second = try run(h, ["import", "tvtime", file, "--apply"])
        XCTAssertEqual(second.status, 0, second.err)
        // Every row is matched or, past the end of its show's recorded season 1, unmatched for that.
        XCTAssertTrue(second.out.contains("2,000 rows: ") && second.out.contains(" · 0 ambiguous"), second.out)
        let unmatched = (try? String(contentsOfFile: h.root + "/discover-import-unmatched.csv", encoding: .utf8)) ?? ""
        for row in unmatched.split(separator: "\r\n").dropFirst() { XCTAssertTrue(row.contains("TVmaze lists no S01E"), String(row)) }
        XCTAssertTrue(second.err.contains("40/40 shows · 0 unmatched"), second.err)
        let askedAgain = server.requests.dropFirst(firstAsked).compactMap { $0.queryItems["thetvdb"] }
        XCTAssertTrue(finished.isDisjoint(with: askedAgain), "a finished lookup asked again")
        XCTAssertEqual(askedAgain.count, Set(askedAgain).count)
        XCTAssertEqual(Set(server.requests.compactMap { $0.queryItems["thetvdb"] }).count, 40)
    }

    /// On a terminal, without `--apply`, the import asks; only a yes writes.
    func testOnATerminalTheImportAsksBeforeWriting() throws {
        let h = try home()
        let env = ["HOME": h.root + "/home", "XDG_CACHE_HOME": h.root + "/cache", "LC_ALL": "C.UTF-8", "TERM": "xterm", "DISCOVER_TVMAZE_URL": base]
        let command = [BuiltProducts.discover, "import", "trakt", fixture("trakt_watched_shows_south-park.json")]
        let no = try PseudoTerminal(command: command, environment: env)
        defer { no.stop() }
        XCTAssertTrue(no.waitFor("Add them? [y/N]"), String(decoding: no.output, as: UTF8.self))
        no.type("n\r")
        XCTAssertTrue(no.waitFor("nothing written"), String(decoding: no.output, as: UTF8.self))
        XCTAssertEqual(no.waitForExit(), 0)
        XCTAssertFalse(try run(h, ["export", "--csv"]).out.contains("South Park"))
        let yes = try PseudoTerminal(command: command, environment: env)
        defer { yes.stop() }
        XCTAssertTrue(yes.waitFor("Add them? [y/N]"), String(decoding: yes.output, as: UTF8.self))
        yes.type("y\r")
        XCTAssertTrue(yes.waitFor("added 0 favourites and 13 watched episodes"), String(decoding: yes.output, as: UTF8.self))
        XCTAssertEqual(yes.waitForExit(), 0)
        XCTAssertEqual(try run(h, ["export", "--csv"]).out.split(separator: "\r\n").count, 14)
    }

    func testBadFilesAndFormatsAreOneLineAndWriteNothing() throws {
        let h = try home()
        let bad = h.root + "/bad.csv"
        try "Title,Date\n\"A: Season 1: B\",1/2/20\n\"C: Season 1: D\",soon\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let result = try run(h, ["import", "netflix", bad, "--apply"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.err, "discover-tui: \(bad):3: the date 'soon' is not a date; nothing was imported\n")
        let wrong = try run(h, ["import", "trakt", bad])
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(wrong.err.hasPrefix("discover-tui: \(bad):1: not a Trakt export"), wrong.err)
        let format = try run(h, ["import", "letterboxd", bad])
        XCTAssertEqual(format.status, 2)
        XCTAssertTrue(format.err.contains("'letterboxd' is not an import format"), format.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dataFolder(h) + "/" + WatchedStore.fileName), "nothing written")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dataFolder(h) + "/" + FavouritesStore.fileName))
        XCTAssertTrue(server.requests.isEmpty)
    }
}
