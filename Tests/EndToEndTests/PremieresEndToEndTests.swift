import Foundation
import TestSupport
import XCTest

/// `discover-tui premieres` offline (the recorded days' premieres, each day's series premieres
/// first, each with its badge; `--ics`), live against a loopback TVmaze (paced, a day printed
/// before the last schedule answers), and New this week in the full-screen app.
final class PremieresEndToEndTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "discover-premieres-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    func testOfflineListsTheRecordedWeeksPremieresWithSeriesPremieresFirstOfTheirDay() throws {
        let environment = ["HOME": root + "/home", "XDG_DATA_HOME": root + "/data", "XDG_CACHE_HOME": root + "/cache", "LC_ALL": "C.UTF-8", "TZ": "UTC"]
        let run = try SeparateRun.run(["premieres", "--offline", "--days", "7"], environment: environment, in: root)
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertTrue(run.err.contains("offline: the premieres of the recorded schedules, 2024-01-01 – 2024-01-07"), run.err)
        let lines = run.out.split(separator: "\n").map(String.init)
        XCTAssertGreaterThan(lines.count, 7, run.out)
        var days: [String: [String]] = [:]
        for line in lines {
            let parts = line.components(separatedBy: "  ")
            XCTAssertTrue(parts[0].hasPrefix("2024-01-0"), line)
            days[parts[0], default: []].append(line)
            let badge = parts[1].trimmingCharacters(in: .whitespaces)
            // Fixed columns, each its cap wide: the show always starts in the same place (the
            // date's 10 cells, the badge's 12, two spaces after each), whatever the day
            XCTAssertTrue(line.prefix(26).hasSuffix("  ") && line.dropFirst(26).first != " ", line)
            // NEW on S01E01, `Sn ▶` on SnnE01 of a later season.
            if badge == "NEW" {
                XCTAssertTrue(line.contains("  S01E01  "), line)
            } else {
                let season = try XCTUnwrap(Int(badge.dropFirst().prefix { $0.isNumber }), line)
                XCTAssertTrue(badge.hasSuffix(" ▶"), line)
                XCTAssertTrue(line.contains(String(format: "  S%02dE01  ", season)), line)
            }
        }
        XCTAssertEqual(days.keys.sorted(), Array(days.keys.sorted()).filter { $0 <= "2024-01-07" })
        for (day, rows) in days {
            let badges = rows.map { $0.components(separatedBy: "  ")[1].trimmingCharacters(in: .whitespaces) == "NEW" }
            XCTAssertEqual(badges, badges.sorted { $0 && !$1 }, "\(day): the series premieres first")
        }
        XCTAssertTrue(lines.contains { $0.contains("NEW") && $0.contains("Harlan Coben's Fool Me Once  ") && $0.contains("  S01E01  ") }, run.out)
    }

    private var environment: [String: String] {
        ["HOME": root + "/home", "XDG_DATA_HOME": root + "/data", "XDG_CACHE_HOME": root + "/cache", "LC_ALL": "C.UTF-8", "TZ": "UTC"]
    }

    func testICSWritesOneCheckedEventAPremiereWithItsBadge() throws {
        let lines = try SeparateRun.run(["premieres", "--offline", "--days", "3"], environment: environment, in: root)
        let run = try SeparateRun.run(["premieres", "--offline", "--days", "3", "--ics"], environment: environment, in: root)
        XCTAssertEqual(run.status, 0, run.err)
        let report = ICalendarChecker.check(Data(run.out.utf8))
        XCTAssertEqual(report.problems, [])
        XCTAssertEqual(report.events.count, lines.out.split(separator: "\n").count, "one event a premiere line")
        let summaries = report.events.compactMap { $0["SUMMARY"]?.first.map(ICalendarChecker.unescaped) }
        XCTAssertTrue(summaries.contains("NEW · Harlan Coben's Fool Me Once · S01E01 · Episode 1"), "\(summaries)")
        XCTAssertTrue(summaries.allSatisfy { $0.hasPrefix("NEW · ") || $0.range(of: #"^S\d+ ▶ · "#, options: .regularExpression) != nil }, "\(summaries)")
        XCTAssertEqual(Set(report.events.compactMap { $0["UID"]?.first }).count, report.events.count, "one UID an episode")
        let json = try SeparateRun.run(["premieres", "--offline", "--ics", "--json"], environment: environment, in: root)
        XCTAssertEqual(json.status, 2, json.err)
        XCTAssertEqual(json.out, "")
    }

    func testLiveThePremieresArePacedToTVmazesRateAndTheFirstDayIsPrintedBeforeTheLastAnswer() throws {
        // Given a loopback TVmaze answering every day with the recorded schedules, and holding
        // the last day's country schedule until the first day has been printed
        let server = LoopbackHTTPServer()
        defer { server.stop() }
        let days = 11
        let utc = { (offset: Int) -> String in
            let date = Date().addingTimeInterval(Double(offset) * 86_400)
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_US_POSIX")
            f.timeZone = TimeZone(identifier: "UTC")
            f.dateFormat = "yyyy-MM-dd"
            return f.string(from: date)
        }
        let gate = ResponseGate()
        var held = ScriptedResponse.json(try Fixtures.data("tvmaze/schedule_US_2020-12-01.json"))
        held.gate = gate
        server.route("/schedule", query: ["date": utc(days - 1)], held)
        server.route("/schedule", .json(try Fixtures.data("tvmaze/schedule_US_2020-12-01.json")))
        server.route("/schedule/web", .json(try Fixtures.data("tvmaze/schedule_web_2024-01-01.json")))
        let base = try server.start()
        let out = root + "/out", err = root + "/err"
        let assignments = environment.merging(["PATH": "/usr/bin:/bin"]) { _, new in new }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let pid = try StressProcess.spawn(
            "/usr/bin/env",
            ["-i"] + assignments + [
                BuiltProducts.discover, "premieres", "--days", String(days), "--country", "US",
                "--source", "tvmaze", "--api-base", base.absoluteString
            ], log: out, errors: err)
        // When the first day's lines are there (a state, waited for), the last answer is still held
        let first = utc(0)
        let deadline = Date().addingTimeInterval(30)
        var printed = ""
        while Date() < deadline {
            printed = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
            if printed.contains(first + "  NEW") { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTAssertTrue(printed.contains(first + "  NEW") && printed.contains("Harlan Coben's Fool Me Once"), printed)
        XCTAssertFalse(printed.contains(utc(days - 1)), "the last day waits for its country's schedule")
        XCTAssertFalse(gate.isOpen)
        gate.open()
        XCTAssertEqual(StressProcess.waitStatus(pid), 0, (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
        let all = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        XCTAssertTrue(all.contains(utc(days - 1) + "  NEW"), all)
        // Then the schedules are two a day, and no 10 s holds more than TVmaze's 20
        let asked = server.requests
        let schedules = asked.filter { $0.path == "/schedule" || $0.path == "/schedule/web" }
        XCTAssertEqual(schedules.count, 2 * days)
        // Besides, each later season's show's seasons, once a show (TVmaze here has none: kept).
        let seasons = asked.filter { $0.path.hasPrefix("/shows/") && $0.path.hasSuffix("/seasons") }.map(\.path)
        XCTAssertEqual(seasons.count + schedules.count, asked.count, "\(asked.map(\.path))")
        XCTAssertFalse(seasons.isEmpty)
        XCTAssertEqual(Set(seasons).count, seasons.count, "once a show")
        let times = asked.map(\.receivedAt)
        for (index, start) in times.enumerated() {
            let inWindow = times[index...].filter { $0 - start < .seconds(10) }.count
            XCTAssertLessThanOrEqual(inWindow, 20, "requests within 10 s from request \(index): \(times.map { $0 - start })")
        }
    }

    func testInATerminalNOpensNewThisWeekFromTheRecordedSchedulesWithBadges() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        let term = try TmuxTerminal(
            command: [BuiltProducts.discover, "tonight", "--offline"], width: 120, height: 30,
            environment: [
                "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TZ": "UTC", "XDG_DATA_HOME": root + "/data",
                "XDG_CACHE_HOME": root + "/cache"
            ])
        XCTAssertNotNil(term.waitFor("Tonight · recorded", timeout: 15), "the Tonight view")
        term.send("n")
        // Once every recorded day is read, the status bar says where the list comes from.
        let screen = try XCTUnwrap(
            term.waitUntil(timeout: 15) { lines in
                lines.joined().contains("New this week · recorded schedules (offline)") && lines.joined().contains("S2 ▶")
                    && lines.joined().contains("Offline: built from the recorded schedules")
            }, term.screen().joined(separator: "\n"))
        XCTAssertTrue(screen.contains { $0.contains("Mon 1 Jan") && $0.contains("NEW") }, screen.joined(separator: "\n"))
        XCTAssertTrue(screen.allSatisfy { $0.count <= 120 })
        term.send("?")
        XCTAssertNotNil(term.waitFor("New this week: premieres and returning seasons", timeout: 10), term.screen().joined(separator: "\n"))
        term.send("Escape")
        XCTAssertNotNil(term.waitUntil(timeout: 10) { !$0.joined().contains("Series premiere") }, "the help closed")
        term.send("Escape")
        XCTAssertNotNil(term.waitFor("Tonight · recorded", timeout: 10), "Esc goes back to Tonight, where n opened it")
        term.send("n")
        XCTAssertNotNil(term.waitFor("New this week · recorded", timeout: 10))
        term.send("t")
        XCTAssertNotNil(term.waitFor("Tonight · recorded", timeout: 10), "t goes round to Tonight")
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
    }
}
