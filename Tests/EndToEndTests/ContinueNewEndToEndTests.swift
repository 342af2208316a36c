import Foundation
import TestSupport
import XCTest

/// Continue's count of new episodes in a real terminal, offline on the snapshot: with
/// `upcoming --new`'s last look on 2019-05-01 (`$XDG_STATE_HOME/discover-tui/upcoming-new`) and
/// Game of Thrones started, Favourites' hints say `c Continue (3 new)` (S08E04–E06 aired
/// after it), Continue's title says the same and its bar when the lists were recorded; the
/// app leaves the last look as it was.
final class ContinueNewEndToEndTests: XCTestCase {
    private var root = ""
    /// 2019-05-01 00:00 UTC.
    private let lastLook = "1556668800\n"

    override func setUpWithError() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        root = NSTemporaryDirectory() + "discover-continue-new-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/state/discover-tui", withIntermediateDirectories: true)
        try Data(lastLook.utf8).write(to: URL(fileURLWithPath: root + "/state/discover-tui/upcoming-new"))
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

    func testFavouritesAndContinueCountTheEpisodesAiredSinceTheLastLook() throws {
        let term = try TmuxTerminal(command: [BuiltProducts.discover, "--offline"], width: 100, height: 30, environment: environment)
        XCTAssertNotNil(term.waitFor("offline snapshot"), term.screen().joined(separator: "\n"))
        term.send("/")
        term.type("Game of Thrones")
        XCTAssertNotNil(term.waitFor(#"\+ 1 found"#), term.screen().joined(separator: "\n"))
        term.send("Enter", "Enter")
        XCTAssertNotNil(term.waitFor("Official site"), term.screen().joined(separator: "\n"))
        term.send("e")
        XCTAssertNotNil(term.waitFor("Worst: S08E06"), term.screen().joined(separator: "\n"))
        // On S1's heading, W marks the ten episodes of season 1.
        term.send("Up")
        XCTAssertNotNil(term.waitFor("S1 · 1/8"), term.screen().joined(separator: "\n"))
        term.send("W")
        XCTAssertNotNil(term.waitFor("S01E01–S01E10 marked watched \\(10\\)"), term.screen().joined(separator: "\n"))
        term.send("q", "q")
        XCTAssertNotNil(term.waitFor("offline snapshot"), term.screen().joined(separator: "\n"))
        term.send("F")
        let favourites = try XCTUnwrap(term.waitFor(#"c Continue \(3 new\)"#), term.screen().joined(separator: "\n"))
        XCTAssertTrue(favourites.contains { $0.contains("Game of Thrones") }, favourites.joined(separator: "\n"))
        term.send("c")
        let listed = try XCTUnwrap(term.waitFor("S02E01 ‘The North Remembers’"), term.screen().joined(separator: "\n"))
        XCTAssertTrue(listed.contains { $0.contains(#"Continue (3 new)"#) }, listed.joined(separator: "\n"))
        XCTAssertTrue(listed.contains { $0.contains("1 started show · episode lists recorded August 2025") }, listed.joined(separator: "\n"))
        term.send("q")
        XCTAssertEqual(term.exitStatus(), 0)
        let kept = try String(contentsOfFile: root + "/state/discover-tui/upcoming-new", encoding: .utf8)
        XCTAssertEqual(kept, lastLook)
    }
}
