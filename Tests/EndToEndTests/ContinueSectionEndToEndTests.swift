import Domain
import Foundation
import TestSupport
import Workers
import XCTest

/// The Continue section in a real terminal, offline on the snapshot, over a watched database
/// the binary made: the first screen's tabs name Continue, `C` from the shows list shows the
/// started show, Enter opens Game of Thrones' guide with the cursor on the next episode
/// (S01E02 after S01E01), keys sent one by one and in one write; `w` counts a play and `u`
/// takes it back; a rewatch with a rating shows as such on screen and in `continue`.
final class ContinueSectionEndToEndTests: XCTestCase {
    private var root = ""
    private let got = WatchedShowID(provider: "TVmaze", id: 82)

    override func setUpWithError() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        root = NSTemporaryDirectory() + "discover-continue-tab-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
        // The binary makes the database (its schema, its version); the marks go in after.
        let made = try SeparateRun.run(["continue", "--offline"], environment: environment, in: root)
        XCTAssertEqual(made.status, 0, made.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dataFolder + "/" + WatchedStore.fileName))
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    private var dataFolder: String { root + "/data/discover-tui" }

    private var environment: [String: String] {
        [
            "HOME": root + "/home", "XDG_CONFIG_HOME": root + "/config", "XDG_CACHE_HOME": root + "/cache", "XDG_DATA_HOME": root + "/data",
            "XDG_STATE_HOME": root + "/state", "LC_ALL": "C.UTF-8", "TZ": "Europe/Paris"
        ]
    }

    private func mark(_ season: Int, _ number: Int) -> WatchedMark {
        WatchedMark(key: WatchedEpisodeKey(show: got, season: season, number: number), showName: "Game of Thrones", markedAt: 1_700_000_000 + season * 100 + number)
    }

    /// The app on the offline shows list, its first frame drawn.
    private func start() throws -> TmuxTerminal {
        let term = try TmuxTerminal(command: [BuiltProducts.discover, "--offline"], width: 100, height: 30, environment: environment)
        let first = try XCTUnwrap(term.waitFor("offline snapshot"), term.screen().joined(separator: "\n"))
        XCTAssertTrue(first[0].contains("Shows") && first[0].contains("Favourites") && first[0].contains(" Continue "), first[0])
        return term
    }

    /// True when the guide's episode list has its pointer on an episode's row.
    private func pointer(on code: String, _ screen: [String]) -> Bool {
        screen.contains { $0.contains("▌") && $0.contains(code) }
    }

    func testCShowsTheStartedShowAndEnterOpensTheGuideOnTheNextEpisode() throws {
        try WatchedStore(directory: dataFolder).add([mark(1, 1)])
        let term = try start()
        term.send("C")
        let listed = try XCTUnwrap(term.waitFor("S01E02 ‘The Kingsroad’"), term.screen().joined(separator: "\n"))
        XCTAssertTrue(listed[0].contains("[Continue]"), listed[0])
        XCTAssertTrue(listed.contains { $0.contains("Game of Thrones") && $0.contains("S01E02 ‘The Kingsroad’") && $0.contains("72 left") }, listed.joined(separator: "\n"))
        XCTAssertTrue(listed.contains { $0.contains("1 started show") }, listed.joined(separator: "\n"))
        term.send("Enter")
        let guide = try XCTUnwrap(term.waitFor("S1 E2 · 1/8"), term.screen().joined(separator: "\n"))
        XCTAssertTrue(pointer(on: "S01E02", guide), guide.joined(separator: "\n"))
        // Back in Continue, w counts a play of S01E02 and u takes it back.
        term.send("q")
        XCTAssertNotNil(term.waitFor("72 left"), term.screen().joined(separator: "\n"))
        term.send("w")
        XCTAssertNotNil(term.waitFor("S01E02 of Game of Thrones marked watched · u undoes"), term.screen().joined(separator: "\n"))
        XCTAssertNotNil(term.waitFor("S01E03 ‘Lord Snow’"), term.screen().joined(separator: "\n"))
        term.send("u")
        XCTAssertNotNil(term.waitFor("S01E02 of Game of Thrones marked unwatched again"), term.screen().joined(separator: "\n"))
        XCTAssertNotNil(term.waitFor("S01E02 ‘The Kingsroad’"), term.screen().joined(separator: "\n"))
        XCTAssertEqual(try WatchedStore(directory: dataFolder).marks(of: got).map { "S\($0.key.season)E\($0.key.number)x\($0.plays)" }, ["S1E1x1"])
        // Tab goes round the four sections: Continue → Shows.
        term.send("Tab")
        XCTAssertNotNil(term.waitFor(#"\[Shows\]"#), term.screen().joined(separator: "\n"))
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    func testCAndEnterInOneWriteLandOnTheNextEpisodesRow() throws {
        try WatchedStore(directory: dataFolder).add([mark(1, 1), mark(1, 2), mark(1, 3)])
        let term = try start()
        // Enter arrives before Continue's rows: it waits for them.
        term.sendTogether("C", "Enter")
        let guide = try XCTUnwrap(term.waitFor("S1 E4 · 1/8"), term.screen().joined(separator: "\n"))
        XCTAssertTrue(pointer(on: "S01E04", guide), guide.joined(separator: "\n"))
        XCTAssertTrue(guide[0].contains("[Continue]"), guide[0])
        // w w in one write in Continue marks E04 then E05.
        term.send("q")
        XCTAssertNotNil(term.waitFor("S01E04 ‘Cripples"), term.screen().joined(separator: "\n"))
        term.sendTogether("w", "w")
        XCTAssertNotNil(term.waitFor("S01E06 ‘A Golden Crown’"), term.screen().joined(separator: "\n"))
        XCTAssertEqual(try WatchedStore(directory: dataFolder).marks(of: got).count, 5)
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
    }

    func testARatedRewatchSaysSoOnScreenAndInContinuesLineAndJSON() throws {
        // Every one of the 73 episodes once, then S01E01 again; the show rated 8.
        let seasons = [10, 10, 10, 10, 10, 10, 7, 6]
        let store = try WatchedStore(directory: dataFolder)
        try store.add(seasons.enumerated().flatMap { season, count in (1...count).map { mark(season + 1, $0) } })
        try store.addPlays([mark(1, 1)])
        try store.rateShow(got, name: "Game of Thrones", rating: UserRating(8), at: 1_700_100_000)
        let term = try start()
        term.send("C")
        let listed = try XCTUnwrap(term.waitFor("Rewatching · S01E02"), term.screen().joined(separator: "\n"))
        XCTAssertTrue(listed.contains { $0.contains("Game of Thrones") && $0.contains("you 8") && $0.contains("72 left") }, listed.joined(separator: "\n"))
        // w in round two counts a second play of S01E02.
        term.send("w")
        XCTAssertNotNil(term.waitFor(#"S01E02 of Game of Thrones marked watched \(play 2\)"#), term.screen().joined(separator: "\n"))
        XCTAssertNotNil(term.waitFor("Rewatching · S01E03"), term.screen().joined(separator: "\n"))
        term.send("u")
        XCTAssertNotNil(term.waitFor("S01E02 of Game of Thrones back to 1 play"), term.screen().joined(separator: "\n"))
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)

        let line = try SeparateRun.run(["continue", "--offline"], environment: environment, in: root)
        XCTAssertEqual(line.status, 0, line.err)
        XCTAssertEqual(line.out, "Game of Thrones  Rewatching · S01E02 ‘The Kingsroad’ · 72 left\n")
        let json = try SeparateRun.run(["continue", "--offline", "--json"], environment: environment, in: root)
        XCTAssertEqual(json.status, 0, json.err)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        XCTAssertEqual(object["rewatching"] as? Bool, true)
        XCTAssertEqual(object["rating"] as? Int, 8)
        XCTAssertEqual(object["nextNumber"] as? Int, 2)
        XCTAssertEqual(object["left"] as? Int, 72)
        // Unrated and not rewatched: false, and no rating.
        try store.rateShow(got, name: "Game of Thrones", rating: nil, at: 1_700_100_001)
        try store.removePlays([mark(1, 1).key])
        let plain = try SeparateRun.run(["continue", "--offline", "--json"], environment: environment, in: root)
        let first = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(plain.out.utf8)) as? [String: Any])
        XCTAssertEqual(first["rewatching"] as? Bool, false)
        XCTAssertNil(first["rating"])
    }
}
