import Foundation
import TestSupport
import XCTest

/// The calendar you act on and its digest for scripts, through the built binary: `--short`
/// lines, the exit status with a sentence when nothing is found or nothing could be asked,
/// the returning seasons of `premieres`, and `w` in Tonight dimming the row and keeping the mark.
final class CalendarEndToEndTests: XCTestCase {
    private let server = LoopbackHTTPServer()
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "discover-calendar-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/data/discover-tui", withIntermediateDirectories: true)
    }

    override func tearDown() {
        server.stop()
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    private var environment: [String: String] {
        [
            "HOME": root + "/home", "XDG_DATA_HOME": root + "/data", "XDG_CACHE_HOME": root + "/cache", "XDG_STATE_HOME": root + "/state",
            "XDG_CONFIG_HOME": root + "/config", "LC_ALL": "C.UTF-8", "TZ": "UTC"
        ]
    }

    private func favourite(_ id: String, _ name: String) throws {
        let file = #"{"version": 1, "favourites": [{"kind": "show", "provider": "TVmaze", "id": "\#(id)", "name": "\#(name)", "subtitle": "", "added": "2026-11-29T14:30:00Z"}]}"#
        try Data(file.utf8).write(to: URL(fileURLWithPath: root + "/data/discover-tui/favorites.json"))
    }

    // MARK: --short

    func testTonightShortOfflineIsOneDatedLineAnEpisodeWithNoHeader() throws {
        let run = try SeparateRun.run(["tonight", "--short", "--offline"], environment: environment, in: root)
        XCTAssertEqual(run.status, 0, run.err)
        let lines = run.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        XCTAssertGreaterThan(lines.count, 150, run.out)
        // `SxxEyy`; a daily show's year-numbered season is written whole (`S2020E31`), an
        // unnumbered special `SxxE00`.
        let pattern = #"^\d{4}-\d\d-\d\d \d\d:\d\d  .+  S(\d\d|\d{4})E\d\d"#
        for line in lines {
            XCTAssertNotNil(line.range(of: pattern, options: .regularExpression), line)
        }
        let regular = lines.filter { $0.range(of: #"^\d{4}-\d\d-\d\d \d\d:\d\d  .+  S\d\dE\d\d"#, options: .regularExpression) != nil }
        XCTAssertGreaterThan(regular.count, 130, "most lines are SxxEyy")
        XCTAssertTrue(lines.contains("2020-12-02 01:00  The Voice  S19E13 ‘Live Top 17 Results’  NBC"), run.out)
        XCTAssertFalse(lines.contains { $0.hasPrefix("#") }, "no header")
        // Tonight in a terminal prints too with --short (no full screen): the same lines.
        let term = try TmuxTerminal(
            command: [BuiltProducts.discover, "tonight", "--short", "--offline"], width: 200, height: 10, environment: environment)
        XCTAssertEqual(term.exitStatus(), 0)
        XCTAssertTrue(term.history().contains("The Voice  S19E13"), term.history())
    }

    func testPremieresOfflineListNoYearNumberedSeasonAndKeepTheRecordedPremieres() throws {
        let run = try SeparateRun.run(["premieres", "--offline"], environment: environment, in: root)
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertNil(run.out.range(of: #"S(19|20)\d\d"#, options: .regularExpression), run.out)
        // In fixed columns: date, badges, show, code, title, channel, and a season released whole
        func has(_ pattern: String) -> Bool { run.out.range(of: pattern, options: .regularExpression) != nil }
        XCTAssertTrue(has("NEW +Harlan Coben's Fool Me Once +S01E01 +Episode 1 +Netflix +8 episodes, the whole season\n"), run.out)
        XCTAssertTrue(has("NEW +Marry My Husband +S01E01 "), run.out)
        XCTAssertTrue(has("S2 ▶ +The Tourist +S02E01 +Episode 1 +BBC iPlayer +6 episodes, the whole season\n"), run.out)
        let short = try SeparateRun.run(["premieres", "--offline", "--short", "--days", "1"], environment: environment, in: root)
        XCTAssertEqual(short.status, 0, short.err)
        XCTAssertTrue(short.out.contains("2024-01-01 06:00  The Tourist  S02E01 ‘Episode 1’  BBC iPlayer\n"), short.out)
        // The schedule of 1 January; an episode of it may air on the 2nd in the viewer's zone.
        XCTAssertTrue(short.out.split(separator: "\n").allSatisfy { $0.hasPrefix("2024-01-01 ") || $0.hasPrefix("2024-01-02 ") }, short.out)
        XCTAssertTrue(
            short.out.split(separator: "\n").allSatisfy { $0.range(of: #"^\d{4}-\d\d-\d\d \d\d:\d\d  .+  S\d\dE\d\d"#, options: .regularExpression) != nil },
            short.out)
    }

    // MARK: Exit status and its sentence

    func testUpcomingNewWhenTVmazeCannotBeReachedExitsThreeWithASentenceAndKeepsTheLastLook() throws {
        try favourite("82", "Game of Thrones")
        // Nothing listens on port 1: the connection is refused.
        let refused = try SeparateRun.run(["upcoming", "--new", "--source", "tvmaze", "--api-base", "http://127.0.0.1:1", "--no-cache"], environment: environment, in: root)
        XCTAssertEqual(refused.status, 3, refused.err)
        XCTAssertEqual(refused.out, "")
        XCTAssertEqual(refused.err.split(separator: "\n").count, 1, refused.err)
        XCTAssertTrue(refused.err.hasPrefix("discover-tui: no favourite show could be asked (TVmaze is unreachable"), refused.err)
        XCTAssertTrue(refused.err.contains("the last look is kept for the next run"), refused.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/state/discover-tui/upcoming-new"), "the time is not moved on")
        // A server that accepts and closes without an answer.
        server.route("/shows/82/episodes", .closeWithoutAnswer)
        let base = try server.start()
        let closed = try SeparateRun.run(["upcoming", "--new", "--source", "tvmaze", "--api-base", base.absoluteString, "--no-cache"], environment: environment, in: root)
        XCTAssertEqual(closed.status, 3, closed.err)
        XCTAssertTrue(closed.err.contains("could be asked") && closed.err.contains("TVmaze"), closed.err)
        // In `auto`, given up for the recordings, which cannot say what aired lately: 3 as well.
        let auto = try SeparateRun.run(["upcoming", "--new", "--api-base", "http://127.0.0.1:1", "--no-cache"], environment: environment, in: root)
        XCTAssertEqual(auto.status, 3, auto.err)
        XCTAssertTrue(auto.err.contains("TVmaze is unreachable"), auto.err)
    }

    func testTonightAndPremieresSayWhyWhenTheyFindNothingOrCannotAsk() throws {
        server.route("/schedule", .json("[]"))
        server.route("/schedule/web", .json("[]"))
        let base = try server.start()
        let empty = try SeparateRun.run(
            ["tonight", "--short", "--date", "2020-12-01", "--country", "US", "--source", "tvmaze", "--api-base", base.absoluteString], environment: environment, in: root)
        XCTAssertEqual(empty.status, 1, empty.err)
        XCTAssertEqual(empty.out, "")
        XCTAssertEqual(empty.err, "discover-tui: nothing is scheduled on 2020-12-01 in US or on streaming\n")
        let none = try SeparateRun.run(["premieres", "--days", "2", "--source", "tvmaze", "--api-base", base.absoluteString], environment: environment, in: root)
        XCTAssertEqual(none.status, 1, none.err)
        XCTAssertEqual(none.err, "discover-tui: no premiere in the 2 days asked\n")
        let unreachable = ["--source", "tvmaze", "--api-base", "http://127.0.0.1:1", "--no-cache"]
        let tonight = try SeparateRun.run(["tonight", "--short", "--date", "2020-12-01"] + unreachable, environment: environment, in: root)
        XCTAssertEqual(tonight.status, 3, tonight.err)
        XCTAssertTrue(tonight.err.hasPrefix("discover-tui: no schedule could be read: TVmaze is unreachable"), tonight.err)
        let premieres = try SeparateRun.run(["premieres", "--days", "1"] + unreachable, environment: environment, in: root)
        XCTAssertEqual(premieres.status, 3, premieres.err)
        XCTAssertTrue(premieres.err.contains("no schedule could be read for the premieres"), premieres.err)
        // Upcoming with no favourite show: 1 and why; offline, where nothing can tell: 3 and why.
        let nobody = try SeparateRun.run(["upcoming", "--short", "--offline"], environment: environment, in: root)
        XCTAssertEqual(nobody.status, 1, nobody.err)
        XCTAssertEqual(nobody.err, "discover-tui: no favourite shows yet: press f on a show to add it\n")
        try favourite("82", "Game of Thrones")
        let offline = try SeparateRun.run(["upcoming", "--today", "--offline"], environment: environment, in: root)
        XCTAssertEqual(offline.status, 3, offline.err)
        XCTAssertTrue(offline.err.contains("the offline snapshot cannot tell what airs next"), offline.err)
    }

    // MARK: w in Tonight

    func testWInTonightDimsTheRowAndKeepsTheMarkOneKeyAtATimeAndInOneWrite() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        var env = environment
        env["TZ"] = "America/Los_Angeles"
        let term = try TmuxTerminal(
            command: [BuiltProducts.discover, "tonight", "--offline", "--country", "US", "--theme", "mono"], width: 120, height: 30, environment: env)
        XCTAssertNotNil(term.waitFor("Sim for You", timeout: 15), term.screen().joined(separator: "\n"))
        // w, then u, one key at a time, each waited for
        term.send("w")
        XCTAssertNotNil(term.waitFor("Sim for You S04E16 marked watched", timeout: 10), term.screen().joined(separator: "\n"))
        XCTAssertTrue(term.screen().contains { $0.contains("✓ Sim for You") })
        term.send("u")
        XCTAssertNotNil(term.waitFor("Undone: Sim for You S04E16", timeout: 10), term.screen().joined(separator: "\n"))
        XCTAssertFalse(term.screen().contains { $0.contains("✓ Sim for You") })
        // w and j in one write: marked, and the selection moves off the row, which shows dim
        term.sendTogether("w", "j")
        let screen = try XCTUnwrap(term.waitUntil(timeout: 10) { $0.contains { $0.contains("✓ Sim for You") } && $0.contains { $0.hasPrefix("▌") && !$0.contains("Sim for You") } })
        let row = try XCTUnwrap(screen.firstIndex { $0.contains("✓ Sim for You") })
        let styled = term.styledScreen()
        let letters = styled.cells.filter { $0.row == row && "Sim".contains($0.character) }
        XCTAssertFalse(letters.isEmpty)
        XCTAssertTrue(letters.allSatisfy(\.style.dim), "the watched row is dim: \(letters)")
        XCTAssertFalse(styled.cells.filter { $0.row == row + 1 && $0.character != "▌" }.allSatisfy(\.style.dim), "the next row is not")
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
        // The mark is in the database: export lists it (Sim for You is TVmaze's show 41648).
        let export = try SeparateRun.run(["export", "--json"], environment: env, in: root)
        XCTAssertEqual(export.status, 0, export.err)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(export.out.utf8)) as? [String: Any])
        let watched = try XCTUnwrap(object["watched"] as? [[String: Any]])
        XCTAssertEqual(watched.count, 1, export.out)
        XCTAssertEqual((watched.first?["show"] as? [String: Any])?["tvmaze"] as? Int, 41648)
        XCTAssertEqual(watched.first?["season"] as? Int, 4)
        XCTAssertEqual(watched.first?["number"] as? Int, 16)
    }
}
