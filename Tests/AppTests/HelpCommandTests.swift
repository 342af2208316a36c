import Scenes
import XCTest

@testable import App

/// `discover-tui help [COMMAND]`, and the help and manual naming every mode and key.
final class HelpCommandTests: XCTestCase {
    func testHelpAloneIsTheHelpAndHelpWithACommandNamesIt() throws {
        let plain = try AppOptions.parse(["help"], environment: [:])
        XCTAssertTrue(plain.showHelp)
        XCTAssertNil(plain.helpTopic)
        XCTAssertEqual(try AppOptions.parse(["help", "places"], environment: [:]).helpTopic, "places")
        XCTAssertEqual(try AppOptions.parse(["help", "import"], environment: [:]).helpTopic, "import")
        XCTAssertThrowsError(try AppOptions.parse(["--ascii", "import", "trakt", "f.json"], environment: [:])) { error in
            XCTAssertEqual(
                (error as? UsageError)?.message,
                "import takes only its own options, after it: discover-tui import "
                    + "FORMAT FILE... [--apply] [--unmatched FILE] [--api-base URL]")
        }
        XCTAssertThrowsError(try AppOptions.parse(["help", "pizza"], environment: [:])) { error in
            XCTAssertEqual(
                (error as? UsageError)?.message,
                "discover-tui help takes one command, one of shows, places, route, search, show, person, similar, tonight, upcoming, continue, watched, rate, ratings, stats, premieres, import, export, mirror, keys (got 'pizza')"
            )
        }
    }

    func testACommandsHelpHasItsUsageItsOptionsAndTheKeysOfItsScreens() {
        let places = HelpText.commandHelp("places")
        XCTAssertTrue(places.hasPrefix("Usage: discover-tui places [--near LAT,LON | --city NAME]"), places)
        XCTAssertTrue(places.contains("--radius METERS"))
        XCTAssertFalse(places.contains("--snapshot"), "the TV source's options are not the places'")
        XCTAssertTrue(places.contains("Keys, Places:"))
        XCTAssertTrue(places.contains("Widen the radius"))
        let shows = HelpText.commandHelp("shows")
        for key in ["v", "s", "n", "t", "u", "e", "? F1", "M"] {
            XCTAssertTrue(shows.contains("\n  \(key) "), "discover-tui help shows lacks \(key)")
        }
        XCTAssertTrue(HelpText.commandHelp("tonight").contains("Keys, Tonight, Upcoming and New this week:"))
    }

    @MainActor
    func testTheHelpsKeysListEveryKeyOfEveryKeyMapAndTheSynopsisEveryCommand() throws {
        let help = AppOptions.helpText.split(separator: "\n").joined(separator: " ")
        for section in GeneratedDocs.keySections {
            XCTAssertTrue(help.contains(section.title + ":"), "--help lacks \(section.title)")
        }
        let keys = HelpText.keysParagraph
        for label in PopularListViewController.keyMap.helpEntries().map(\.keys) + ["? F1", "M"] {
            XCTAssertTrue(keys.contains(label), "--help's keys lack \(label)")
        }
        let man = GeneratedDocs.manualPage(date: "2026-01-01")
        let start = try XCTUnwrap(man.range(of: ".SH SYNOPSIS")), end = try XCTUnwrap(man.range(of: ".SH DESCRIPTION"))
        let synopsis = man[start.upperBound..<end.lowerBound]
        for command in AppOptions.commands {
            XCTAssertTrue(synopsis.contains(".B discover-tui \(command.word == "shows" ? "[shows]" : command.word)\n"), "SYNOPSIS lacks \(command.word)")
        }
        for word in ["search", "show", "tonight", "upcoming", "help"] {
            XCTAssertTrue(help.contains("discover-tui \(word) "), "--help's usage lacks \(word)")
        }
    }
}
