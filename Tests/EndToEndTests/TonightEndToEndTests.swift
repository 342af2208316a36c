import Foundation
import TestSupport
import XCTest

/// `discover-tui tonight` and `discover-tui upcoming` through the built binary, with output to files,
/// against a loopback TVmaze answering with the recorded schedules of 1 December 2020 and with
/// favourites in a temporary data folder.
final class TonightEndToEndTests: XCTestCase {
    private let server = LoopbackHTTPServer()

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    private func recordedSchedules() throws -> URL {
        server.route("/schedule/web", .json(try Fixtures.data("tvmaze/schedule_web_2020-12-01.json")))
        server.route("/schedule", .json(try Fixtures.data("tvmaze/schedule_US_2020-12-01.json")))
        return try server.start()
    }

    /// Runs the binary with output to files, a fresh home, the given variables and nothing
    /// else; `prepare` may write files under the root first.
    private func run(_ arguments: [String], environment: [String: String], prepare: (String) throws -> Void = { _ in })
        throws -> (status: Int32, out: String, err: String, bytes: Data)
    {
        let root = NSTemporaryDirectory() + "discover-tonight-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try prepare(root)
        var env = [
            "HOME": root + "/home", "XDG_CONFIG_HOME": root + "/config", "XDG_CACHE_HOME": root + "/cache",
            "XDG_DATA_HOME": root + "/data", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"
        ]
        env.merge(environment) { _, new in new }
        let assignments = env.sorted { $0.key < $1.key }.map { "'\($0.key)=\($0.value)'" }
        let quoted = ([BuiltProducts.discover] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        // Output through a pipe, as `discover-tui tonight … | cat`; the status is the program's.
        let script = "cd '\(root)' && { /usr/bin/env -i \(assignments.joined(separator: " ")) \(quoted.joined(separator: " ")) 2>err; echo $? >status; } | cat >out"
        _ = try Subprocess.run("/bin/sh", ["-c", script])
        let status = Int32((try? String(contentsOfFile: root + "/status", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? -1
        let bytes = FileManager.default.contents(atPath: root + "/out") ?? Data()
        return (status, String(decoding: bytes, as: UTF8.self), (try? String(contentsOfFile: root + "/err", encoding: .utf8)) ?? "", bytes)
    }

    func testTheRecordedUSScheduleIsPrintedInPacificTimeAndLabelled() throws {
        let base = try recordedSchedules()
        let result = try run(
            ["tonight", "--date", "2020-12-01", "--country", "US", "--source", "tvmaze", "--api-base", base.absoluteString],
            environment: ["TZ": "America/Los_Angeles"])
        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.out.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.first?.contains("Tonight · Tue 1 Dec 2020 · US and streaming · times in PST") == true, result.out)
        // The Voice: airstamp 2020-12-02T01:00:00+00:00 is 17:00 on 1 December in Los Angeles.
        let voice = try XCTUnwrap(lines.first { $0.contains("The Voice") }, result.out)
        XCTAssertTrue(voice.hasPrefix("17:00 PST  The Voice"), voice)
        XCTAssertTrue(voice.contains("S19E13") && voice.contains("Live Top 17 Results") && voice.hasSuffix("NBC"), voice)
        XCTAssertTrue(lines.contains { $0.hasPrefix("01:00 PST  Adult Swim Infomercials") }, result.out)
        // Every row says its zone, and rows are in order of air time.
        let rows = lines.filter { $0.range(of: #"^\d\d:\d\d "#, options: .regularExpression) != nil }
        XCTAssertGreaterThan(rows.count, 100)
        XCTAssertTrue(rows.allSatisfy { $0.dropFirst(6).hasPrefix("PST ") }, rows.first { !$0.dropFirst(6).hasPrefix("PST ") } ?? "")
        // Streaming from the web schedule is there too (V LIVE's Sim for You, 13:00 PST on 30 November).
        XCTAssertTrue(lines.contains { $0.hasPrefix("13:00 PST  Sim for You") }, result.out)
        XCTAssertTrue(server.requests.contains { $0.path == "/schedule" && $0.queryItems["country"] == "US" && $0.queryItems["date"] == "2020-12-01" })
        XCTAssertTrue(server.requests.contains { $0.path == "/schedule/web" && $0.queryItems["date"] == "2020-12-01" })
        XCTAssertFalse(result.out.contains("\u{1B}"), "no escape codes in a pipe")
    }

    func testAHalfHourZoneAndBerlinGiveTheirOwnTimes() throws {
        let base = try recordedSchedules()
        let args = ["tonight", "--date", "2020-12-01", "--country", "US", "--source", "tvmaze", "--api-base", base.absoluteString]
        let kolkata = try run(args, environment: ["TZ": "Asia/Kolkata"])
        XCTAssertTrue(kolkata.out.contains("06:30 IST  The Voice"), kolkata.out)
        let berlin = try run(args, environment: ["TZ": "Europe/Berlin"])
        XCTAssertTrue(berlin.out.contains("02:00 CET  The Voice"), berlin.out)
        let json = try run(args + ["--json"], environment: ["TZ": "America/Los_Angeles"])
        let voice = try XCTUnwrap(json.out.split(separator: "\n").first { $0.contains("\"The Voice\"") }, json.out)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(voice.utf8)) as? [String: Any])
        XCTAssertEqual(object["airstamp"] as? String, "2020-12-02T01:00:00Z")
        XCTAssertEqual(object["local"] as? String, "2020-12-01 17:00 PST")
        XCTAssertEqual(object["season"] as? Int, 19)
        XCTAssertEqual(object["channel"] as? String, "NBC")
    }

    func testOfflineTheRecordedSchedulesAreListedWithTheirDate() throws {
        let result = try run(["tonight", "--source", "snapshot", "--country", "US"], environment: ["TZ": "America/Los_Angeles"])
        XCTAssertEqual(result.status, 0, result.err)
        let header = result.out.split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertTrue(header.contains("recorded"), header)
        XCTAssertTrue(header.contains("1 Dec 2020"), header)
        XCTAssertGreaterThan(result.out.split(separator: "\n").filter { $0.contains(" PST  ") }.count, 20, result.out)
    }

    func testOfflineOneRecordedDayIsShownAndADayNotRecordedIsSaid() throws {
        // US broadcast and streaming were both recorded on 1 December 2020; streaming alone in January 2024.
        let today = try run(["tonight", "--source", "snapshot", "--country", "US"], environment: ["TZ": "UTC"])
        XCTAssertEqual(today.status, 0, today.err)
        let header = today.out.split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertTrue(header.hasPrefix("# Tonight · recorded Tue 1 Dec 2020 · US and streaming · times in UTC."), header)
        XCTAssertEqual(header.components(separatedBy: "recorded").count, 2, "recorded once: " + header)
        XCTAssertFalse(today.out.contains("2024"), today.out)
        XCTAssertTrue(today.out.contains("The Voice") && today.out.contains("Sim for You"), "broadcast and streaming of the day")
        let missing = try run(["tonight", "--source", "snapshot", "--country", "US", "--date", "2019-06-01"], environment: ["TZ": "UTC"])
        XCTAssertEqual(missing.status, 0, missing.err)
        XCTAssertTrue(missing.err.contains("2019-06-01 is not recorded; showing the recorded 2020-12-01"), missing.err)
        XCTAssertFalse(missing.out.contains("2024"), missing.out)
        let streaming = try run(["tonight", "--source", "snapshot", "--country", "US", "--date", "2024-01-15"], environment: ["TZ": "UTC"])
        XCTAssertTrue(streaming.out.hasPrefix("# Tonight · recorded Mon 15 Jan 2024 · US not recorded · streaming only"), streaming.out)
        XCTAssertFalse(streaming.out.contains("Dec 2020"), streaming.out)
        XCTAssertEqual(streaming.err, "")
        let britain = try run(["tonight", "--source", "snapshot", "--country", "GB"], environment: ["TZ": "UTC"])
        XCTAssertTrue(britain.out.hasPrefix("# Tonight · recorded Wed 31 Jan 2024 · GB not recorded · streaming only"), britain.out)
    }

    func testAScheduleTVmazeDoesNotHaveIsSaidAsASchedule() throws {
        server.route("/schedule/web", .json(try Fixtures.data("tvmaze/schedule_web_2020-12-01.json")))
        server.route("/schedule", .json(#"{"name":"Not Found","message":"","code":0,"status":404}"#, status: 404))
        let base = try server.start()
        let result = try run(
            ["tonight", "--date", "2020-12-01", "--country", "US", "--source", "tvmaze", "--api-base", base.absoluteString],
            environment: ["TZ": "UTC"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.err.contains("TVmaze has no schedule for US on 2020-12-01; the rest is listed"), result.err)
        XCTAssertFalse(result.err.contains("show"), result.err)
        XCTAssertTrue(result.out.contains("Sim for You"), result.out)
    }

    func testDateIsOnlyForTonightAndMustBeADay() throws {
        let bad = try run(["tonight", "--date", "1 December"], environment: [:])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.err.contains("--date must be a day written YYYY-MM-DD"), bad.err)
        for day in ["2021-02-29", "2020-02-30", "2020-04-31"] {
            let missing = try run(["tonight", "--date", day, "--source", "tvmaze", "--api-base", "http://127.0.0.1:9"], environment: [:])
            XCTAssertEqual(missing.status, 2, day + ": " + missing.err)
            XCTAssertTrue(missing.err.contains("--date \(day) is not a day of the calendar"), missing.err)
            XCTAssertTrue(missing.err.hasPrefix("discover-tui: --date \(day) is not a day"), missing.err)
            XCTAssertEqual(missing.out, "")
        }
        let leap = try run(["tonight", "--date", "2020-02-29", "--source", "snapshot"], environment: [:])
        XCTAssertEqual(leap.status, 0, leap.err)
        let elsewhere = try run(["--date", "2020-12-01"], environment: [:])
        XCTAssertEqual(elsewhere.status, 2)
        XCTAssertTrue(elsewhere.err.contains("--date is an option of the tonight command"), elsewhere.err)
    }

    func testAShowsWeeklyScheduleIsSaidInTheViewersZoneThenTheNetworks() throws {
        // C33: Game of Thrones aired Sundays at 21:00 on HBO (America/New_York).
        let la = try run(["show", "82", "--source", "snapshot"], environment: ["TZ": "America/Los_Angeles"])
        XCTAssertTrue(la.out.contains("Sunday at 18:00 PST (Sunday at 21:00 EST, network time)"), la.out)
        let kolkata = try run(["show", "82", "--source", "snapshot"], environment: ["TZ": "Asia/Kolkata"])
        XCTAssertTrue(kolkata.out.contains("Monday at 07:30 IST (Sunday at 21:00 EST, network time)"), kolkata.out)
    }

    /// `discover-tui tonight` for 1 December 2020 in the US, over a loopback TVmaze, in a
    /// 120×30 terminal in Los Angeles' zone, with its data and cache folders under `root`.
    private func tonightTerminal(base: URL, root: String) throws -> TmuxTerminal {
        try TmuxTerminal(
            command: [
                BuiltProducts.discover, "tonight", "--date", "2020-12-01", "--country", "US", "--source", "tvmaze",
                "--api-base", base.absoluteString
            ],
            width: 120, height: 30,
            environment: [
                "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TZ": "America/Los_Angeles", "XDG_DATA_HOME": root + "/data",
                "XDG_CACHE_HOME": root + "/cache"
            ])
    }

    func testInATerminalTonightOpensTheViewEnterOpensTheShowAndTSwitchesToUpcoming() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        let web = try Fixtures.data("tvmaze/schedule_web_2020-12-01.json")
        let first = try XCTUnwrap((JSONSerialization.jsonObject(with: web) as? [[String: Any]])?.first)
        let show = try XCTUnwrap((first["_embedded"] as? [String: Any])?["show"])
        server.route("/shows/41648", .json(try JSONSerialization.data(withJSONObject: show)))
        let base = try recordedSchedules()
        let root = NSTemporaryDirectory() + "discover-tonight-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let term = try tonightTerminal(base: base, root: root)
        let screen = try XCTUnwrap(
            term.waitUntil(timeout: 10) { $0.joined().contains("Tonight · Tue 1 Dec 2020") && $0.joined().contains("Sim for You") },
            "the Tonight view")
        XCTAssertTrue(screen.contains { $0.contains("13:00 PST") && $0.contains("Sim for You") && $0.contains("V LIVE") }, screen.joined(separator: "\n"))
        XCTAssertTrue(screen.allSatisfy { $0.count <= 120 })
        term.send("Enter")
        XCTAssertNotNil(term.waitUntil(timeout: 10) { $0.joined().contains("Monday, Wednesday, Friday") }, "Sim for You's details")
        term.send("Escape")
        XCTAssertNotNil(term.waitFor("Tonight · Tue 1 Dec 2020", timeout: 10))
        term.send("t")
        XCTAssertNotNil(term.waitFor("No favourite shows yet", timeout: 10))
        term.send("Escape")
        XCTAssertNotNil(term.waitFor("Popular now", timeout: 10), "back to the shows list")
        term.send("t")
        XCTAssertNotNil(term.waitFor("13:00 PST", timeout: 10), "t opens Tonight again")
        term.send("F")
        XCTAssertNotNil(term.waitFor("No favourites yet", timeout: 10), "Favourites")
        term.send("u")
        XCTAssertNotNil(term.waitFor("Upcoming · the next episode", timeout: 10), "u in Favourites opens Upcoming")
        term.send("Escape")
        XCTAssertNotNil(term.waitFor("No favourites yet", timeout: 10), "back to Favourites")
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    func testInATerminalARateLimitedScheduleCountsDownOnScreenAndIsAskedAgainByItself() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        // Given TVmaze refusing the country's schedule once with a 429 and Retry-After: 3, then answering
        let streaming = try Fixtures.data("tvmaze/schedule_web_2020-12-01.json")
        server.route("/schedule/web", .json(streaming))
        // (the shows list behind asks /schedule for the days of this week: those are answered at once)
        let country = try Fixtures.data("tvmaze/schedule_US_2020-12-01.json")
        server.route("/schedule", query: ["date": "2020-12-01"], .tooManyRequests(retryAfter: "3"), .json(country))
        server.route("/schedule", .json(country))
        // The rows on the status bar (`│ 1/83 `): fewer than the entries, a season released on
        // one day being one row.
        func rows(_ screen: [String]) -> Int? {
            screen.joined().firstMatch(of: #/│ 1\/(\d+) /#).flatMap { Int($0.1) }
        }
        let base = try server.start()
        let root = NSTemporaryDirectory() + "discover-tonight-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let term = try tonightTerminal(base: base, root: root)
        // When / Then: the streaming schedule is shown with the countdown, which goes down
        XCTAssertNotNil(term.waitFor(#"TVmaze is rate limiting: retrying in [23] s\. Press r to retry now\."#, timeout: 10), term.screen().joined(separator: "\n"))
        XCTAssertTrue(term.screen().joined().contains("Sim for You"), "the other schedule is kept")
        let webOnly = try XCTUnwrap(rows(term.screen()), term.screen().joined(separator: "\n"))
        XCTAssertNotNil(term.waitFor("retrying in 1 s", timeout: 4), term.screen().joined(separator: "\n"))
        // And the country's schedule arrives without a key pressed, asked again no sooner than 3 s after the 429
        XCTAssertNotNil(term.waitUntil(timeout: 10) { (rows($0) ?? 0) > webOnly + 50 }, term.screen().joined(separator: "\n"))
        let asked = server.requests.filter { $0.path == "/schedule" && $0.queryItems["date"] == "2020-12-01" }.map(\.receivedAt)
        XCTAssertEqual(asked.count, 2)
        if asked.count == 2 { XCTAssertGreaterThanOrEqual(asked[1] - asked[0], .milliseconds(2_900)) }
        XCTAssertFalse(term.screen().joined().contains("rate limiting"), "the countdown's message is gone")
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    // MARK: Upcoming

    /// A show's answer to `?embed[]=nextepisode&embed[]=previousepisode`: the recorded episode
    /// records of Archer, moved to air `days` from now (recordings are of the past).
    private func nextEpisodeAnswer(showID: Int, name: String, episodeIndex: Int, days: Double) throws -> Data {
        let recording = try XCTUnwrap(JSONSerialization.jsonObject(with: Fixtures.snapshotData("show_315_archer_embed-episodes.json")) as? [String: Any])
        let episodes = try XCTUnwrap((recording["_embedded"] as? [String: Any])?["episodes"] as? [[String: Any]])
        var next = episodes[episodeIndex]
        let airs = Date().addingTimeInterval(days * 86_400)
        let stamp = ISO8601DateFormatter().string(from: airs)
        next["airstamp"] = stamp
        next["name"] = (next["name"] as? String ?? "") + ", Part; 1 \\ \"2\""
        return try JSONSerialization.data(withJSONObject: ["id": showID, "name": name, "_embedded": ["nextepisode": next, "previousepisode": episodes[0]]])
    }

    private func favourites(_ shows: [(String, String)]) -> (String) throws -> Void {
        { root in
            try FileManager.default.createDirectory(atPath: root + "/data/discover-tui", withIntermediateDirectories: true)
            let entries = shows.map { ["kind": "show", "provider": "TVmaze", "id": $0.0, "name": $0.1, "subtitle": "", "added": "2026-11-29T14:30:00Z"] }
            let data = try JSONSerialization.data(withJSONObject: ["version": 1, "favourites": entries])
            try data.write(to: URL(fileURLWithPath: root + "/data/discover-tui/favorites.json"))
        }
    }

    private func upcomingServer() throws -> URL {
        server.route("/shows/315", .json(try nextEpisodeAnswer(showID: 315, name: "Archer", episodeIndex: 3, days: 2.2)))
        server.route("/shows/431", .json(try nextEpisodeAnswer(showID: 431, name: "Friends", episodeIndex: 5, days: 0.2)))
        server.route("/shows/1", .json(#"{"id":1,"name":"Under the Dome","_embedded":{}}"#))
        return try server.start()
    }

    func testUpcomingListsEachFavouritesNextEpisodeByDayWithACountdown() throws {
        let base = try upcomingServer()
        let result = try run(
            ["upcoming", "--source", "tvmaze", "--api-base", base.absoluteString], environment: ["TZ": "America/Los_Angeles"],
            prepare: favourites([("315", "Archer"), ("431", "Friends"), ("1", "Under the Dome"), ("82", "Offline only")].map { $0 }))
        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.out.split(separator: "\n").map(String.init)
        let friends = try XCTUnwrap(lines.firstIndex { $0.contains("Friends") }, result.out)
        let archer = try XCTUnwrap(lines.firstIndex { $0.contains("Archer") }, result.out)
        let dome = try XCTUnwrap(lines.firstIndex { $0.contains("Under the Dome") }, result.out)
        XCTAssertLessThan(friends, archer, "sooner first")
        XCTAssertLessThan(archer, dome, "nothing announced last")
        XCTAssertTrue(lines[friends].contains(" in ") && lines[friends].contains("PST"), lines[friends])
        XCTAssertTrue(lines[archer].contains("in 2 days") || lines[archer].contains("in 3 days"), lines[archer])
        XCTAssertTrue(lines[dome].contains("no next episode announced"), lines[dome])
        XCTAssertTrue(lines.contains { $0 == "Nothing announced" }, result.out)
        XCTAssertTrue(lines.contains { $0.hasPrefix("Today") || $0.hasPrefix("Tomorrow") }, result.out)
        XCTAssertEqual(server.requests.filter { $0.path.hasPrefix("/shows/") }.count, 4)
    }

    func testOfflineUpcomingSaysThatTheSnapshotCannotTell() throws {
        let result = try run(
            ["upcoming", "--source", "snapshot"], environment: ["TZ": "America/Los_Angeles"],
            prepare: favourites([("315", "Archer")]))
        // Nothing could be asked: status 3, and why on standard error.
        XCTAssertEqual(result.status, 3, result.err)
        XCTAssertTrue(result.err.contains("the offline snapshot cannot tell what airs next"), result.err)
        XCTAssertTrue(result.out.contains("need a live source"), result.out)
        XCTAssertFalse(result.out.contains("No favourite shows yet"), result.out)
    }

    func testOfflineUpcomingICSWritesNoCalendarExitsThreeAndSaysWhy() throws {
        let result = try run(["upcoming", "--ics", "--source", "snapshot"], environment: ["TZ": "UTC"], prepare: favourites([("315", "Archer")]))
        XCTAssertEqual(result.status, 3, result.err)
        XCTAssertEqual(result.bytes, Data(), "no calendar rather than one with no component")
        XCTAssertTrue(result.err.hasPrefix("discover-tui: no calendar written: "), result.err)
        XCTAssertTrue(result.err.contains("need a live source") && result.err.contains("the offline snapshot cannot tell"), result.err)
        XCTAssertEqual(result.err.split(separator: "\n").count, 1, result.err)
    }

    func testUpcomingICSWithoutFavouritesWritesNoCalendarAndSaysSo() throws {
        let result = try run(["upcoming", "--ics", "--source", "snapshot"], environment: ["TZ": "UTC"])
        XCTAssertEqual(result.status, 3, result.err)
        XCTAssertEqual(result.bytes, Data())
        XCTAssertTrue(result.err.contains("no calendar written") && result.err.contains("No favourite shows yet"), result.err)
    }

    func testUpcomingICSWhenTVmazeCannotBeAskedWritesNoCalendarAndSaysWhyInOneLine() throws {
        // Given a TVmaze that cannot be reached (nothing listens on the port) in `auto`
        let closed = try server.start()
        server.stop()
        let result = try run(
            ["upcoming", "--ics", "--api-base", closed.absoluteString], environment: ["TZ": "UTC"],
            prepare: favourites([("315", "Archer"), ("431", "Friends")]))
        XCTAssertEqual(result.status, 3, result.err)
        XCTAssertEqual(result.bytes, Data())
        XCTAssertTrue(result.err.contains("TVmaze") && result.err.contains("the offline snapshot cannot tell what airs next"), result.err)
        XCTAssertEqual(result.err.split(separator: "\n").count, 1, result.err)
    }

    func testAnEmptyCalendarIsRefusedByTheChecker() {
        let empty = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Discover//Discover TV//EN\r\nEND:VCALENDAR\r\n"
        XCTAssertEqual(ICalendarChecker.check(Data(empty.utf8)).problems, ["the VCALENDAR holds no component (RFC 5545 §3.6 requires one)"])
    }

    func testUpcomingICSPassesTheStrictRFC5545CheckWithOneEventPerEpisode() throws {
        let base = try upcomingServer()
        let args = ["upcoming", "--ics", "--source", "tvmaze", "--api-base", base.absoluteString]
        let shows = favourites([("315", "Archer"), ("431", "Friends"), ("1", "Under the Dome")])
        let first = try run(args, environment: ["TZ": "Asia/Kolkata"], prepare: shows)
        XCTAssertEqual(first.status, 0, first.err)
        let report = ICalendarChecker.check(first.bytes)
        XCTAssertEqual(report.problems, [])
        XCTAssertEqual(report.events.count, 2, "one event per announced episode")
        let summaries = report.events.compactMap { $0["SUMMARY"]?.first.map(ICalendarChecker.unescaped) }
        XCTAssertTrue(summaries.contains { $0.hasPrefix("Archer · S01E04 · ") && $0.hasSuffix(", Part; 1 \\ \"2\"") }, "\(summaries)")
        XCTAssertTrue(report.events.allSatisfy { $0["DTSTART"]?.first?.hasSuffix("Z") == true })
        // Python's `icalendar`, when installed (pip install icalendar), reads the same events.
        let file = NSTemporaryDirectory() + "discover-upcoming-\(UUID().uuidString.prefix(8)).ics"
        try first.bytes.write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let python = try Subprocess.run(
            "/bin/sh",
            [
                "-c",
                "python3 -c 'import icalendar' 2>/dev/null || exit 77; python3 -c 'import icalendar, sys; "
                    + "print(len(icalendar.Calendar.from_ical(open(sys.argv[1], \"rb\").read()).walk(\"VEVENT\")))' '\(file)'"
            ])
        if python.status != 77 {
            XCTAssertEqual(python.status, 0, python.output)
            XCTAssertEqual(python.output.trimmingCharacters(in: .whitespacesAndNewlines), "2", python.output)
        }
        // The same episodes give the same UIDs on another run.
        let second = try run(args, environment: ["TZ": "America/Los_Angeles"], prepare: shows)
        let uids = { (r: ICalendarChecker.Report) in Set(r.events.compactMap { $0["UID"]?.first }) }
        XCTAssertEqual(uids(ICalendarChecker.check(second.bytes)), uids(report))
    }
}
