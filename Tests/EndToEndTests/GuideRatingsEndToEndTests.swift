import Domain
import Foundation
import TestSupport
import Workers
import XCTest

/// Ratings and rewatches in a real terminal, offline on the snapshot: in Game of Thrones'
/// guide `9` then `w` twice on S01E01 (sent in one write) and on S01E02 (one key at a time,
/// each awaited) show `9` in the list's `You` column and `✓2`; `8` in the details rates the
/// show and Backspace there clears it without going back; the database in the data folder
/// holds the same after the run.
final class GuideRatingsEndToEndTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        root = NSTemporaryDirectory() + "discover-ratings-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    private var environment: [String: String] {
        [
            "HOME": root + "/home", "XDG_CONFIG_HOME": root + "/config", "XDG_CACHE_HOME": root + "/cache", "XDG_DATA_HOME": root + "/data",
            "XDG_STATE_HOME": root + "/state", "LC_ALL": "C.UTF-8", "TZ": "Europe/Paris"
        ]
    }

    /// The episode list's row of an episode.
    private func row(_ code: String, _ screen: [String]) -> String? {
        screen.first { $0.contains(code + "  ") && $0.contains(" min ") }
    }

    func testNineThenWTwiceShowTheRatingAndTwoPlaysAndTheStoreHoldsThem() throws {
        let term = try TmuxTerminal(command: [BuiltProducts.discover, "--offline"], width: 100, height: 30, environment: environment)
        XCTAssertNotNil(term.waitFor("offline snapshot"), term.screen().joined(separator: "\n"))
        term.send("/")
        term.type("Game of Thrones")
        XCTAssertNotNil(term.waitFor(#"\+ 1 found"#), term.screen().joined(separator: "\n"))
        term.send("Enter", "Enter")
        XCTAssertNotNil(term.waitFor("Official site"), term.screen().joined(separator: "\n"))
        term.send("e")
        XCTAssertNotNil(term.waitFor("specials not counted · order aired"), term.screen().joined(separator: "\n"))

        // S01E01: 9, w, w in one write.
        term.sendTogether("9", "w", "w")
        let first = try XCTUnwrap(term.waitFor("S01E01 watched again · 2 plays"), term.screen().joined(separator: "\n"))
        let firstRow = try XCTUnwrap(row("S01E01", first), first.joined(separator: "\n"))
        XCTAssertTrue(firstRow.hasPrefix("▌ ✓2 S01E01"), firstRow)
        XCTAssertTrue(firstRow.hasSuffix("8.2    9"), firstRow)
        XCTAssertTrue(first.contains { $0.hasSuffix("Rating  You") }, first.joined(separator: "\n"))
        XCTAssertTrue(first.contains { $0.hasPrefix("  E1  8.2✓") }, first.joined(separator: "\n"))

        // S01E02: the same keys one at a time, each waited for.
        term.send("Down")
        XCTAssertNotNil(term.waitFor("S1 E2 · 1/8"), term.screen().joined(separator: "\n"))
        term.send("9")
        XCTAssertNotNil(term.waitFor("S01E02 rated 9"), term.screen().joined(separator: "\n"))
        term.send("w")
        XCTAssertNotNil(term.waitFor("S01E02 marked watched"), term.screen().joined(separator: "\n"))
        term.send("w")
        let second = try XCTUnwrap(term.waitFor("S01E02 watched again · 2 plays"), term.screen().joined(separator: "\n"))
        let secondRow = try XCTUnwrap(row("S01E02", second), second.joined(separator: "\n"))
        XCTAssertTrue(secondRow.hasPrefix("▌ ✓2 S01E02"), secondRow)
        XCTAssertTrue(secondRow.hasSuffix("8.2    9"), secondRow)
        XCTAssertTrue(second.contains { $0.contains("Watched S1 E2 of 73 · 3 % · next S01E03") }, second.joined(separator: "\n"))

        // Backspace clears S01E02's rating and stays in the guide; q goes back to the details.
        term.send("BSpace")
        XCTAssertNotNil(term.waitFor("rating of S01E02 cleared"), term.screen().joined(separator: "\n"))
        term.send("9")
        XCTAssertNotNil(term.waitFor("S01E02 rated 9"), term.screen().joined(separator: "\n"))
        term.send("q")
        XCTAssertNotNil(term.waitFor("Official site"), term.screen().joined(separator: "\n"))
        // The show: 8, then 0 and Backspace in one write (10, then cleared), then 8 again.
        term.send("8")
        let rated = try XCTUnwrap(term.waitFor("8\\.[0-9] / 10 · you 8"), term.screen().joined(separator: "\n"))
        XCTAssertTrue(rated.contains { $0.contains("Game of Thrones rated 8") }, rated.joined(separator: "\n"))
        term.sendTogether("0", "BSpace")
        XCTAssertNotNil(term.waitFor("rating of Game of Thrones cleared"), term.screen().joined(separator: "\n"))
        XCTAssertTrue(term.screen().contains { $0.contains("Official site") }, "Backspace does not go back")
        term.send("8")
        XCTAssertNotNil(term.waitFor("you 8"), term.screen().joined(separator: "\n"))
        term.send("q", "q")
        XCTAssertEqual(term.exitStatus(), 0)

        // The database holds what the screen said.
        let store = try WatchedStore(directory: root + "/data/discover-tui")
        let record = try store.record(of: WatchedShowID(provider: "TVmaze", id: 82))
        XCTAssertEqual(record.plays, [SeasonAndNumber(season: 1, number: 1): 2, SeasonAndNumber(season: 1, number: 2): 2])
        XCTAssertEqual(record.episodeRatings.mapValues(\.value), [SeasonAndNumber(season: 1, number: 1): 9, SeasonAndNumber(season: 1, number: 2): 9])
        XCTAssertEqual(record.rating?.value, 8)
    }
}
