import Foundation
import TestSupport
import XCTest

/// The response cache through the built binary: a first launch against a loopback TVmaze, then a
/// second one with the network gone, in a real terminal (tmux).
final class ResponseCacheEndToEndTests: XCTestCase {
    private var cacheHome = ""

    override func setUpWithError() throws {
        // Short, so that a notice naming it fits on one line.
        cacheHome = "/tmp/dc-" + UUID().uuidString.prefix(8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: cacheHome)
    }

    private func start(base: URL, arguments: [String] = []) throws -> TmuxTerminal {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        return try TmuxTerminal(
            command: [BuiltProducts.discover] + arguments, width: 100, height: 24,
            environment: ["DISCOVER_TVMAZE_URL": base.absoluteString, "XDG_CACHE_HOME": cacheHome])
    }

    private func listRows(_ screen: [String]) -> [String] {
        screen.filter { $0.range(of: #"^.\s+\d+ \S"#, options: .regularExpression) != nil }
            .map { String($0.dropFirst()) } // without the selection marker
    }

    /// Moves every entry's `saved-at` back, as if it had been stored `seconds` earlier.
    private func age(bySeconds seconds: Int64) throws -> Int {
        let folder = cacheHome + "/discover-tui/responses"
        var count = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".entry") {
            let path = folder + "/" + name
            var data = try Data(contentsOf: URL(fileURLWithPath: path))
            let header = try XCTUnwrap(data.range(of: Data("\n\n".utf8)))
            var text = String(decoding: data[..<header.lowerBound], as: UTF8.self)
            let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("saved-at: ") })
            let saved = try XCTUnwrap(Int64(line.dropFirst("saved-at: ".count)))
            text = text.replacingOccurrences(of: String(line), with: "saved-at: \(saved - seconds)")
            data.replaceSubrange(..<header.lowerBound, with: Data(text.utf8))
            try data.write(to: URL(fileURLWithPath: path))
            count += 1
        }
        return count
    }

    func testASecondLaunchWithoutNetworkShowsTheListAndADetailFromTheCacheWithTheirAge() throws {
        // First launch: the recorded TVmaze pages behind a loopback server.
        let server = LoopbackHTTPServer()
        server.route("/shows", query: ["page": "0"], .json(try Fixtures.snapshotData("shows_page_0.json")))
        server.route("/shows", query: ["page": "1"], .json(try Fixtures.snapshotData("shows_page_1_2016.json")))
        server.route("/shows/143", .json(try TVmazeRecordings.siliconValleyDetails()))
        server.route("/schedule/web", .json(try Fixtures.data("tvmaze/schedule_web_2024-01-01.json")))
        server.route("/schedule", .json(try Fixtures.data("tvmaze/schedule_US_2020-12-01.json")))
        let base = try server.start()
        let first = try start(base: base)
        XCTAssertNotNil(first.waitFor("TVmaze live"), "the live list")
        // v: the whole index, "All shows", where Silicon Valley is.
        first.send("v")
        let live = try XCTUnwrap(
            first.waitUntil { $0[0].contains("All shows") && $0.last?.contains("TVmaze live") == true && self.listRows($0).count >= 18 },
            "the live index")
        let liveRows = listRows(live)
        XCTAssertGreaterThanOrEqual(liveRows.count, 18)
        first.send("/")
        first.type("Silicon")
        first.send("Enter", "Enter")
        let detail = try XCTUnwrap(
            first.waitUntil { screen in
                screen.contains { $0.contains("Zach Woods") } && (screen.last?.contains("TVmaze live") ?? false)
            }, "the live details: \(first.screen().joined(separator: "\n"))")
        XCTAssertTrue(detail.contains { $0.contains("Silicon Valley") }, detail.joined(separator: "\n"))
        first.send("Escape", "q")
        XCTAssertEqual(first.exitStatus(), 0)
        server.stop()
        let requests = server.requests.map(\.path)
        XCTAssertTrue(requests.contains("/shows/143"), "\(requests)")
        // The entries were kept; make them three hours old.
        XCTAssertGreaterThanOrEqual(try age(bySeconds: 3 * 3_600), 2)

        // Second launch: the server is gone (connection refused).
        let second = try start(base: base)
        XCTAssertNotNil(second.waitFor("TVmaze is unreachable"), "the refresh fails and says why")
        second.send("v")
        // The title changes before the kept index is read: wait for the rows and the source.
        let offline = try XCTUnwrap(
            second.waitUntil { screen in
                screen[0].contains("All shows") && self.listRows(screen) == liveRows && (screen.last?.contains("TVmaze · cached 3 h ago") ?? false)
            }, "the same list, from the cache, with its age: \(second.screen().joined(separator: "\n"))")
        XCTAssertFalse(offline.joined().contains("offline snapshot"), "the cache, not the embedded snapshot")
        second.send("/")
        second.type("Silicon")
        second.send("Enter", "Enter")
        // The message, too long beside the source, is whole on the row above the bar (the page
        // gives that row up), and the cast is a move down.
        XCTAssertNotNil(
            second.waitUntil { screen in
                screen.contains { $0.hasPrefix(" Cast") } && screen.suffix(2).joined().contains("unreachable")
            }, "the details from the cache: \(second.screen().joined(separator: "\n"))")
        second.send("Down", "Down")
        let kept = try XCTUnwrap(
            second.waitUntil { screen in
                screen.contains { $0.contains("Zach Woods") } && screen.suffix(2).joined().contains("unreachable")
            }, "the cast from the cache: \(second.screen().joined(separator: "\n"))")
        XCTAssertTrue(kept.last?.contains("TVmaze · cached 3 h ago") ?? false, kept.last ?? "")
        XCTAssertTrue(kept.contains { $0.contains("Silicon Valley") }, kept.joined(separator: "\n"))
        second.send("Escape", "q")
        XCTAssertEqual(second.exitStatus(), 0)
        XCTAssertTrue(second.terminalRestored())

        // --no-cache: the cache is not read, so the embedded snapshot stands in.
        let third = try start(base: base, arguments: ["--no-cache"])
        let snapshot = try XCTUnwrap(third.waitFor("offline snapshot"), "no cached list without the cache")
        XCTAssertFalse(snapshot.joined().contains("cached"))
        third.send("q")
        XCTAssertEqual(third.exitStatus(), 0)
    }

    func testAShowFoundByALiveSearchIsFoundOfflineFromTheCacheMarkedAndOpens() throws {
        // Online: a search finds Taxi Brooklyn, which the snapshot does not hold; its answer is kept.
        let server = LoopbackHTTPServer()
        server.route("/schedule/web", .json(try Fixtures.data("tvmaze/schedule_web_2024-01-01.json")))
        server.route("/schedule", .json(try Fixtures.data("tvmaze/schedule_US_2020-12-01.json")))
        server.route("/shows", query: ["page": "0"], .json(try Fixtures.snapshotData("shows_page_0.json")))
        server.route("/search/shows", .json(try Fixtures.data("tvmaze/search_shows_brooklyn.json")))
        let base = try server.start()
        let first = try start(base: base, arguments: ["--source", "tvmaze"])
        XCTAssertNotNil(first.waitFor("TVmaze live"), "the live list")
        first.send("/")
        first.type("taxi")
        XCTAssertNotNil(first.waitFor("Taxi Brooklyn"), first.screen().joined(separator: "\n"))
        first.send("Escape", "q")
        XCTAssertEqual(first.exitStatus(), 0)
        server.stop()

        // Offline, on the snapshot: typed back to back, the kept show is listed below the matches.
        let second = try start(base: base, arguments: ["--source", "snapshot"])
        XCTAssertNotNil(second.waitFor("snapshot"), "the snapshot list")
        second.send("/")
        second.type("taxi")
        let screen = try XCTUnwrap(second.waitFor("Taxi Brooklyn"), second.screen().joined(separator: "\n"))
        let row = try XCTUnwrap(screen.first { $0.contains("Taxi Brooklyn") })
        XCTAssertNotNil(row.range(of: #"^.\s*\+ Taxi Brooklyn"#, options: .regularExpression), "marked as found: \(row)")
        XCTAssertTrue(screen.joined().contains("+ rows: from All shows or seen online"), screen.joined(separator: "\n"))
        // Ranked by its name's tier, the hit is the first row: Enter keeps the filter, Home
        // goes there, and a second Enter opens it like any row.
        second.send("Enter", "Home")
        XCTAssertNotNil(second.waitUntil(timeout: 5) { $0.first { $0.hasPrefix("▌") }?.contains("Taxi Brooklyn") ?? false }, second.screen().joined(separator: "\n"))
        second.send("Enter")
        XCTAssertNotNil(second.waitFor("Taxi Brooklyn ›|› Taxi Brooklyn", timeout: 5), second.screen().joined(separator: "\n"))
        second.send("q", "q")
        _ = second.exitStatus()
    }

    func testAnUnusableCacheFolderIsANoticeAndTheListStillLoads() throws {
        let server = LoopbackHTTPServer()
        defer { server.stop() }
        server.route("/shows", query: ["page": "0"], .json(try Fixtures.snapshotData("shows_page_0.json")))
        server.route("/schedule/web", .json(try Fixtures.data("tvmaze/schedule_web_2024-01-01.json")))
        server.route("/schedule", .json(try Fixtures.data("tvmaze/schedule_US_2020-12-01.json")))
        let base = try server.start()
        try FileManager.default.createDirectory(atPath: cacheHome, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: cacheHome + "/discover-tui", contents: Data("not a folder".utf8)))
        let term = try start(base: base)
        let screen = try XCTUnwrap(term.waitFor("no response cache"), "a one-line notice")
        // Too long for the bar beside its hints, the notice is whole on the rows above it
        let bottom = screen.suffix(4).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        XCTAssertTrue(bottom.contains("\(cacheHome)/discover-tui: not a folder"), bottom)
        XCTAssertTrue(screen.last?.hasSuffix("? help  q quit") ?? false, screen.last ?? "")
        term.send("Down")
        XCTAssertNotNil(term.waitFor("TVmaze live"), "the live list, uncached")
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
    }
}
