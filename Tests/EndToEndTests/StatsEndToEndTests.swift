import Domain
import Foundation
import TestSupport
import Workers
import XCTest

/// `discover-tui stats` on a history of six dated marks of Game of Thrones (60-minute episodes
/// in the snapshot's recorded list): five in 2024 and one on 2023-12-31. In a pipe, `--json`
/// gives 5 episodes, 300 minutes and the days under `TZ=UTC` (another zone moves a day); plain
/// text holds the grid. On a terminal (tmux), the Stats screen's grid at 80 and 200 columns in
/// the dark, light and mono themes; `[` `]` between years, back to back and one at a time; `S`
/// in Favourites opens it.
final class StatsEndToEndTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "discover-stats-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/data/discover-tui", withIntermediateDirectories: true)
        // The history, written through the store as the app writes it.
        let store = try WatchedStore(directory: root + "/data/discover-tui")
        let show = WatchedShowID(provider: "TVmaze", id: 82)
        let times = ["2023-12-31T22:00:00Z", "2024-01-01T20:00:00Z", "2024-01-02T20:00:00Z", "2024-01-02T21:00:00Z", "2024-01-03T20:00:00Z", "2024-03-10T20:00:00Z"]
        let marks = times.enumerated().map { index, time in
            WatchedMark(
                key: WatchedEpisodeKey(show: show, season: 1, number: index + 1), showName: "Game of Thrones",
                markedAt: Int(ISO8601DateFormatter().date(from: time)?.timeIntervalSince1970 ?? 0))
        }
        try store.add(marks)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    private func environment(zone: String = "UTC") -> [String: String] {
        [
            "HOME": root + "/home", "XDG_CONFIG_HOME": root + "/config", "XDG_CACHE_HOME": root + "/cache", "XDG_DATA_HOME": root + "/data",
            "XDG_STATE_HOME": root + "/state", "LC_ALL": "C.UTF-8", "TZ": zone, "TERM": "xterm-256color"
        ]
    }

    func testSixMarksGiveFiveEpisodesThreeHundredMinutesAndTheirDaysInTheViewersZone() throws {
        let run = try SeparateRun.run(["stats", "--year", "2024", "--offline", "--json"], environment: environment(), in: root)
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertEqual(run.out.filter { $0 == "\n" }.count, 1, "one object, one line")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        XCTAssertEqual(object["year"] as? Int, 2024)
        XCTAssertEqual(object["episodes"] as? Int, 5)
        XCTAssertEqual(object["minutes"] as? Int, 300)
        XCTAssertEqual(object["withoutRuntime"] as? Int, 0)
        XCTAssertEqual(object["days"] as? [String: Int], ["2024-01-01": 1, "2024-01-02": 2, "2024-01-03": 1, "2024-03-10": 1])
        let streak = try XCTUnwrap(object["streak"] as? [String: Any])
        XCTAssertEqual(streak["days"] as? Int, 3)
        XCTAssertEqual(streak["from"] as? String, "2024-01-01")
        XCTAssertEqual(streak["through"] as? String, "2024-01-03")
        XCTAssertEqual((object["networks"] as? [[String: Any]])?.first?["name"] as? String, "HBO")
        XCTAssertEqual((object["genres"] as? [[String: Any]])?.map { $0["name"] as? String }, ["Adventure", "Drama", "Fantasy"])
        XCTAssertEqual((object["people"] as? [[String: Any]])?.first?["name"] as? String, "Peter Dinklage", "the first billed of equals")
        let shows = try XCTUnwrap(object["shows"] as? [String: Int])
        XCTAssertEqual(shows, ["started": 0, "finished": 0, "dropped": 1, "withoutEpisodeList": 0])
        let ratings = try XCTUnwrap(object["ratings"] as? [String: Any])
        XCTAssertEqual(ratings["count"] as? Int, 0)
        XCTAssertTrue(ratings["mean"] is NSNull)

        // 2023: the one mark. In UTC+14 it falls on 1 January 2024 instead.
        let last = try SeparateRun.run(["stats", "--year", "2023", "--offline", "--json"], environment: environment(), in: root)
        let lastYear = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(last.out.utf8)) as? [String: Any])
        XCTAssertEqual(lastYear["episodes"] as? Int, 1)
        XCTAssertEqual((lastYear["shows"] as? [String: Int])?["started"], 1)
        let east = try SeparateRun.run(["stats", "--year", "2024", "--offline", "--json"], environment: environment(zone: "Pacific/Kiritimati"), in: root)
        let shifted = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(east.out.utf8)) as? [String: Any])
        XCTAssertEqual(shifted["episodes"] as? Int, 6)
        XCTAssertEqual(shifted["days"] as? [String: Int], ["2024-01-01": 1, "2024-01-02": 1, "2024-01-03": 2, "2024-01-04": 1, "2024-03-11": 1])
    }

    func testInAPipeThePlainTextHasTheSummaryAndTheGrid() throws {
        let run = try SeparateRun.run(["stats", "--year", "2024", "--offline"], environment: environment(), in: root)
        XCTAssertEqual(run.status, 0, run.err)
        let lines = run.out.components(separatedBy: "\n")
        XCTAssertEqual(Array(lines.prefix(3)), ["Your year in TV · 2024", "5 episodes · 5 h", "Shows: 0 started · 0 finished · 1 dropped"])
        XCTAssertTrue(lines.contains { $0.hasPrefix("    Jan Feb Mar") }, run.out)
        XCTAssertTrue(lines.contains { $0.hasPrefix("Tue █···") }, run.out)
        XCTAssertTrue(lines.contains("    less · ░ ▒ ▓ █ more"), run.out)
        XCTAssertTrue(lines.contains("Top networks: HBO 5"), run.out)
        XCTAssertFalse(run.out.contains("\u{1B}"), "no escape sequence in a pipe")
        let ascii = try SeparateRun.run(["stats", "--year", "2024", "--offline", "--ascii"], environment: environment(), in: root)
        XCTAssertTrue(ascii.out.contains("\nTue #..."), ascii.out)
        XCTAssertTrue(ascii.out.unicodeScalars.allSatisfy(\.isASCII), ascii.out)
        let bad = try SeparateRun.run(["stats", "--year", "24"], environment: environment(), in: root)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.err.contains("--year must be a year from 1970 to 9999"), bad.err)
        // The last year allowed is counted like any other (no next year's date is needed).
        for year in ["1970", "9999"] {
            let edge = try SeparateRun.run(["stats", "--year", year, "--offline", "--json"], environment: environment(), in: root)
            XCTAssertEqual(edge.status, 0, year + ": " + edge.err)
            XCTAssertTrue(edge.out.contains("\"year\":\(year)"), year + ": " + edge.out)
        }
        let misplaced = try SeparateRun.run(["continue", "--year", "2024"], environment: environment(), in: root)
        XCTAssertEqual(misplaced.status, 2)
        XCTAssertTrue(misplaced.err.contains("--year is an option of the stats command"), misplaced.err)
    }

    func testTheGridOnATerminalAt80And200ColumnsInTheDarkLightAndMonoThemes() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        var shadeColours: [String: Int?] = [:]
        for (theme, width) in [("dark", 80), ("light", 200), ("mono", 80), ("dark", 200)] {
            let term = try TmuxTerminal(
                command: [BuiltProducts.discover, "stats", "--year", "2024", "--offline", "--theme", theme], width: width, height: 40,
                environment: environment(), unsetting: ["COLORFGBG", "NO_COLOR"])
            let screen = try XCTUnwrap(term.waitFor("less · ░ ▒ ▓ █ more"), "\(theme) \(width)\n" + term.screen().joined(separator: "\n"))
            XCTAssertTrue(screen.contains { $0.contains("Your year in TV · 2024") }, screen.joined(separator: "\n"))
            XCTAssertTrue(screen.contains { $0.contains("5 episodes · 5 h") }, screen.joined(separator: "\n"))
            let tuesday = try XCTUnwrap(screen.first { $0.hasPrefix("Tue ") }, screen.joined(separator: "\n"))
            XCTAssertTrue(tuesday.hasPrefix(width == 200 ? "Tue ██··" : "Tue █···"), "\(theme) \(width): " + tuesday)
            XCTAssertTrue(screen.allSatisfy { $0.count <= width })
            let styled = term.styledScreen()
            let darkest = try XCTUnwrap(styled.cells.first { $0.character == "█" && styled.rows[$0.row].hasPrefix("Tue") })
            if theme == "mono" {
                XCTAssertTrue(styled.cells.allSatisfy { $0.style.foreground == nil && $0.style.background == nil }, "mono draws no colour")
                XCTAssertTrue(darkest.style.bold, "the shades stand out by their characters and bold")
            } else {
                XCTAssertNotNil(darkest.style.foreground, "\(theme): a shaded day is coloured")
                shadeColours[theme] = darkest.style.foreground
            }
            term.send("q")
            XCTAssertNotNil(term.waitFor("Favourites"), "q goes back to Favourites\n" + term.screen().joined(separator: "\n"))
            term.send("q")
            XCTAssertEqual(term.exitStatus(), 0)
        }
        XCTAssertNotEqual(shadeColours["dark"] ?? nil, shadeColours["light"] ?? nil, "each theme its own colour")
    }

    func testBracketsMoveYearsBackToBackAndOneAtATimeAndSInFavouritesOpensStats() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        let term = try TmuxTerminal(command: [BuiltProducts.discover, "--offline"], width: 100, height: 40, environment: environment())
        XCTAssertNotNil(term.waitFor("offline snapshot"), term.screen().joined(separator: "\n"))
        term.send("F")
        XCTAssertNotNil(term.waitFor("No favourites yet"), term.screen().joined(separator: "\n"))
        term.send("S")
        let year = Calendar(identifier: .gregorian).component(.year, from: Date())
        XCTAssertNotNil(term.waitFor("Your year in TV · \(year)"), term.screen().joined(separator: "\n"))
        XCTAssertNotNil(term.waitFor("\(year) · 0 episodes"), term.screen().joined(separator: "\n"))
        // Back to 2024 in one write, then one year at a time.
        let back = year - 2024
        term.sendBytes(String(repeating: "[", count: back))
        let shown = try XCTUnwrap(term.waitFor("2024 · 5 episodes"), term.screen().joined(separator: "\n"))
        XCTAssertTrue(shown.contains { $0.contains("Longest streak: 3 days, Mon 1 Jan – Wed 3 Jan") }, shown.joined(separator: "\n"))
        term.send("[")
        XCTAssertNotNil(term.waitFor("2023 · 1 episode"), term.screen().joined(separator: "\n"))
        term.send("]")
        XCTAssertNotNil(term.waitFor("2024 · 5 episodes"), term.screen().joined(separator: "\n"))
        term.send("Escape")
        XCTAssertNotNil(term.waitFor("No favourites yet"), term.screen().joined(separator: "\n"))
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
    }
}
