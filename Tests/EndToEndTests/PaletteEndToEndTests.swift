import Foundation
import TestSupport
import XCTest

/// The `:` palette in the built binary: `them` lists the theme command, `:theme light` redraws
/// in the light theme at once, ↑ recalls the line in a later run (kept under
/// `$XDG_STATE_HOME`), Esc closes, and `/` is still the filter.
final class PaletteEndToEndTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        guard TmuxTerminal.tmuxPath != nil else { throw XCTSkip("tmux is not installed (apt-get install tmux)") }
        folder = NSTemporaryDirectory() + "discover-palette-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }

    private func start(_ arguments: [String] = []) throws -> TmuxTerminal {
        try TmuxTerminal(
            command: [BuiltProducts.discover, "--source", "snapshot"] + arguments, width: 100, height: 24,
            environment: ["XDG_STATE_HOME": folder + "/state", "TERM": "xterm-256color", "HOME": folder], unsetting: ["COLORFGBG"])
    }

    /// The heading's foreground colour (the bold `N` of `Discover`), once drawn.
    private func headingColour(_ term: TmuxTerminal) -> Int? {
        term.styledScreen().cells.first { $0.character == "N" && $0.style.bold }?.style.foreground
    }

    /// Waits until the heading's colour is `colour`, up to 10 s.
    private func waitForHeading(_ term: TmuxTerminal, _ colour: Int) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if headingColour(term) == colour { return true }
            usleep(20_000)
        }
        return false
    }

    func testThemListsTheThemeCommandAndThemeLightRedrawsLightAtOnce() throws {
        let reference = try start(["--theme", "light"])
        XCTAssertNotNil(reference.waitFor("offline snapshot"))
        let light = try XCTUnwrap(headingColour(reference))
        reference.send("q")
        XCTAssertEqual(reference.exitStatus(), 0)

        let term = try start()
        XCTAssertNotNil(term.waitFor("offline snapshot"))
        let dark = try XCTUnwrap(headingColour(term))
        XCTAssertNotEqual(dark, light)
        term.send(":")
        XCTAssertNotNil(term.waitUntil { $0.last?.hasPrefix(":") ?? false }, "the palette's line")
        term.type("them")
        let listed = try XCTUnwrap(term.waitFor(":them"))
        let theme = try XCTUnwrap(listed.first { $0.hasPrefix(" theme ") }, listed.joined(separator: "\n"))
        XCTAssertTrue(theme.contains("Change the colours now"), theme)
        term.type(" light")
        term.send("Enter")
        XCTAssertTrue(waitForHeading(term, light), "the light theme's heading, at once")
        XCTAssertNotNil(term.waitFor("1/"), "the palette closed")
        // Esc closes without running; / is still the filter.
        term.send(":")
        XCTAssertNotNil(term.waitUntil { $0.last?.hasPrefix(":") ?? false })
        term.send("Escape", "/")
        term.type("zoo")
        XCTAssertNotNil(term.waitFor("/zoo"))
        term.send("Escape", "Escape", "q")
        XCTAssertEqual(term.exitStatus(), 0)

        // A later run: ↑ on an empty line brings the last line back.
        let again = try start()
        XCTAssertNotNil(again.waitFor("offline snapshot"))
        again.send(":", "Up")
        XCTAssertNotNil(again.waitFor(":theme light"), again.screen().last ?? "")
        again.send("Enter")
        XCTAssertTrue(waitForHeading(again, light))
        // Keys back to back in one write: the palette, a command and Enter.
        again.sendTogether(":", "q", "u", "i", "t", "Enter")
        XCTAssertEqual(again.exitStatus(), 0)
    }

    func testSortTakesAnOrderByNameSaysWhatABadOneShouldBeAndWhereItWorks() throws {
        let term = try start()
        XCTAssertNotNil(term.waitFor("offline snapshot"))
        term.send(":")
        XCTAssertNotNil(term.waitUntil { $0.last?.hasPrefix(":") ?? false })
        term.type("sort")
        let listed = try XCTUnwrap(term.waitFor(":sort"))
        XCTAssertNotNil(listed.first { $0.hasPrefix(" sort ") && $0.contains("ORDER") }, listed.joined(separator: "\n"))
        term.type(" name")
        term.send("Enter")
        XCTAssertNotNil(term.waitFor("by name"), term.screen().joined(separator: "\n"))
        // A word that is no order: one line saying which ones are.
        term.send(":")
        XCTAssertNotNil(term.waitUntil { $0.last?.hasPrefix(":") ?? false })
        term.type("sort stars")
        term.send("Enter")
        XCTAssertNotNil(term.waitFor("sort takes popularity, rating, premiered, name \\(got 'stars'\\)"), term.screen().joined(separator: "\n"))
        // Back to back in one write: the palette, the command and Enter.
        term.sendTogether(":", "s", "o", "r", "t", "Space", "r", "a", "t", "i", "n", "g", "Enter")
        XCTAssertNotNil(term.waitFor("by rating"), term.screen().joined(separator: "\n"))
        // On a show's details the command says where it works.
        term.send("Enter")
        XCTAssertNotNil(term.waitFor("Summary"), "the details")
        term.send(":")
        XCTAssertNotNil(term.waitUntil { $0.last?.hasPrefix(":") ?? false })
        term.type("sort name")
        term.send("Enter")
        XCTAssertNotNil(term.waitFor("sort works in the shows list"), term.screen().joined(separator: "\n"))
        term.send("Escape", "q")
        XCTAssertEqual(term.exitStatus(), 0)
    }
}
