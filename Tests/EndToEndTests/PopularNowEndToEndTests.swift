import Foundation
import TestSupport
import XCTest

/// "Popular now" on TVmaze through the built binary in a real terminal (tmux), against a
/// loopback TVmaze answering with recorded schedules and the recorded first index page.
final class PopularNowEndToEndTests: XCTestCase {
    private let server = LoopbackHTTPServer()

    override func tearDown() {
        server.stop()
        super.tearDown()
    }

    private func recordedTVmaze() throws -> URL {
        server.route("/schedule/web", .json(try Fixtures.data("tvmaze/schedule_web_2024-01-01.json")))
        server.route("/schedule", .json(try Fixtures.data("tvmaze/schedule_US_2020-12-01.json")))
        server.route("/shows", query: ["page": "0"], .json(try Fixtures.snapshotData("shows_page_0.json")))
        return try server.start()
    }

    private func listRows(_ screen: [String]) -> [String] {
        screen.filter { $0.range(of: #"^.\s+\d+ \S"#, options: .regularExpression) != nil }
    }

    func testTheDefaultTVmazeListIsWhatAiresThisWeekRankedByWeightAndVSwitchesToAllShows() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        let base = try recordedTVmaze()
        let term = try TmuxTerminal(
            command: [BuiltProducts.discover, "--source", "tvmaze", "--api-base", base.absoluteString],
            width: 120, height: 30, environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
        let screen = try XCTUnwrap(
            term.waitUntil(timeout: 10) { screen in
                screen.joined().contains("Popular now · airing this week in US and streaming") && screen.joined().contains("The Tourist")
            }, "the header and the list")
        let firstEight = listRows(screen).prefix(8).joined(separator: "\n")
        let expected = [
            "The Curse of Oak Island", "Big Sky", "The Voice", "The Tourist", "The Late Show with Stephen Colbert", "WWE Monday Night RAW",
            "EastEnders", "Hope Street", "neXt", "Moonshiners", "The Daily Show with Trevor Noah", "Chicken Girls"
        ]
        XCTAssertGreaterThanOrEqual(expected.filter { firstEight.contains($0) }.count, 6, firstEight)
        XCTAssertFalse(firstEight.contains("True Detective"), firstEight)
        XCTAssertFalse(firstEight.contains("Supernatural"), firstEight)
        XCTAssertNotNil(term.waitUntil(timeout: 10) { _ in self.server.requests.filter { $0.path == "/schedule" }.count == 7 }, "the other days fill in")
        XCTAssertTrue(server.requests.filter { $0.path == "/schedule" }.allSatisfy { $0.queryItems["country"] == "US" })

        // v: TVmaze's index, "All shows".
        term.send("v")
        let all = try XCTUnwrap(term.waitUntil(timeout: 10) { $0.joined().contains("All shows") && !self.listRows($0).isEmpty }, "the index")
        XCTAssertTrue(listRows(all).joined().contains("True Detective"), all.joined(separator: "\n"))
        XCTAssertFalse(listRows(all).joined().contains("The Curse of Oak Island"), all.joined(separator: "\n"))
        XCTAssertTrue(server.requests.contains { $0.path == "/shows" && $0.queryItems["page"] == "0" })
        term.send("v")
        XCTAssertNotNil(term.waitFor("Popular now", timeout: 10))
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    /// Runs the binary with output to files, a fresh home, the given variables and nothing else.
    private func run(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, out: String, err: String) {
        let root = NSTemporaryDirectory() + "discover-popular-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        var env = ["HOME": root + "/home", "XDG_CONFIG_HOME": root + "/config", "XDG_CACHE_HOME": root + "/cache", "PATH": "/usr/bin:/bin"]
        env.merge(environment) { _, new in new }
        let assignments = env.sorted { $0.key < $1.key }.map { "'\($0.key)=\($0.value)'" }
        let quoted = ([BuiltProducts.discover] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let script = "cd '\(root)' && exec /usr/bin/env -i \(assignments.joined(separator: " ")) \(quoted.joined(separator: " ")) >out 2>err"
        let result = try Subprocess.run("/bin/sh", ["-c", script])
        return (result.status, (try? String(contentsOfFile: root + "/out", encoding: .utf8)) ?? "", (try? String(contentsOfFile: root + "/err", encoding: .utf8)) ?? "")
    }

    func testTheCountryComesFromTheFlagTheVariableTheLocaleElseUS() throws {
        let base = try recordedTVmaze()
        let api = ["--api-base", base.absoluteString]
        XCTAssertTrue(try run(["--check"] + api, environment: ["LANG": "en_GB.UTF-8"]).out.contains("Country       GB (LANG)"))
        XCTAssertTrue(try run(["--check"] + api, environment: ["LANG": "en_GB.UTF-8", "LC_ALL": "de_AT.UTF-8"]).out.contains("Country       AT (LC_ALL)"))
        XCTAssertTrue(try run(["--check"] + api, environment: ["LANG": "C.UTF-8"]).out.contains("Country       US (default)"))
        XCTAssertTrue(try run(["--check"] + api, environment: ["LANG": "en_GB.UTF-8", "DISCOVER_COUNTRY": "ie"]).out.contains("Country       IE (DISCOVER_COUNTRY)"))
        let flag = try run(["--check", "--country", "no"] + api, environment: ["LANG": "en_GB.UTF-8", "DISCOVER_COUNTRY": "IE"])
        XCTAssertTrue(flag.out.contains("Country       NO (--country)"), flag.out)
        let bad = try run(["--country", "Britain"], environment: [:])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.err.contains("--country must be a two-letter country code"), bad.err)
        XCTAssertTrue(try run(["--help"], environment: [:]).out.contains("--country CC"))
        // Piped, the list is the week's schedules for that country.
        let piped = try run(["--source", "tvmaze", "--country", "gb"] + api, environment: ["LANG": "C.UTF-8"])
        XCTAssertEqual(piped.status, 0, piped.err)
        XCTAssertTrue(server.requests.contains { $0.path == "/schedule" && $0.queryItems["country"] == "GB" })
        XCTAssertTrue(piped.out.split(separator: "\n").dropFirst().prefix(8).joined().contains("The Tourist"), piped.out)
    }

    func testTypingAFilterOnALiveSourceAsksTheProviderOnceTypingPausesAndListsItsHitsBelow() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        server.route("/search/shows", .json(try Fixtures.data("tvmaze/search_shows_brooklyn.json")))
        let base = try recordedTVmaze()
        let term = try TmuxTerminal(
            command: [BuiltProducts.discover, "--source", "tvmaze", "--api-base", base.absoluteString],
            width: 120, height: 30, environment: ["LANG": "C.UTF-8"])
        XCTAssertNotNil(term.waitFor("The Tourist"), "the list")
        term.send("/")
        // Typed as a person types, a key at a time, and then back to back in one write.
        for c in "ta" { term.type(String(c)); Thread.sleep(forTimeInterval: 0.05) }
        term.type("xi")
        let start = Date()
        let found = try XCTUnwrap(
            term.waitUntil(timeout: 2) { $0.joined(separator: "\n").contains("Taxi Brooklyn") },
            term.screen().joined(separator: "\n"))
        XCTAssertLessThan(Date().timeIntervalSince(start), 2.0)
        let row = try XCTUnwrap(found.first { $0.contains("Taxi Brooklyn") })
        XCTAssertTrue(row.range(of: #"^.\s*\+ Taxi Brooklyn"#, options: .regularExpression) != nil, "marked as a search result: \(row)")
        Thread.sleep(forTimeInterval: 0.5)
        let asked = server.requests.filter { $0.path == "/search/shows" }
        XCTAssertLessThanOrEqual(asked.filter { $0.queryItems["q"] == "taxi" }.count, 2)
        XCTAssertLessThanOrEqual(asked.count, 2, "no request per keystroke: \(asked.map { $0.queryItems["q"] ?? "" })")
        // Ranked by its name's tier, the hit is the first row: Enter keeps the filter, Home
        // goes there, and a second Enter opens it like any row.
        term.send("Enter", "Home")
        XCTAssertNotNil(term.waitUntil(timeout: 5) { $0.first { $0.hasPrefix("▌") }?.contains("Taxi Brooklyn") ?? false }, term.screen().joined(separator: "\n"))
        term.send("Enter")
        XCTAssertNotNil(term.waitFor("Taxi Brooklyn ›|› Taxi Brooklyn", timeout: 5), term.screen().joined(separator: "\n"))
        term.send("q")
        _ = term.exitStatus()
    }

    func testAFailedSearchKeepsTheLocalMatchesAndSaysWhy() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        server.route("/search/shows", .json("{}", status: 404))
        let base = try recordedTVmaze()
        let term = try TmuxTerminal(
            command: [BuiltProducts.discover, "--source", "tvmaze", "--api-base", base.absoluteString],
            width: 120, height: 30, environment: ["LANG": "C.UTF-8"])
        XCTAssertNotNil(term.waitFor("The Tourist"), "the list")
        term.send("/")
        term.type("tourist")
        let screen = try XCTUnwrap(term.waitFor("Search failed", timeout: 5), term.screen().joined(separator: "\n"))
        XCTAssertTrue(screen.joined().contains("The Tourist"), "the local match stays")
        term.send("q")
    }

    func testOfflineTheDefaultListIsTheRecordedWeekAndAllShowsHasTheNewerShows() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        // As `make run` starts it: `--offline`, the snapshot for shows and for places.
        let term = try TmuxTerminal(command: [BuiltProducts.discover, "--offline"], width: 120, height: 30)
        // The header is drawn before the first page; the status bar names the source once it is there.
        let popular = try XCTUnwrap(
            term.waitUntil(timeout: 10) { rows in
                rows.joined().contains("Popular · week of 2024-01-22") && !rows.joined().contains("loading…")
                    && rows.last?.contains("offline snapshot") == true
            }, term.screen().joined(separator: "\n"))
        XCTAssertTrue(popular.joined().contains("offline snapshot"), popular.joined(separator: "\n"))
        XCTAssertFalse(popular.joined().contains("Breaking Bad"), "not the catalogue's order")
        term.send("v")
        XCTAssertNotNil(term.waitUntil(timeout: 5) { $0[0].hasSuffix("All shows") && $0.joined().contains("Breaking Bad") })
        term.send("/")
        term.type("squid")
        XCTAssertNotNil(term.waitFor("Squid Game", timeout: 5), "a show recorded after 2017 is found offline")
        term.send("Enter", "Enter")
        let details = try XCTUnwrap(term.waitFor("as of", timeout: 5), term.screen().joined(separator: "\n"))
        XCTAssertTrue(details.joined().contains("2021– (as of 2025-06-05)"), details.joined(separator: "\n"))
        // Every section, with no network: nothing says "unreachable".
        term.send("Escape")
        // Each section waited for in its loaded state (its tab, its source), not for a moment.
        for (section, source) in [("Places", "offline snapshot"), ("Favourites", ""), ("Continue", ""), ("Shows", "offline snapshot")] {
            term.send("Tab")
            let screen = try XCTUnwrap(
                term.waitUntil { rows in
                    rows[0].contains("[\(section)]") && (source.isEmpty || rows.last?.contains(source) == true)
                }, "\(section): \(term.screen().joined(separator: "\n"))")
            XCTAssertFalse(screen.joined().lowercased().contains("unreachable"), screen.joined(separator: "\n"))
        }
        term.send("q")
    }

    func testTheMakefileRunsThePOIsOnTheSnapshotToo() throws {
        let makefile = String(decoding: try RepositoryFiles.data("Makefile"), as: UTF8.self)
        XCTAssertTrue(makefile.contains("$(if $(filter snapshot,$(SOURCE)),--offline,--source $(SOURCE))"), "make run says --offline openly")
        XCTAssertFalse(makefile.contains("DISCOVER_PLACES_SOURCE"), "no hidden places setting")
    }
}
