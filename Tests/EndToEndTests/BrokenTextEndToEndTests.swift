import Foundation
import TestSupport
import Workers
import XCTest

/// A snapshot file whose show name holds a lone UTF-16 surrogate escape (`"\ud83c Show"`, what
/// an emoji cut in half leaves), through the built binary: the name is shown with U+FFFD, in
/// the list, the details, `--json` and the favourites file.
final class BrokenTextEndToEndTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("discover-broken-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let file =
            #"[{"id":7,"name":"\ud83c Show","summary":"<p>Cut \ud83c here</p>","premiered":"2020-01-01","rating":{"average":8}},"#
            + #"{"id":8,"name":"Plain","premiered":"2019-01-01","rating":{"average":7}}]"#
        try Data(file.utf8).write(to: URL(fileURLWithPath: root + "/shows.json"))
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    func testTheNameIsKeptWithTheReplacementCharacterInJSONLines() throws {
        let result = try Subprocess.run("/bin/sh", ["-c", "cd '\(root)' && HOME='\(root)' '\(BuiltProducts.discover)' --snapshot shows.json --list all --json"])
        XCTAssertEqual(result.status, 0, result.output)
        let first = try XCTUnwrap(result.output.split(separator: "\n").first.map(String.init))
        XCTAssertTrue(first.contains(#""name":"\#u{FFFD} Show""#), first)
    }

    func testTheNameIsShownWithTheReplacementCharacterAndKeptInFavourites() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        // Given the file, listed whole
        let term = try TmuxTerminal(
            command: [BuiltProducts.discover, "--snapshot", root + "/shows.json", "--list", "all"],
            width: 100, height: 24, environment: ["XDG_DATA_HOME": root + "/data"])
        let list = try XCTUnwrap(term.waitFor("\u{FFFD} Show"), "the name is listed: \(term.screen().joined(separator: "\n"))")
        XCTAssertFalse(list.joined().contains("(untitled)"))

        // When it is made a favourite and opened
        term.send("f")
        XCTAssertNotNil(term.waitFor("♥ \u{FFFD} Show"), term.screen().joined(separator: "\n"))
        term.send("Enter")
        let details = try XCTUnwrap(term.waitFor("Cut"), term.screen().joined(separator: "\n"))

        // Then the details carry the name and the summary's text around the broken character
        XCTAssertTrue(details.contains { $0.contains("\u{FFFD} Show") }, details.joined(separator: "\n"))
        XCTAssertTrue(details.contains { $0.contains("Cut \u{FFFD} here") }, details.joined(separator: "\n"))
        term.send("q", "q")
        XCTAssertEqual(term.exitStatus(), 0)

        // And the favourites file holds the name
        let saved = try XCTUnwrap(FileManager.default.contents(atPath: root + "/data/discover-tui/favorites.json"))
        XCTAssertEqual(try FavouritesFile.decode(saved).map(\.name), ["\u{FFFD} Show"])
    }
}
