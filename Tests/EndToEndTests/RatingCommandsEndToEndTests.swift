import Foundation
import TestSupport
import XCTest

/// `rate`, `ratings`, `watched --mark` and `watched --json` as a script runs them, offline on
/// the snapshot in a fresh home: the export holds what they wrote, Continue goes on from the
/// marked episode, and an export imported into an empty home exports the same bytes.
final class RatingCommandsEndToEndTests: XCTestCase {
    private var runs: [PipedRun] = []

    override func tearDown() {
        for run in runs { run.remove() }
        super.tearDown()
    }

    private func home() throws -> PipedRun {
        let run = try PipedRun(prefix: "discover-ratings")
        runs.append(run)
        return run
    }

    /// Runs the binary and fails the test unless it exits 0.
    @discardableResult
    private func succeed(_ home: PipedRun, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try home.run(arguments)
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.err)", file: file, line: line)
        return result.out
    }

    private func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func testRatingsAndPlaysReachTheExportAndContinueGoesOnFromTheMarkedEpisode() throws {
        let h = try home()
        XCTAssertEqual(try succeed(h, ["rate", "Game of Thrones", "S01E01", "9", "--offline"]), "Game of Thrones S01E01 rated 9\n")
        XCTAssertEqual(try succeed(h, ["rate", "Game of Thrones", "8", "--offline"]), "Game of Thrones rated 8\n")
        XCTAssertEqual(try succeed(h, ["watched", "Game of Thrones", "--mark", "S01E01", "--offline"]), "Game of Thrones S01E01 watched · 1 play\n")
        XCTAssertEqual(try succeed(h, ["watched", "Game of Thrones", "--mark", "S01E01", "--offline"]), "Game of Thrones S01E01 watched · 2 plays\n")

        let exported = try json(try succeed(h, ["export", "--json"]))
        XCTAssertEqual(exported["version"] as? Int, 2)
        let watched = try XCTUnwrap(exported["watched"] as? [[String: Any]])
        XCTAssertEqual(watched.count, 1)
        XCTAssertEqual(watched[0]["season"] as? Int, 1)
        XCTAssertEqual(watched[0]["number"] as? Int, 1)
        XCTAssertEqual(watched[0]["plays"] as? Int, 2)
        XCTAssertEqual(watched[0]["rating"] as? Int, 9)
        XCTAssertEqual((watched[0]["show"] as? [String: Any])?["tvmaze"] as? Int, 82)
        XCTAssertEqual((watched[0]["episode"] as? [String: Any])?["tvmaze"] as? Int, 4952, "the episode's id from the snapshot's list")
        let shows = try XCTUnwrap(exported["shows"] as? [[String: Any]])
        XCTAssertEqual(shows.map { $0["rating"] as? Int }, [8])
        XCTAssertEqual(shows.map { $0["order"] as? String }, ["aired"])
        XCTAssertEqual((exported["rated"] as? [Any])?.count, 0)

        XCTAssertEqual(try succeed(h, ["continue", "--offline"]), "Game of Thrones  S01E02 ‘The Kingsroad’ · 72 left\n")

        let listed = try succeed(h, ["ratings"]).split(separator: "\n").map(String.init)
        XCTAssertEqual(listed.count, 2)
        XCTAssertTrue(listed[0].hasPrefix("Game of Thrones           8  "), listed.joined(separator: "\n"))
        XCTAssertTrue(listed[1].hasPrefix("Game of Thrones  S01E01   9  "), listed.joined(separator: "\n"))
        let lines = try succeed(h, ["ratings", "--json", "--offline"]).split(separator: "\n").map { try json(String($0)) }
        XCTAssertEqual(lines.map { $0["rating"] as? Int }, [8, 9])
        XCTAssertEqual(lines.map { $0["number"] as? Int }, [nil, 1])
        let plays = try succeed(h, ["watched", "Game of Thrones", "--json", "--offline"]).split(separator: "\n").map { try json(String($0)) }
        XCTAssertEqual(plays.count, 1)
        XCTAssertEqual(plays[0]["plays"] as? Int, 2)
        XCTAssertEqual(plays[0]["rating"] as? Int, 9)
        XCTAssertTrue((plays[0]["firstPlayed"] as? String)?.hasSuffix("Z") ?? false, "\(plays)")

        // Clearing: the episode's rating goes, the plays stay; clearing again says so.
        XCTAssertEqual(try succeed(h, ["rate", "82", "S01E01", "--clear", "--offline"]), "Game of Thrones S01E01 rating cleared\n")
        XCTAssertEqual(try succeed(h, ["rate", "82", "S01E01", "--clear", "--offline"]), "Game of Thrones S01E01 had no rating\n")
        XCTAssertNil(try succeed(h, ["watched", "Game of Thrones", "--json"]).range(of: "\"rating\""))
    }

    func testBadInputExitsOneOrTwoWithASentenceAndChangesNothing() throws {
        let h = try home()
        try succeed(h, ["rate", "Game of Thrones", "7", "--offline"])
        let before = try succeed(h, ["export", "--json"])
        let cases: [([String], Int32, String)] = [
            (["rate", "Game of Thrones", "11", "--offline"], 2, "a rating is a whole number from 1 to 10 (got '11')"),
            (["rate", "Game of Thrones", "S1X1", "9", "--offline"], 2, "'S1X1' is not an episode"),
            (["rate", "Game of Thrones", "9", "--clear", "--offline"], 2, "--clear takes the rating away, so it takes no rating ('9')"),
            (["watched", "Game of Thrones", "--mark", "E01", "--offline"], 2, "'E01' is not an episode"),
            (["ratings", "--mark", "S01E01"], 2, "--mark is an option of the watched command"),
            (["rate", "Game of Thrones", "S09E01", "9", "--offline"], 1, "Game of Thrones has no episode S09E01 (its list: 8 seasons, 0 specials)"),
            (["watched", "Game of Thrones", "--mark", "S01E11", "--offline"], 1, "Game of Thrones has no episode S01E11"),
            (["rate", "Zzyzx Qwrtp Vbnmk", "9", "--offline"], 1, "matches"),
            (["ratings", "Friends"], 1, "no rating of 'Friends'"),
            (["watched", "Friends", "--json"], 1, "no watched episode of 'Friends'")
        ]
        for (arguments, status, words) in cases {
            let result = try h.run(arguments)
            XCTAssertEqual(result.status, status, "\(arguments): \(result.err)")
            XCTAssertTrue(result.err.contains(words), "\(arguments): \(result.err)")
            XCTAssertEqual(result.err.split(separator: "\n").first.map { $0.hasPrefix("discover-tui: ") }, true, result.err)
            XCTAssertEqual(result.out, "", "\(arguments)")
        }
        XCTAssertEqual(try succeed(h, ["export", "--json"]), before)
        // With no rating at all, ratings says so.
        let empty = try home()
        let none = try empty.run(["ratings", "--offline"])
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.err.contains("no ratings yet"), none.err)
    }

    func testAnExportImportedIntoAnEmptyHomeExportsTheSameBytes() throws {
        let first = try home()
        try succeed(first, ["rate", "Game of Thrones", "S01E01", "9", "--offline"])
        try succeed(first, ["rate", "Game of Thrones", "S01E03", "6", "--offline"])
        try succeed(first, ["rate", "Game of Thrones", "8", "--offline"])
        try succeed(first, ["rate", "Breaking Bad", "10", "--offline"])
        for _ in 0..<3 { try succeed(first, ["watched", "Game of Thrones", "--mark", "S01E01", "--offline"]) }
        try succeed(first, ["watched", "Game of Thrones", "--mark", "S01E02", "--offline"])
        for form in ["--json", "--csv"] {
            let path = first.root + "/export" + form
            try succeed(first, ["export", form, "--output", path, "--offline"])
            let second = try home()
            let imported = try succeed(second, ["import", "discover", path, "--apply", "--offline"])
            XCTAssertTrue(imported.contains("added 0 favourites and 2 watched episodes, 4 ratings"), imported)
            XCTAssertEqual(try succeed(second, ["export", "--json"]), try succeed(first, ["export", "--json"]), form)
            XCTAssertEqual(try succeed(second, ["export", "--csv"]), try succeed(first, ["export", "--csv"]), form)
            // A second import adds nothing.
            XCTAssertTrue(try succeed(second, ["import", "discover", path, "--apply", "--offline"]).contains("nothing to add"))
        }
    }

    func testRateOnATerminalPrintsItsLine() throws {
        let h = try home()
        let environment = [
            "HOME": h.root + "/home", "XDG_CONFIG_HOME": h.root + "/config", "XDG_CACHE_HOME": h.root + "/cache", "LC_ALL": "C.UTF-8",
            "TERM": "xterm-256color"
        ]
        let term = try PseudoTerminal(command: [BuiltProducts.discover, "rate", "Game of Thrones", "S00E01", "5", "--offline"], environment: environment)
        XCTAssertTrue(term.waitFor("Game of Thrones has no episode S00E01"), String(decoding: term.output, as: UTF8.self))
        XCTAssertEqual(term.waitForExit(), 1)
        let again = try PseudoTerminal(command: [BuiltProducts.discover, "rate", "Game of Thrones", "S08E06", "2", "--offline"], environment: environment)
        XCTAssertTrue(again.waitFor("Game of Thrones S08E06 rated 2"), String(decoding: again.output, as: UTF8.self))
        XCTAssertEqual(again.waitForExit(), 0)
    }
}
