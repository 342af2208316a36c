import Foundation
import TestSupport
import XCTest

/// Watched episodes in a real terminal, offline on the snapshot: `W` on Game of Thrones'
/// S01E05 marks S01E01–E05 in the guide, the details say `S1 E5 of 73`, and a new run shows
/// the same from the database in the data folder.
final class WatchedEndToEndTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        root = NSTemporaryDirectory() + "discover-watched-\(UUID().uuidString.prefix(8))"
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

    /// Opens Game of Thrones' details from the offline list.
    private func openGameOfThrones() throws -> TmuxTerminal {
        let term = try TmuxTerminal(command: [BuiltProducts.discover, "--offline"], width: 100, height: 30, environment: environment)
        XCTAssertNotNil(term.waitFor("offline snapshot"), term.screen().joined(separator: "\n"))
        term.send("/")
        term.type("Game of Thrones")
        XCTAssertNotNil(term.waitFor(#"\+ 1 found"#), term.screen().joined(separator: "\n"))
        term.send("Enter", "Enter")
        XCTAssertNotNil(term.waitFor("Official site"), term.screen().joined(separator: "\n"))
        return term
    }

    /// The episode list's rows that carry the watched mark.
    private func markedCodes(_ screen: [String]) -> [String] {
        screen.compactMap { row in
            guard let match = row.range(of: #"✓ S\d\dE\d\d"#, options: .regularExpression) else { return nil }
            return String(row[match].dropFirst(2))
        }
    }

    func testWOnS01E05MarksTheFirstFiveTheDetailsSayS1E5Of73AndANewRunShowsTheSame() throws {
        let term = try openGameOfThrones()
        term.send("e")
        XCTAssertNotNil(term.waitFor("Worst: S08E06"), term.screen().joined(separator: "\n"))
        // To E5 in one write, then W.
        term.sendTogether("Down", "Down", "Down", "Down")
        XCTAssertNotNil(term.waitFor("S1 E5 · 1/8"), term.screen().joined(separator: "\n"))
        term.send("W")
        let guide = try XCTUnwrap(term.waitFor("S01E01–S01E05 marked watched"), term.screen().joined(separator: "\n"))
        XCTAssertEqual(markedCodes(guide), ["S01E01", "S01E02", "S01E03", "S01E04", "S01E05"], guide.joined(separator: "\n"))
        XCTAssertTrue(guide.contains { $0.contains("Game of Thrones added to favourites") }, guide.joined(separator: "\n"))
        // The chart's first five cells of S1 carry the mark too; E6 does not.
        XCTAssertTrue(guide.contains { $0.hasPrefix("  E5  8.5✓") }, guide.joined(separator: "\n"))
        XCTAssertTrue(guide.contains { $0.hasPrefix("  E6  8.6 ") }, guide.joined(separator: "\n"))
        term.send("q")
        let details = try XCTUnwrap(term.waitFor("S1 E5 of 73 · 7 % · next S01E06"), term.screen().joined(separator: "\n"))
        XCTAssertTrue(details.contains { $0.contains("Watched") && $0.contains("S1 E5 of 73") }, details.joined(separator: "\n"))
        term.send("q", "q")
        XCTAssertEqual(term.exitStatus(), 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/data/discover-tui/watched.sqlite3"))

        // A new run: the same from the database.
        let again = try openGameOfThrones()
        XCTAssertNotNil(again.waitFor("S1 E5 of 73 · 7 %"), again.screen().joined(separator: "\n"))
        again.send("e")
        let marked = try XCTUnwrap(again.waitUntil { self.markedCodes($0).count == 5 }, again.screen().joined(separator: "\n"))
        XCTAssertEqual(markedCodes(marked), ["S01E01", "S01E02", "S01E03", "S01E04", "S01E05"])
        // x on E1 takes its mark off; u puts it back.
        again.send("x")
        XCTAssertNotNil(again.waitFor("S01E01 marked unwatched"), again.screen().joined(separator: "\n"))
        XCTAssertEqual(markedCodes(again.screen()), ["S01E02", "S01E03", "S01E04", "S01E05"])
        again.send("u")
        XCTAssertNotNil(again.waitFor("Undone"), again.screen().joined(separator: "\n"))
        XCTAssertNotNil(again.waitUntil { self.markedCodes($0).count == 5 }, again.screen().joined(separator: "\n"))
        // Continue (c in Favourites: the Continue section): Game of Thrones with S01E06 next;
        // w moves the row on, u takes the last w back.
        again.send("q")
        XCTAssertNotNil(again.waitFor("Official site"), again.screen().joined(separator: "\n"))
        again.send("F")
        XCTAssertNotNil(again.waitFor("Favourites"), again.screen().joined(separator: "\n"))
        again.send("c")
        let listed = try XCTUnwrap(again.waitFor("S01E06 ‘A Golden Crown’"), again.screen().joined(separator: "\n"))
        XCTAssertTrue(listed[0].contains("[Continue]"), listed[0])
        XCTAssertTrue(
            listed.contains { $0.contains("Game of Thrones") && $0.contains("S01E06 ‘A Golden Crown’") && $0.contains("68 left") },
            listed.joined(separator: "\n"))
        again.send("w")
        XCTAssertNotNil(again.waitFor("S01E07 ‘You Win or You Die’"), again.screen().joined(separator: "\n"))
        again.send("w")
        XCTAssertNotNil(again.waitFor("S01E08 ‘The Pointy End’"), again.screen().joined(separator: "\n"))
        again.send("u")
        XCTAssertNotNil(again.waitFor("S01E07 of Game of Thrones marked unwatched again"), again.screen().joined(separator: "\n"))
        XCTAssertNotNil(again.waitFor("S01E07 ‘You Win or You Die’"), again.screen().joined(separator: "\n"))
        // Enter opens the guide on S01E07; S01E06 is taken back there, for the pipe below.
        again.send("Enter")
        XCTAssertNotNil(again.waitFor("S1 E7 · 1/8"), again.screen().joined(separator: "\n"))
        XCTAssertNotNil(again.waitUntil { self.markedCodes($0).count == 6 }, again.screen().joined(separator: "\n"))
        again.send("Up")
        XCTAssertNotNil(again.waitFor("S1 E6 · 1/8"), again.screen().joined(separator: "\n"))
        again.send("x")
        XCTAssertNotNil(again.waitFor("S01E06 marked unwatched"), again.screen().joined(separator: "\n"))
        // q: the guide back to Continue, then Continue quits.
        again.send("q", "q")
        XCTAssertEqual(again.exitStatus(), 0)

        // To a pipe: continue and watched read the same database.
        let continued = try SeparateRun.run(["continue", "--offline"], environment: environment, in: root)
        XCTAssertEqual(continued.status, 0, continued.err)
        XCTAssertEqual(continued.out, "Game of Thrones  S01E06 ‘A Golden Crown’ · 68 left\n")
        let json = try SeparateRun.run(["continue", "--offline", "--json"], environment: environment, in: root)
        XCTAssertEqual(json.status, 0, json.err)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        XCTAssertEqual(object["showId"] as? Int, 82)
        XCTAssertEqual(object["nextSeason"] as? Int, 1)
        XCTAssertEqual(object["nextNumber"] as? Int, 6)
        XCTAssertEqual(object["left"] as? Int, 68)
        XCTAssertEqual(object["episodes"] as? Int, 73)
        XCTAssertEqual(object["watched"] as? Int, 5)
        let season = try SeparateRun.run(["watched", "game of thrones", "--season", "1", "--offline"], environment: environment, in: root)
        XCTAssertEqual(season.status, 0, season.err)
        let lines = season.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "Game of Thrones · S1 E5 of 73 · 7 % · next S01E06 ‘A Golden Crown’")
        XCTAssertEqual(lines.dropFirst().map { $0.hasPrefix("✓ ") }, [true, true, true, true, true, false, false, false, false, false])
        let unknown = try SeparateRun.run(["watched", "Friends", "--offline"], environment: environment, in: root)
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.err.contains("no watched episode of 'Friends'"), unknown.err)
    }
}
